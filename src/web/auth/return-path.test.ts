import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn } from './return-path';

describe('returnPathAfterSignIn', () => {
  it('returns to the page asked for when it belongs to the role', () => {
    const from = '/teacher/courses/42/assignments/7?tab=rubric';
    expect(returnPathAfterSignIn('teacher', { from })).toBe(from);
    expect(returnPathAfterSignIn('student', { from: '/student/courses' })).toBe('/student/courses');
  });

  it("goes to the role's dashboard for another role's page, another site or no page", () => {
    expect(returnPathAfterSignIn('student', { from: '/teacher/courses' })).toBe(
      '/student/dashboard',
    );
    expect(returnPathAfterSignIn('teacher', { from: 'https://evil.test/teacher/' })).toBe(
      '/teacher/dashboard',
    );
    expect(returnPathAfterSignIn('teacher', { from: '//evil.test/teacher/x' })).toBe(
      '/teacher/dashboard',
    );
    expect(returnPathAfterSignIn('teacher', null)).toBe('/teacher/dashboard');
    expect(returnPathAfterSignIn('teacher', { from: 42 })).toBe('/teacher/dashboard');
  });
});
