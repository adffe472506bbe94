// A stored file read whole into memory, for the one reader that needs all of it at once (PDF
// text extraction). The size is known from the file's record, so the bytes land in one buffer
// of exactly that size: no growing list of chunks, no copy to join them (node:stream/consumers'
// buffer() made two more, a measurable share of a deadline rush), and a buffer a worker thread
// can be handed as it is.
import type { FileStorage } from './file-storage';

/** The file's bytes, or null when it does not hold exactly `size` bytes. */
export async function readWholeFile(
  storage: FileStorage,
  key: string,
  size: number,
): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(size);
  let filled = 0;
  const stream = await storage.read(key);
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    if (filled + chunk.byteLength > size) {
      stream.destroy();
      return null;
    }
    bytes.set(chunk, filled);
    filled += chunk.byteLength;
  }
  return filled === size ? bytes : null;
}
