// What every storage driver must do (DESIGN §12): the same suite runs against each driver, so
// a new one (S3-compatible) is done when this passes. Real I/O only, never a mock.
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FileExistsError,
  FileNotFoundError,
  FileTooLargeError,
  InvalidKeyError,
  type FileStorage,
} from '../storage/file-storage';

export interface StorageUnderTest {
  storage: FileStorage;
  /** What the driver holds half-written (temp files, open multipart uploads); [] when clean. */
  leftovers(): Promise<string[]>;
  cleanup(): Promise<void>;
}

export const CONTRACT_COURSE = 'c0ffee00-0000-4000-8000-000000000001';
const OTHER_COURSE = 'c0ffee00-0000-4000-8000-000000000002';
const STUDENT = '5tuden70-0000-4000-8000-000000000001';
export const contractKey = (name: string, course = CONTRACT_COURSE) =>
  `${course}/${STUDENT}/1700000000000_${name}`;

export function describeStorageContract(driver: string, open: () => Promise<StorageUnderTest>) {
  describe(`storage contract: ${driver}`, () => {
    let subject: StorageUnderTest;
    let storage: FileStorage;
    beforeEach(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterEach(() => subject.cleanup());
    const read = async (key: string, range?: { start?: number; end?: number }) =>
      text(await storage.read(key, range));

    it('check() answers that the storage can be reached and written to', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    describe('put and read', () => {
      it('stores bytes and reads them back, whole or as an inclusive range', async () => {
        const key = contractKey('hello.pdf');
        await expect(storage.put(key, Buffer.from('%PDF-hello world'))).resolves.toEqual({
          path: key,
          size: 16,
        });
        expect((await storage.stat(key))?.size).toBe(16);
        expect(await read(key)).toBe('%PDF-hello world');
        expect(await read(key, { start: 5, end: 9 })).toBe('hello');
        expect(await read(key, { start: 11 })).toBe('world');
      });

      it('stores a stream and reports its real size', async () => {
        const key = contractKey('stream.pdf');
        const chunks = [Buffer.from('%PDF-'), Buffer.alloc(70_000, 1), Buffer.from('%%EOF')];
        await expect(storage.put(key, Readable.from(chunks))).resolves.toEqual({
          path: key,
          size: 70_010,
        });
        expect((await storage.stat(key))?.size).toBe(70_010);
      });

      it('stores a stream of many chunks, several megabytes long, byte for byte', async () => {
        const key = contractKey('long.pdf');
        // Chunks of uneven sizes whose bytes depend on their place, so a chunk written twice,
        // dropped or out of order changes what is read back.
        const chunks = Array.from({ length: 60 }, (_, i) =>
          Buffer.alloc(40_000 + ((i * 7_919) % 30_000), `%PDF-${i}-`),
        );
        const whole = Buffer.concat(chunks);

        await expect(storage.put(key, Readable.from(chunks))).resolves.toEqual({
          path: key,
          size: whole.length,
        });
        expect(Buffer.from((await storage.readWhole(key, whole.length))!).equals(whole)).toBe(true);
      });

      it('never overwrites a stored file', async () => {
        const key = contractKey('once.pdf');
        await storage.put(key, Buffer.from('first'));
        await expect(storage.put(key, Buffer.from('second'))).rejects.toBeInstanceOf(
          FileExistsError,
        );
        await expect(
          storage.put(key, Readable.from([Buffer.from('third')])),
        ).rejects.toBeInstanceOf(FileExistsError);
        expect(await read(key)).toBe('first');
        expect(await subject.leftovers()).toEqual([]);
      });

      it('keeps a file invisible until it is completely written', async () => {
        const key = contractKey('slow.pdf');
        const source = new PassThrough();
        const stored = storage.put(key, source);
        source.write('%PDF-part one, ');
        expect(await storage.stat(key)).toBeNull();
        source.end('part two');
        await expect(stored).resolves.toEqual({ path: key, size: 23 });
        expect(await read(key)).toBe('%PDF-part one, part two');
        expect(await subject.leftovers()).toEqual([]);
      });

      it('answers a missing file with null from stat and FileNotFoundError from read', async () => {
        expect(await storage.stat(contractKey('missing.pdf'))).toBeNull();
        expect(await storage.stat(CONTRACT_COURSE)).toBeNull();
        await expect(storage.read(contractKey('missing.pdf'))).rejects.toBeInstanceOf(
          FileNotFoundError,
        );
        await expect(storage.readWhole(contractKey('missing.pdf'), 10)).rejects.toBeInstanceOf(
          FileNotFoundError,
        );
      });

      it('reads a whole file into one buffer of the size it was asked for', async () => {
        const key = contractKey('whole.pdf');
        // Larger than one read chunk, with bytes that differ along the way.
        const bytes = Buffer.from(Array.from({ length: 200_003 }, (_, i) => (i * 31) % 251));
        await storage.put(key, Readable.from([bytes.subarray(0, 65_000), bytes.subarray(65_000)]));
        const whole = await storage.readWhole(key, bytes.length);
        expect(whole).toBeInstanceOf(Uint8Array);
        expect(whole!.byteLength).toBe(bytes.length);
        expect(Buffer.from(whole!).equals(bytes)).toBe(true);
      });

      it('answers null when the file holds more or fewer bytes than asked for', async () => {
        const key = contractKey('sized.pdf');
        await storage.put(key, Buffer.alloc(70_000, 7));
        expect(await storage.readWhole(key, 69_999)).toBeNull();
        // A size no buffer can have: answered from the stored size, before any is made.
        expect(await storage.readWhole(key, Number.MAX_SAFE_INTEGER)).toBeNull();
        expect(await storage.readWhole(key, 70_001)).toBeNull();
        expect((await storage.readWhole(key, 70_000))?.byteLength).toBe(70_000);
      });
    });

    describe('size limit', () => {
      it('refuses a buffer over maxBytes and leaves no file', async () => {
        const key = contractKey('big.pdf');
        await expect(storage.put(key, Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
          FileTooLargeError,
        );
        expect(await storage.stat(key)).toBeNull();
        expect(await subject.leftovers()).toEqual([]);
      });

      it('stops a stream that passes maxBytes and leaves nothing behind', async () => {
        const key = contractKey('big-stream.pdf');
        const source = Readable.from([
          Buffer.alloc(64 * 1024),
          Buffer.alloc(64 * 1024),
          Buffer.alloc(64 * 1024),
        ]);
        const error = await storage
          .put(key, source, { maxBytes: 100_000 })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(FileTooLargeError);
        expect((error as FileTooLargeError).maxBytes).toBe(100_000);
        expect(source.destroyed).toBe(true);
        expect(await storage.stat(key)).toBeNull();
        expect(await subject.leftovers()).toEqual([]);
      });

      it('accepts a file of exactly maxBytes', async () => {
        const key = contractKey('exact.pdf');
        await expect(
          storage.put(key, Readable.from([Buffer.alloc(10)]), { maxBytes: 10 }),
        ).resolves.toEqual({ path: key, size: 10 });
      });

      it('leaves nothing when the source stream fails halfway', async () => {
        const key = contractKey('broken.pdf');
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
        expect(await subject.leftovers()).toEqual([]);
      });

      it('reports a stream that fails before writing starts, without crashing', async () => {
        const key = contractKey('early.pdf');
        const source = new PassThrough();
        const stored = storage.put(key, source);
        source.destroy(new Error('client went away'));
        await expect(stored).rejects.toThrow('client went away');
        expect(await storage.stat(key)).toBeNull();
        expect(await subject.leftovers()).toEqual([]);
      });
    });

    describe('keys that try to leave the bucket', () => {
      const escapes = [
        '../outside.pdf',
        `${CONTRACT_COURSE}/../../outside.pdf`,
        '/etc/passwd',
        '\\windows\\system.ini',
        'C:/Windows/win.ini',
        `${CONTRACT_COURSE}\\..\\..\\outside.pdf`,
        `${CONTRACT_COURSE}/a\0.pdf`,
        '.incoming/.tmp-anything',
        `${CONTRACT_COURSE}//x.pdf`,
        '',
      ];

      it.each(escapes)('rejects %j for every operation', async (key) => {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.readWhole(key, 1)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.removePrefix(key)).rejects.toBeInstanceOf(InvalidKeyError);
      });

      it('destroys a stream source it refuses', async () => {
        const source = Readable.from([Buffer.from('x')]);
        await expect(storage.put('../x.pdf', source)).rejects.toBeInstanceOf(InvalidKeyError);
        expect(source.destroyed).toBe(true);
      });
    });

    describe('removing and listing', () => {
      it('removes a file, and removing it again is fine', async () => {
        const key = contractKey('gone.pdf');
        await storage.put(key, Buffer.from('x'));
        await storage.remove(key);
        expect(await storage.stat(key)).toBeNull();
        await expect(storage.remove(key)).resolves.toBeUndefined();
      });

      it("removes a course's files and leaves other courses alone", async () => {
        const mine = [
          contractKey('a.pdf'),
          contractKey('b.pdf'),
          `${CONTRACT_COURSE}/other-student/1_c.pdf`,
        ];
        const theirs = contractKey('a.pdf', OTHER_COURSE);
        for (const key of [...mine, theirs]) await storage.put(key, Buffer.from('x'));
        await storage.removePrefix(`${CONTRACT_COURSE}/`);
        for (const key of mine) expect(await storage.stat(key)).toBeNull();
        expect(await storage.stat(theirs)).not.toBeNull();
        await expect(storage.removePrefix(CONTRACT_COURSE)).resolves.toBeUndefined();
      });

      it('lists stored files, under a prefix of whole parts or all', async () => {
        const keys = [
          contractKey('a.pdf'),
          contractKey('b.pdf'),
          contractKey('c.pdf', OTHER_COURSE),
        ];
        for (const key of keys) await storage.put(key, Buffer.from('x'));
        expect(await storage.list()).toEqual([...keys].sort());
        expect(await storage.list(`${CONTRACT_COURSE}/`)).toEqual([
          contractKey('a.pdf'),
          contractKey('b.pdf'),
        ]);
        expect(await storage.list('c0ffee00-0000-4000-8000-00000000dead')).toEqual([]);
        await expect(storage.list('../')).rejects.toBeInstanceOf(InvalidKeyError);
      });

      it('sweeps nothing on a clean bucket and keeps stored files', async () => {
        const kept = contractKey('kept.pdf');
        await storage.put(kept, Buffer.from('x'));
        expect(await storage.sweepIncomplete()).toBe(0);
        expect(await storage.stat(kept)).not.toBeNull();
      });
    });
  });
}
