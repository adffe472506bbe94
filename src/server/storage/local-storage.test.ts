// The local driver against a real temporary directory: the storage contract, plus what only a
// disk driver does (its layout, temp files, and never writing outside its root).
import { pbkdf2 } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractKey, describeStorageContract } from '../test/storage-contract';
import { STORAGE_BUCKET, type FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

const incomingOf = (root: string) => join(root, STORAGE_BUCKET, '.incoming');

describeStorageContract('local', async () => {
  const root = await mkdtemp(join(tmpdir(), 'mylo-storage-'));
  return {
    storage: createLocalStorage(root),
    leftovers: () => readdir(incomingOf(root)).catch(() => []),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('the local driver', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'mylo-storage-'));
    storage = createLocalStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('check() rejects when the storage directory cannot be made (a file stands in its way)', async () => {
    await writeFile(join(root, STORAGE_BUCKET), 'not a directory');
    await expect(storage.check()).rejects.toThrow();
  });

  it('leaves no temp file behind when the upload fails at once while the thread pool is busy', async () => {
    // The temp file's open() and put()'s clean-up both run on libuv's pool. Before the driver
    // opened the file itself, a busy pool let the clean-up finish first, and the open then
    // created a temp file nobody removed (within a few hundred tries here).
    await storage.check();
    for (let i = 0; i < 600; i++) {
      for (let j = 0; j < 3; j++)
        pbkdf2('busy', 'pool', 2_000 + ((i * 7 + j * 13) % 500), 32, 'sha256', () => undefined);
      const source = new PassThrough();
      const stored = storage.put(contractKey(`gone-${i}.pdf`), source);
      source.destroy(new Error('client went away'));
      await expect(stored).rejects.toThrow('client went away');
      expect(await readdir(incomingOf(root))).toEqual([]);
    }
  });

  it('makes its folder for uploads in progress again when it has gone since check()', async () => {
    await storage.check();
    await rm(incomingOf(root), { recursive: true });

    await storage.put(contractKey('after.pdf'), PassThrough.from([Buffer.from('%PDF-after')]));

    expect(await readFile(join(root, STORAGE_BUCKET, contractKey('after.pdf')), 'utf8')).toBe(
      '%PDF-after',
    );
    expect(await readdir(incomingOf(root))).toEqual([]);
  });

  it('stores a file sent a few bytes at a time, byte for byte', async () => {
    const key = contractKey('trickled.pdf');
    const chunks = Array.from({ length: 5_000 }, (_, i) => Buffer.from(`${i % 1000}`.padStart(3)));

    await storage.put(key, PassThrough.from(chunks));

    expect((await readFile(join(root, STORAGE_BUCKET, key))).equals(Buffer.concat(chunks))).toBe(
      true,
    );
  });

  it('keeps a file at STORAGE_DIR/assignment-files/<key>', async () => {
    const key = contractKey('hello.pdf');
    await storage.put(key, Buffer.from('%PDF-hello world'));
    expect(await readFile(join(root, STORAGE_BUCKET, key), 'utf8')).toBe('%PDF-hello world');
  });

  it('writes nothing outside the root for a key that tries to leave it', async () => {
    await storage.put('../outside.pdf', Buffer.from('x')).catch(() => undefined);
    expect(await readdir(root)).toEqual([]);
  });

  it('sweeps temp files left by a crash, and keeps stored files', async () => {
    const kept = contractKey('kept.pdf');
    await storage.put(kept, Buffer.from('x'));
    await mkdir(incomingOf(root), { recursive: true });
    await writeFile(join(incomingOf(root), '.tmp-crashed-1'), 'half a file');
    await writeFile(join(incomingOf(root), '.tmp-crashed-2'), 'another half');

    expect(await storage.sweepIncomplete()).toBe(2);
    expect(await readdir(incomingOf(root))).toEqual([]);
    expect(await storage.stat(kept)).not.toBeNull();
  });

  it('spares temp files younger than olderThanMs, and never lists them', async () => {
    await storage.put(contractKey('a.pdf'), Buffer.from('x'));
    await writeFile(join(incomingOf(root), '.tmp-in-progress'), 'still uploading');

    expect(await storage.sweepIncomplete({ olderThanMs: 60 * 60 * 1000 })).toBe(0);
    expect(await readdir(incomingOf(root))).toEqual(['.tmp-in-progress']);
    expect(await storage.list()).toEqual([contractKey('a.pdf')]);
  });
});
