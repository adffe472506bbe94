// Every PDF starts with "%PDF-". The upload stream is peeked for it before anything touches
// storage, then handed on whole, so a renamed text file is refused without being written.
import type { Readable } from 'node:stream';

const PDF_SIGNATURE = Buffer.from('%PDF-');
const CLOSED_EARLY = 'The upload closed before its end.';

/**
 * The same stream when its bytes start with the PDF signature; null otherwise (and `source` is
 * then destroyed). The first chunks are read and put back with unshift(), so every chunk
 * reaches storage straight from the upload's own stream: wrapping it in an iterator, a
 * generator and Readable.from cost three stream layers for each of a 1 MB upload's twenty
 * chunks (decision 048).
 */
export async function withPdfSignature(source: Readable): Promise<Readable | null> {
  const head = await peek(source, PDF_SIGNATURE.length);
  if (head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return source;
  source.destroy();
  return null;
}

/**
 * At least `size` bytes from the start of the stream (fewer when it ends first), left in the
 * stream to be read again. Rejects with the stream's error, or when it closes before its end.
 */
function peek(source: Readable, size: number): Promise<Buffer> {
  // A stream that is already over sends no more events. The multipart parser destroys a file
  // whose body breaks off, and it may do so while the upload's checks are still running.
  if (source.errored) return Promise.reject(source.errored);
  if (source.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (source.destroyed) return Promise.reject(new Error(CLOSED_EARLY));
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let length = 0;
    const settle = (error: Error | null, ended = false) => {
      source
        .off('readable', onReadable)
        .off('end', onEnd)
        .off('error', onError)
        .off('close', onClose);
      if (error) return reject(error);
      const head = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
      // Put back in the same tick as it was read. A stream that has ended takes nothing back,
      // and then it held fewer bytes than a signature anyway.
      if (!ended) source.unshift(head);
      resolve(head);
    };
    const onError = (error: Error) => settle(error);
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < size && (chunk = asBuffer(source.read())) !== null) {
        parts.push(chunk);
        length += chunk.length;
      }
      if (length >= size) settle(null);
    };
    const onEnd = () => settle(null, true);
    const onClose = () => {
      if (!source.readableEnded) settle(new Error(CLOSED_EARLY));
    };
    source.on('readable', onReadable).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** A chunk as a Buffer without copying it. An object-mode stream may hold Uint8Arrays. */
function asBuffer(chunk: Buffer | Uint8Array | string | null): Buffer | null {
  if (chunk === null || Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
