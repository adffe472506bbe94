import { describe, expect, it } from 'vitest';
import { claimContextPush, contextPushFlagKey } from './context-push-flag';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('claimContextPush', () => {
  it('answers true on the first visit only, and keeps a flag per course and student', () => {
    const storage = memoryStorage();
    expect(claimContextPush('course-1', 'student-1', storage)).toBe(true);
    expect(claimContextPush('course-1', 'student-1', storage)).toBe(false);
    expect(storage.items.has(contextPushFlagKey('course-1', 'student-1'))).toBe(true);
    expect(contextPushFlagKey('course-1', 'student-1')).toBe(
      'mylo.voice.context.course-1.student-1',
    );
  });

  it('keeps courses and students apart', () => {
    const storage = memoryStorage();
    expect(claimContextPush('course-1', 'student-1', storage)).toBe(true);
    expect(claimContextPush('course-2', 'student-1', storage)).toBe(true);
    expect(claimContextPush('course-1', 'student-2', storage)).toBe(true);
    expect(claimContextPush('course-2', 'student-2', storage)).toBe(true);
    expect(claimContextPush('course-2', 'student-2', storage)).toBe(false);
  });

  it('respects a flag already set earlier in the session', () => {
    const storage = memoryStorage();
    storage.setItem(contextPushFlagKey('course-1', 'student-1'), 'earlier');
    expect(claimContextPush('course-1', 'student-1', storage)).toBe(false);
  });

  it('falls back to once per page life when the storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(claimContextPush('course-x', 'student-x', broken)).toBe(true);
    expect(claimContextPush('course-x', 'student-x', broken)).toBe(false);
  });

  it('falls back to once per page life without any storage', () => {
    expect(claimContextPush('course-y', 'student-y', null)).toBe(true);
    expect(claimContextPush('course-y', 'student-y', null)).toBe(false);
  });
});
