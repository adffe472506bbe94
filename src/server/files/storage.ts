// Local driver for the 'assignment-files' bucket (DESIGN §8). A file appears under its key
// only once it is completely written: bytes go to a hidden temp file first and are then
// hard-linked into place, which fails instead of replacing when the key already exists.
import { randomUUID } from 'node:crypto';
import { createReadStream as openReadStream, createWriteStream, type Dirent } from 'node:fs';
import { link, mkdir, readdir, rm, stat as statPath, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
export const STORAGE_BUCKET = 'assignment-files';

// Keys never contain a part starting with '.', so these can never be named by a reader.
const INCOMING_DIR = '.incoming';
const TEMP_PREFIX = '.tmp-';
const KEY_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
// Most file systems allow 255 bytes per name; keys stay well inside common path limits.
const MAX_PART_LENGTH = 255;
const MAX_KEY_LENGTH = 1024;
// Leaves room for the timestamp prefix inside one 255-byte name.
const MAX_SAFE_NAME_LENGTH = 120;
const MAX_EXTENSION_LENGTH = 10;

export type StorageErrorCode = 'invalid_key' | 'file_exists' | 'file_too_large';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** The key is malformed or would point outside the bucket. */
export class InvalidKeyError extends StorageError {
  constructor(key: unknown, reason: string) {
    super('invalid_key', `Invalid storage key ${JSON.stringify(String(key))}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/** Stored files are never overwritten; a new upload gets a new key. */
export class FileExistsError extends StorageError {
  constructor(readonly key: string) {
    super('file_exists', `A file is already stored at "${key}"`);
    this.name = 'FileExistsError';
  }
}

export class FileTooLargeError extends StorageError {
  constructor(readonly maxBytes: number) {
    super('file_too_large', `The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export interface StoredFile {
  /** The key, which rows keep as `file_path`. */
  path: string;
  size: number;
}

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

export interface KeyInput {
  courseId: string;
  studentId: string;
  filename: string;
  now?: Date;
}

export interface FileStorage {
  readonly bucket: typeof STORAGE_BUCKET;
  /** `{course_id}/{student_id}/{timestamp}_{safe name}`. */
  buildKey(input: KeyInput): string;
  /**
   * Stores a new file. A stream source is owned by put from then on: on any failure it is
   * destroyed, and nothing is left behind under the key or in the temp area.
   */
  put(
    key: string,
    source: Uint8Array | Readable,
    options?: { maxBytes?: number },
  ): Promise<StoredFile>;
  /** Size and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Reads the file, or the inclusive byte range [start, end] of it (HTTP Range semantics). */
  createReadStream(key: string, range?: { start?: number; end?: number }): Readable;
  /** Removes a file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every file under whole key parts, e.g. a course id when the course is deleted. */
  removePrefix(prefix: string): Promise<void>;
  /** Removes temp files left by a crash mid-upload; returns how many were removed. */
  sweepIncomplete(options?: { olderThanMs?: number }): Promise<number>;
  /** Keys of every stored file, or of those under a prefix of whole key parts. */
  list(prefix?: string): Promise<string[]>;
}

export function createLocalStorage(rootDir: string): FileStorage {
  const bucketDir = resolve(rootDir, STORAGE_BUCKET);
  const incomingDir = join(bucketDir, INCOMING_DIR);
  const pathOf = (key: string) => resolveKey(bucketDir, key);

  return {
    bucket: STORAGE_BUCKET,

    buildKey({ courseId, studentId, filename, now = new Date() }) {
      const key = `${courseId}/${studentId}/${now.getTime()}_${safeFileName(filename)}`;
      // Each id must be exactly one key part, so an id can never add directories.
      if (key.split('/').length !== 3) throw new InvalidKeyError(key, 'an id contains "/"');
      pathOf(key);
      return key;
    },

    async put(key, source, options = {}) {
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const bytes = source instanceof Uint8Array ? source : undefined;
      const discardSource = () => {
        if (!bytes) (source as Readable).destroy();
      };
      // The stream may fail while we are still checking the key; without a listener that
      // would be an uncaught exception. pipeline() still sees the error through `errored`.
      if (!bytes) (source as Readable).on('error', ignore);
      let target: string;
      try {
        target = pathOf(key);
        if (bytes && bytes.byteLength > maxBytes) throw new FileTooLargeError(maxBytes);
        // Checked up front so a 10 MB upload is not written only to be refused at the end.
        if (await isPresent(target)) throw new FileExistsError(key);
        await mkdir(incomingDir, { recursive: true });
      } catch (error) {
        discardSource();
        throw error;
      }

      const temp = join(incomingDir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const size = bytes
          ? await writeBytes(temp, bytes)
          : await writeStream(temp, source as Readable, maxBytes);
        await mkdir(dirname(target), { recursive: true });
        try {
          // link(2) is atomic and refuses an existing name, unlike rename(2), which replaces it.
          await link(temp, target);
        } catch (error) {
          if (errorCode(error) === 'EEXIST') throw new FileExistsError(key);
          throw error;
        }
        return { path: key, size };
      } catch (error) {
        discardSource();
        throw error;
      } finally {
        // After a successful link this only drops the temp name; the stored file stays.
        await rm(temp, { force: true });
      }
    },

    async stat(key) {
      try {
        const info = await statPath(pathOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    createReadStream(key, range = {}) {
      return openReadStream(pathOf(key), { start: range.start, end: range.end });
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async removePrefix(prefix) {
      await rm(pathOf(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix), {
        recursive: true,
        force: true,
      });
    },

    async sweepIncomplete({ olderThanMs = 0 } = {}) {
      let names: string[];
      try {
        names = await readdir(incomingDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
        const path = join(incomingDir, name);
        // An upload in progress keeps touching its temp file; a crashed one stops ageing it.
        if (olderThanMs > 0) {
          const info = await statPath(path).catch(() => undefined);
          if (!info || info.mtimeMs > cutoff) continue;
        }
        await rm(path, { force: true, recursive: true });
        removed += 1;
      }
      return removed;
    },

    async list(prefix = '') {
      const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      const dir = trimmed ? pathOf(trimmed) : bucketDir;
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          relative(bucketDir, join(entry.parentPath, entry.name)).split(sep).join('/'),
        )
        .filter((key) => keyProblem(key) === undefined)
        .sort();
    },
  };
}

/** The parts of a key made by buildKey, or null for anything else. */
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

/** Turns a key into a path inside the bucket, or throws: a key can never reach outside it. */
function resolveKey(bucketDir: string, key: string): string {
  const problem = keyProblem(key);
  if (problem) throw new InvalidKeyError(key, problem);
  const path = resolve(bucketDir, ...key.split('/'));
  // Belt and braces: the part check above already rules this out.
  if (!path.startsWith(bucketDir + sep))
    throw new InvalidKeyError(key, 'it points outside the storage root');
  return path;
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

async function writeBytes(temp: string, bytes: Uint8Array): Promise<number> {
  // flush: the bytes reach the disk before the file becomes visible under its key.
  await writeFile(temp, bytes, { flag: 'wx', flush: true });
  return bytes.byteLength;
}

async function writeStream(temp: string, source: Readable, maxBytes: number): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (size > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  await pipeline(source, limit, createWriteStream(temp, { flags: 'wx', flush: true }));
  return size;
}

async function isPresent(path: string): Promise<boolean> {
  try {
    await statPath(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

const ignore = () => {};

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes(errorCode(error) ?? '');
