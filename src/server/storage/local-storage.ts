// The local driver (DESIGN §8): files under STORAGE_DIR/assignment-files/<key>. A file appears
// under its key only once it is completely written: bytes go to a hidden temp file first and
// are then hard-linked into place, which fails instead of replacing when the key exists.
import { randomUUID } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import {
  access,
  link,
  mkdir,
  open,
  readdir,
  rm,
  stat as statPath,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FileExistsError,
  FileNotFoundError,
  FileTooLargeError,
  InvalidKeyError,
  STORAGE_BUCKET,
  type FileStorage,
} from './file-storage';
import { assertValidKey, isValidKey } from './storage-keys';

// Keys never contain a part starting with '.', so these can never be named by a reader.
const INCOMING_DIR = '.incoming';
const TEMP_PREFIX = '.tmp-';

export function createLocalStorage(rootDir: string): FileStorage {
  const bucketDir = resolve(rootDir, STORAGE_BUCKET);
  const incomingDir = join(bucketDir, INCOMING_DIR);
  const pathOf = (key: string) => resolveKey(bucketDir, key);
  const openToRead = (key: string) =>
    open(pathOf(key), 'r').catch((error: unknown) => {
      throw isMissing(error) || errorCode(error) === 'EISDIR' ? new FileNotFoundError(key) : error;
    });

  return {
    bucket: STORAGE_BUCKET,

    async check() {
      await mkdir(incomingDir, { recursive: true });
      await access(incomingDir, constants.W_OK);
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

    async read(key, range = {}) {
      // Opened before the stream exists, so a missing file is a rejection here rather than
      // an error event after the caller has started answering.
      const handle = await openToRead(key);
      return handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
    },

    async readWhole(key, size) {
      // One pread(2) into the buffer the caller keeps: a stream of 64 kB chunks took sixteen
      // trips through libuv's thread pool, sixteen buffers and a copy of each (decision 038).
      const handle = await openToRead(key);
      try {
        if ((await handle.stat()).size !== size) return null;
        const bytes = new Uint8Array(size);
        let filled = 0;
        while (filled < size) {
          const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
          if (bytesRead === 0) return null;
          filled += bytesRead;
        }
        return bytes;
      } finally {
        await handle.close();
      }
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
        .filter(isValidKey)
        .sort();
    },
  };
}

/** Turns a key into a path inside the bucket, or throws: a key can never reach outside it. */
function resolveKey(bucketDir: string, key: string): string {
  assertValidKey(key);
  const path = resolve(bucketDir, ...key.split('/'));
  // Belt and braces: the part check above already rules this out.
  if (!path.startsWith(bucketDir + sep))
    throw new InvalidKeyError(key, 'it points outside the storage root');
  return path;
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
  // Opened before the pipeline runs: a write stream that opens its file itself may still be
  // opening it when a source that failed early has already ended the pipeline, and would create
  // the temp file after put() removed it.
  const file = await open(temp, 'wx');
  await pipeline(source, limit, file.createWriteStream({ flush: true }));
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
