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
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  FileExistsError,
  FileNotFoundError,
  FileTooLargeError,
  InvalidKeyError,
  STORAGE_BUCKET,
  type FileStorage,
} from './file-storage';
import { bufferToFill } from './read-whole-file';
import { assertValidKey, isValidKey } from './storage-keys';

// Keys never contain a part starting with '.', so these can never be named by a reader.
const INCOMING_DIR = '.incoming';
const TEMP_PREFIX = '.tmp-';
// An upload's chunks are gathered and written with one writev(2) per this many bytes. A 1 MB
// upload arrives in about twenty socket-sized chunks, and every write is a trip through
// libuv's thread pool that wakes one of its threads (decision 048). At most 8 uploads are
// read at once (decision 031), so this holds at most 8 MiB.
const WRITE_BATCH_BYTES = 1024 * 1024;
// ...or per this many chunks (IOV_MAX on Linux, what one writev(2) takes), so a client that
// sends its file a few bytes at a time cannot make a batch of a million small buffers.
const WRITE_BATCH_CHUNKS = 1024;

export function createLocalStorage(rootDir: string): FileStorage {
  const bucketDir = resolve(rootDir, STORAGE_BUCKET);
  const incomingDir = join(bucketDir, INCOMING_DIR);
  const pathOf = (key: string) => resolveKey(bucketDir, key);
  // The incoming folder is made by the first upload (or check()), and again only if it has gone.
  const createTemp = async (temp: string) => {
    try {
      return await open(temp, 'wx');
    } catch (error) {
      if (!isMissing(error)) throw error;
      await mkdir(incomingDir, { recursive: true });
      return open(temp, 'wx');
    }
  };
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
      // would be an uncaught exception. The loop that reads it still sees the error (`errored`).
      if (!bytes) (source as Readable).on('error', ignore);
      let target: string;
      try {
        target = pathOf(key);
        if (bytes && bytes.byteLength > maxBytes) throw new FileTooLargeError(maxBytes);
        // Checked up front so a 10 MB upload is not written only to be refused at the end.
        if (await isPresent(target)) throw new FileExistsError(key);
      } catch (error) {
        discardSource();
        throw error;
      }

      const temp = join(incomingDir, `${TEMP_PREFIX}${randomUUID()}`);
      let file: FileHandle | undefined;
      try {
        // Opened before the source is read: an upload that fails at once must not leave a
        // temp file created after the cleanup below has run.
        file = await createTemp(temp);
        const size = bytes
          ? await writeBytes(file, bytes)
          : await writeStream(file, source as Readable, maxBytes);
        // The bytes reach the disk before the file becomes visible under its key.
        await file.sync();
        await file.close();
        file = undefined;
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
        // Only after a failure: its error is the one to report, not a failed close.
        await file?.close().catch(ignore);
        // After a successful link this only drops the temp name; the stored file stays.
        await unlink(temp).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
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
        const bytes = bufferToFill(size);
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
        // A temp file is no older than its upload, which the request timeout bounds (the
        // caller's olderThanMs is above it): an older one was left by a crash.
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

async function writeBytes(file: FileHandle, bytes: Uint8Array): Promise<number> {
  await file.writeFile(bytes);
  return bytes.byteLength;
}

async function writeStream(file: FileHandle, source: Readable, maxBytes: number): Promise<number> {
  let size = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxBytes) throw new FileTooLargeError(maxBytes);
    batch.push(bytes);
    batchBytes += bytes.length;
    if (batchBytes >= WRITE_BATCH_BYTES || batch.length >= WRITE_BATCH_CHUNKS) {
      await writeAll(file, batch, batchBytes);
      batch = [];
      batchBytes = 0;
    }
  }
  await writeAll(file, batch, batchBytes);
  return size;
}

/** Writes the chunks in order at the file's position, with one writev(2) when it takes them all. */
async function writeAll(file: FileHandle, chunks: Buffer[], total: number): Promise<void> {
  if (total === 0) return;
  const { bytesWritten } = await file.writev(chunks);
  // A regular file takes fewer bytes only when the disk fills: the next write reports why.
  let rest = bytesWritten < total ? Buffer.concat(chunks).subarray(bytesWritten) : undefined;
  while (rest?.length) rest = rest.subarray((await file.write(rest)).bytesWritten);
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
