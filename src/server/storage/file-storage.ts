// The one storage interface (DESIGN §8, §12). Every driver (the local one today, an
// S3-compatible one for scale) passes the same contract suite (src/server/test/storage-contract.ts).
import type { Readable } from 'node:stream';

export const STORAGE_BUCKET = 'assignment-files';

export type StorageErrorCode = 'invalid_key' | 'file_exists' | 'file_too_large' | 'not_found';

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

export class FileNotFoundError extends StorageError {
  constructor(readonly key: string) {
    super('not_found', `No file is stored at "${key}"`);
    this.name = 'FileNotFoundError';
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

/** An inclusive byte range [start, end], as HTTP Range means it. */
export interface ByteRange {
  start?: number;
  end?: number;
}

export interface FileStorage {
  readonly bucket: typeof STORAGE_BUCKET;
  /**
   * Stores a new file under a key made by buildStorageKey. A stream source is owned by put from
   * then on: on any failure it is destroyed, and nothing is left behind under the key.
   * Refuses an existing key (FileExistsError) and more than maxBytes (FileTooLargeError).
   */
  put(
    key: string,
    source: Uint8Array | Readable,
    options?: { maxBytes?: number },
  ): Promise<StoredFile>;
  /** Size and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Opens the file, or a byte range of it; rejects with FileNotFoundError when it is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * The whole file in one buffer of exactly `size` bytes (the size its record holds), for the
   * one reader that needs all of it at once: PDF text extraction, which hands the buffer to a
   * worker thread as it is. Null when the file holds another number of bytes, found before a
   * buffer is made (`size` may come from a request); rejects with FileNotFoundError when it is
   * missing.
   */
  readWhole(key: string, size: number): Promise<Uint8Array | null>;
  /** Removes a file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every file under whole key parts, e.g. a course id when the course is deleted. */
  removePrefix(prefix: string): Promise<void>;
  /** Removes what crashed uploads left half-written; returns how many were removed. */
  sweepIncomplete(options?: { olderThanMs?: number }): Promise<number>;
  /** Keys of every stored file, or of those under a prefix of whole key parts. */
  list(prefix?: string): Promise<string[]>;
  /** Resolves when the storage can be reached and written to; rejects saying why (/health). */
  check(): Promise<void>;
}
