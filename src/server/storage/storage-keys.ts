// Storage keys (DESIGN §8): `{course_id}/{student_id}/{timestamp}_{safe file name}`. The same
// rules hold for every driver: parts of [A-Za-z0-9._-], never starting with '.', no '..'.
import { InvalidKeyError } from './file-storage';

const KEY_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
// Most file systems allow 255 bytes per name; keys stay well inside common path limits.
const MAX_PART_LENGTH = 255;
const MAX_KEY_LENGTH = 1024;
// Leaves room for the timestamp prefix inside one 255-byte name.
const MAX_SAFE_NAME_LENGTH = 120;
const MAX_EXTENSION_LENGTH = 10;

export interface KeyInput {
  courseId: string;
  studentId: string;
  filename: string;
  now?: Date;
}

/** The key a new upload is stored under. */
export function buildStorageKey({ courseId, studentId, filename, now = new Date() }: KeyInput) {
  const key = `${courseId}/${studentId}/${now.getTime()}_${safeFileName(filename)}`;
  // Each id must be exactly one key part, so an id can never add directories.
  if (key.split('/').length !== 3) throw new InvalidKeyError(key, 'an id contains "/"');
  assertValidKey(key);
  return key;
}

/** The parts of a key made by buildStorageKey, or null for anything else. */
export function parseKey(
  key: string,
): { courseId: string; studentId: string; uploadedAt: Date; name: string } | null {
  const match = /^([^/]+)\/([^/]+)\/(\d{1,15})_([^/]+)$/.exec(key);
  if (!match || keyProblem(key)) return null;
  const [, courseId = '', studentId = '', time = '', name = ''] = match;
  return { courseId, studentId, uploadedAt: new Date(Number(time)), name };
}

/**
 * Reduces an uploaded file's name to [A-Za-z0-9._-]: no directories, never empty, never
 * hidden, and the extension (lower-cased, so '.PDF' becomes '.pdf') kept through truncation.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  // 'résumé' becomes 'resume' rather than 'r_sum_'.
  const plain = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = plain.lastIndexOf('.');
  const clean = (text: string) =>
    text
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/\.{2,}/g, '.')
      .replace(/^[._-]+|[._-]+$/g, '');
  const extension =
    dot >= 0
      ? clean(plain.slice(dot + 1))
          .replace(/\./g, '')
          .toLowerCase()
      : '';
  const keptExtension = extension.slice(0, MAX_EXTENSION_LENGTH);
  const stemRoom = MAX_SAFE_NAME_LENGTH - (keptExtension ? keptExtension.length + 1 : 0);
  const stem = clean(clean(dot >= 0 ? plain.slice(0, dot) : plain).slice(0, stemRoom)) || 'file';
  return keptExtension ? `${stem}.${keptExtension}` : stem;
}

/** Throws InvalidKeyError unless the key (or a prefix of whole parts) is well formed. */
export function assertValidKey(key: unknown): asserts key is string {
  const problem = keyProblem(key);
  if (problem) throw new InvalidKeyError(key, problem);
}

export function isValidKey(key: unknown): key is string {
  return keyProblem(key) === undefined;
}

function keyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'it is empty';
  if (key.includes('\0')) return 'it contains a NUL byte';
  if (key.startsWith('/') || key.startsWith('\\') || /^[A-Za-z]:/.test(key))
    return 'it is an absolute path';
  if (key.length > MAX_KEY_LENGTH) return 'it is too long';
  for (const part of key.split('/')) {
    if (part === '.' || part === '..') return 'it contains "." or ".." parts';
    if (part.length === 0) return 'it contains an empty part';
    if (part.length > MAX_PART_LENGTH) return 'a part is too long';
    if (!KEY_PART.test(part))
      return `the part ${JSON.stringify(part)} is not made of [A-Za-z0-9._-] or starts with "."`;
  }
  return undefined;
}
