import { describe, expect, it } from 'vitest';
import { InvalidKeyError } from './file-storage';
import { buildStorageKey, parseKey, safeFileName } from './storage-keys';

const COURSE = 'c0ffee00-0000-4000-8000-000000000001';
const STUDENT = '5tuden70-0000-4000-8000-000000000001';

describe('storage keys', () => {
  it('are {course}/{student}/{timestamp}_{safe name}', () => {
    const key = buildStorageKey({
      courseId: COURSE,
      studentId: STUDENT,
      filename: 'Essay 1.pdf',
      now: new Date(1_700_000_000_123),
    });
    expect(key).toBe(`${COURSE}/${STUDENT}/1700000000123_Essay_1.pdf`);
  });

  it.each([
    ['My Essay (final).PDF', 'My_Essay_final.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\alex\\report.pdf', 'report.pdf'],
    ['résumé.pdf', 'resume.pdf'],
    ['日本語.pdf', 'file.pdf'],
    ['.pdf', 'file.pdf'],
    ['', 'file'],
    ['..', 'file'],
    ['.hidden', 'file.hidden'],
    ['a\0b.pdf', 'a_b.pdf'],
    ['notes..v2.pdf', 'notes.v2.pdf'],
  ])('a file named %j is stored as %j', (original, safe) => {
    expect(safeFileName(original)).toBe(safe);
  });

  it('shortens a very long name but keeps .pdf', () => {
    const safe = safeFileName(`${'a'.repeat(500)}.pdf`);
    expect(safe.length).toBeLessThanOrEqual(120);
    expect(safe.endsWith('.pdf')).toBe(true);
  });

  it('refuses ids that would add path parts', () => {
    expect(() =>
      buildStorageKey({ courseId: '..', studentId: STUDENT, filename: 'a.pdf' }),
    ).toThrow(InvalidKeyError);
    expect(() =>
      buildStorageKey({ courseId: COURSE, studentId: 'a/b', filename: 'a.pdf' }),
    ).toThrow(InvalidKeyError);
  });

  it('parses a key made by buildStorageKey and nothing else', () => {
    const key = buildStorageKey({
      courseId: COURSE,
      studentId: STUDENT,
      filename: 'Essay.pdf',
      now: new Date(1_700_000_000_123),
    });
    expect(parseKey(key)).toEqual({
      courseId: COURSE,
      studentId: STUDENT,
      uploadedAt: new Date(1_700_000_000_123),
      name: 'Essay.pdf',
    });
    for (const other of [
      COURSE,
      `${COURSE}/${STUDENT}`,
      `${COURSE}/${STUDENT}/essay.pdf`,
      `../${STUDENT}/1_a.pdf`,
    ]) {
      expect(parseKey(other)).toBeNull();
    }
  });
});
