// Every PDF starts with "%PDF-". The upload stream is peeked for it before anything touches
// storage, then handed on whole, so a renamed text file is refused without being written.
import { Readable } from 'node:stream';

const PDF_SIGNATURE = Buffer.from('%PDF-');

/**
 * The same bytes as `source` when they start with the PDF signature; null otherwise (and
 * `source` is then destroyed). Reads only as far as the first chunks that cover the signature.
 */
export async function withPdfSignature(source: Readable): Promise<Readable | null> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let length = 0;
  while (length < PDF_SIGNATURE.length) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  const start = Buffer.concat(head);
  if (!start.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
    await chunks.return?.();
    return null;
  }
  return Readable.from(replay(start, chunks), { objectMode: false });
}

async function* replay(start: Buffer, rest: AsyncIterator<Buffer>) {
  try {
    yield start;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    // Runs when the consumer stops early too, so the source is never left half-read.
    await rest.return?.();
  }
}
