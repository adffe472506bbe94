// A stored file's stream read into one buffer of the size its record holds: how a driver
// that can only stream (S3) answers FileStorage.readWhole. The bytes land in that one buffer
// as they arrive: no growing list of chunks and no copy to join them (node:stream/consumers'
// buffer() made two more, a measurable share of a deadline rush). The local driver reads the
// file with one pread(2) instead (decision 038).
import type { Readable } from 'node:stream';

/**
 * A buffer of `size` bytes for a read to fill, not zeroed first: a zeroed 1 MB buffer was the
 * event loop's largest function of our own in a deadline rush (80 ms of 200 hand-ins, a
 * temporary CPU profile, 2026-11-28). Safe only where every byte is written before anyone
 * reads it: the readers here hand it out when it is full and drop it otherwise. A plain
 * Uint8Array over its own ArrayBuffer, not a Buffer, so that pdf.js may take it without a copy.
 */
export const bufferToFill = (size: number) =>
  new Uint8Array(Buffer.allocUnsafeSlow(size).buffer, 0, size);

/** The stream's bytes, or null when it does not carry exactly `size` bytes. */
export async function readStreamWhole(stream: Readable, size: number): Promise<Uint8Array | null> {
  const bytes = bufferToFill(size);
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
