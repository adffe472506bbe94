// The local storage driver against a real temporary directory: no mocks of the file system.
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  FileExistsError,
  FileTooLargeError,
  InvalidKeyError,
  parseKey,
  safeFileName,
  STORAGE_BUCKET,
  type FileStorage,
} from './storage';

const COURSE = 'c0ffee00-0000-4000-8000-000000000001';
const OTHER_COURSE = 'c0ffee00-0000-4000-8000-000000000002';
const STUDENT = '5tuden70-0000-4000-8000-000000000001';

let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mylo-storage-'));
  storage = createLocalStorage(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const incomingFiles = () => readdir(join(root, STORAGE_BUCKET, '.incoming')).catch(() => []);
const keyFor = (name: string, course = COURSE) => `${course}/${STUDENT}/1700000000000_${name}`;

describe('keys', () => {
  it('are {course}/{student}/{timestamp}_{safe name}', () => {
    const key = storage.buildKey({
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
      storage.buildKey({ courseId: '..', studentId: STUDENT, filename: 'a.pdf' }),
    ).toThrow(InvalidKeyError);
    expect(() =>
      storage.buildKey({ courseId: COURSE, studentId: 'a/b', filename: 'a.pdf' }),
    ).toThrow(InvalidKeyError);
  });
});

describe('put and read', () => {
  it('stores bytes and reads them back, whole or as an inclusive range', async () => {
    const key = keyFor('hello.pdf');
    await expect(storage.put(key, Buffer.from('%PDF-hello world'))).resolves.toEqual({
      path: key,
      size: 16,
    });

    expect((await storage.stat(key))?.size).toBe(16);
    expect(await text(storage.createReadStream(key))).toBe('%PDF-hello world');
    expect(await text(storage.createReadStream(key, { start: 5, end: 9 }))).toBe('hello');
    expect(await text(storage.createReadStream(key, { start: 11 }))).toBe('world');
    expect(await readFile(join(root, STORAGE_BUCKET, key), 'utf8')).toBe('%PDF-hello world');
  });

  it('stores a stream and reports its real size', async () => {
    const key = keyFor('stream.pdf');
    const chunks = [Buffer.from('%PDF-'), Buffer.alloc(70_000, 1), Buffer.from('%%EOF')];
    await expect(storage.put(key, Readable.from(chunks))).resolves.toEqual({
      path: key,
      size: 70_010,
    });
    expect((await storage.stat(key))?.size).toBe(70_010);
  });

  it('never overwrites a stored file', async () => {
    const key = keyFor('once.pdf');
    await storage.put(key, Buffer.from('first'));

    await expect(storage.put(key, Buffer.from('second'))).rejects.toBeInstanceOf(FileExistsError);
    await expect(storage.put(key, Readable.from([Buffer.from('third')]))).rejects.toBeInstanceOf(
      FileExistsError,
    );
    expect(await text(storage.createReadStream(key))).toBe('first');
    expect(await incomingFiles()).toEqual([]);
  });

  it('keeps a file invisible until it is completely written', async () => {
    const key = keyFor('slow.pdf');
    const source = new PassThrough();
    const stored = storage.put(key, source);
    source.write('%PDF-part one, ');
    expect(await storage.stat(key)).toBeNull();

    source.end('part two');
    await expect(stored).resolves.toEqual({ path: key, size: 23 });
    expect(await text(storage.createReadStream(key))).toBe('%PDF-part one, part two');
    expect(await incomingFiles()).toEqual([]);
  });

  it('returns null for the stat of a missing file', async () => {
    expect(await storage.stat(keyFor('missing.pdf'))).toBeNull();
    expect(await storage.stat(COURSE)).toBeNull();
  });
});

describe('size limit', () => {
  it('refuses a buffer over maxBytes and leaves no file', async () => {
    const key = keyFor('big.pdf');
    await expect(storage.put(key, Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await storage.stat(key)).toBeNull();
    expect(await incomingFiles()).toEqual([]);
  });

  it('stops a stream that passes maxBytes and leaves no file, not even a temp one', async () => {
    const key = keyFor('big-stream.pdf');
    const source = Readable.from([
      Buffer.alloc(64 * 1024),
      Buffer.alloc(64 * 1024),
      Buffer.alloc(64 * 1024),
    ]);

    const error = await storage.put(key, source, { maxBytes: 100_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).maxBytes).toBe(100_000);
    expect(source.destroyed).toBe(true);
    expect(await storage.stat(key)).toBeNull();
    expect(await incomingFiles()).toEqual([]);
  });

  it('accepts a file of exactly maxBytes', async () => {
    const key = keyFor('exact.pdf');
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(10)]), { maxBytes: 10 }),
    ).resolves.toEqual({
      path: key,
      size: 10,
    });
  });

  it('removes the temp file when the source stream fails halfway', async () => {
    const key = keyFor('broken.pdf');
    let reads = 0;
    const source = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(Buffer.from('%PDF-half a file'));
        else this.destroy(new Error('client went away'));
      },
    });

    await expect(storage.put(key, source)).rejects.toThrow('client went away');
    expect(reads).toBeGreaterThan(1);
    expect(await storage.stat(key)).toBeNull();
    expect(await incomingFiles()).toEqual([]);
  });

  it('reports a stream that fails before writing starts, without crashing the process', async () => {
    const key = keyFor('early.pdf');
    const source = new PassThrough();
    const stored = storage.put(key, source);
    source.destroy(new Error('client went away'));

    await expect(stored).rejects.toThrow('client went away');
    expect(await storage.stat(key)).toBeNull();
    expect(await incomingFiles()).toEqual([]);
  });
});

describe('keys that try to leave the storage root', () => {
  const escapes = [
    '../outside.pdf',
    `${COURSE}/../../outside.pdf`,
    '/etc/passwd',
    '\\windows\\system.ini',
    'C:/Windows/win.ini',
    `${COURSE}\\..\\..\\outside.pdf`,
    `${COURSE}/a\0.pdf`,
    '.incoming/.tmp-anything',
    `${COURSE}//x.pdf`,
    '',
  ];

  it.each(escapes)('rejects %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    expect(() => storage.createReadStream(key)).toThrow(InvalidKeyError);
    await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.removePrefix(key)).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('destroys a stream source it refuses', async () => {
    const source = Readable.from([Buffer.from('x')]);
    await expect(storage.put('../x.pdf', source)).rejects.toBeInstanceOf(InvalidKeyError);
    expect(source.destroyed).toBe(true);
  });

  it('writes nothing outside the root', async () => {
    await storage.put('../outside.pdf', Buffer.from('x')).catch(() => undefined);
    expect(await readdir(root)).toEqual([]);
  });
});

describe('removing', () => {
  it('removes a file, and removing it again is fine', async () => {
    const key = keyFor('gone.pdf');
    await storage.put(key, Buffer.from('x'));
    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it("removes a course's files and leaves other courses alone", async () => {
    const mine = [keyFor('a.pdf'), keyFor('b.pdf'), `${COURSE}/other-student/1_c.pdf`];
    const theirs = keyFor('a.pdf', OTHER_COURSE);
    for (const key of [...mine, theirs]) await storage.put(key, Buffer.from('x'));

    await storage.removePrefix(`${COURSE}/`);

    for (const key of mine) expect(await storage.stat(key)).toBeNull();
    expect(await storage.stat(theirs)).not.toBeNull();
    await expect(storage.removePrefix(COURSE)).resolves.toBeUndefined();
  });
});

describe('sweeping after a crash', () => {
  it('removes leftover temp files and keeps stored files', async () => {
    const kept = keyFor('kept.pdf');
    await storage.put(kept, Buffer.from('x'));
    const incoming = join(root, STORAGE_BUCKET, '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(join(incoming, '.tmp-crashed-1'), 'half a file');
    await writeFile(join(incoming, '.tmp-crashed-2'), 'another half');

    expect(await storage.sweepIncomplete()).toBe(2);
    expect(await incomingFiles()).toEqual([]);
    expect(await storage.stat(kept)).not.toBeNull();
  });

  it('spares temp files younger than olderThanMs', async () => {
    const incoming = join(root, STORAGE_BUCKET, '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(join(incoming, '.tmp-in-progress'), 'still uploading');

    expect(await storage.sweepIncomplete({ olderThanMs: 60 * 60 * 1000 })).toBe(0);
    expect(await incomingFiles()).toEqual(['.tmp-in-progress']);
  });

  it('does nothing on a fresh root', async () => {
    expect(await storage.sweepIncomplete()).toBe(0);
  });
});

describe('listing and reading keys', () => {
  it('lists stored files, under a prefix or all, never temp files', async () => {
    const keys = [keyFor('a.pdf'), keyFor('b.pdf'), keyFor('c.pdf', OTHER_COURSE)];
    for (const key of keys) await storage.put(key, Buffer.from('x'));
    const incoming = join(root, STORAGE_BUCKET, '.incoming');
    await writeFile(join(incoming, '.tmp-in-progress'), 'half');

    expect(await storage.list()).toEqual([...keys].sort());
    expect(await storage.list(`${COURSE}/`)).toEqual([keyFor('a.pdf'), keyFor('b.pdf')]);
    expect(await storage.list('c0ffee00-0000-4000-8000-00000000dead')).toEqual([]);
    await expect(storage.list('../')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('parses a key made by buildKey and nothing else', () => {
    const key = storage.buildKey({
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
