// A stored file's stream read into one buffer of the size its record holds: how a driver
// that can only stream (S3) answers FileStorage.readWhole. The bytes land in that one buffer
// as they arrive: no growing list of chunks and no copy to join them (node:stream/consumers'
// buffer() made two more, a measurable share of a deadline rush). The local driver reads the
// file with one pread(2) instead (decision 038).
import type { Readable } from 'node:stream';

/** The stream's bytes, or null when it does not carry exactly `size` bytes. */
export async function readStreamWhole(stream: Readable, size: number): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(size);
  let filled = 0;
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
