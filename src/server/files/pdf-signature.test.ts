// The PDF signature peek: a PDF's stream is handed on with every byte, in order, however its
// first bytes were split; anything else is refused and its stream destroyed.
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withPdfSignature } from './pdf-signature';

/** A stream that yields the chunks one at a time, each in a later turn of the event loop. */
function chunked(...chunks: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) {
        await new Promise((resolve) => setImmediate(resolve));
        yield Buffer.from(chunk);
      }
    })(),
    { objectMode: false },
  );
}

describe('withPdfSignature', () => {
  it('hands on a PDF whose signature arrives split over several chunks, every byte in order', async () => {
    const body = ['%', 'PD', 'F-1.7\n', 'x'.repeat(200_000), '\n%%EOF\n'];

    const pdf = await withPdfSignature(chunked(...body));

    expect(pdf).not.toBeNull();
    expect(await text(pdf!)).toBe(body.join(''));
  });

  it('hands on the stream itself when its first chunk holds the signature', async () => {
    const source = chunked('%PDF-1.4\nfirst chunk', ' second chunk');

    const pdf = await withPdfSignature(source);

    expect(pdf).toBe(source);
    expect(await text(pdf!)).toBe('%PDF-1.4\nfirst chunk second chunk');
  });

  it('hands on a PDF from a stream of Uint8Arrays in object mode, as the demo data sends it', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\nfrom pdf-lib\n%%EOF\n');

    const pdf = await withPdfSignature(Readable.from([bytes]));

    expect(await text(pdf!)).toBe('%PDF-1.7\nfrom pdf-lib\n%%EOF\n');
  });

  it('hands on a PDF that is no longer than its signature', async () => {
    const pdf = await withPdfSignature(chunked('%PDF-'));

    expect(await text(pdf!)).toBe('%PDF-');
  });

  it.each([
    ['a text file', ['Just some notes, not a PDF at all.\n']],
    ['a PDF signature that is not at the start', [' %PDF-1.7\n']],
    ['a body shorter than the signature', ['%PD']],
    ['an empty body', []],
  ])('refuses %s and destroys its stream', async (_kind, chunks) => {
    const source = chunked(...chunks);

    expect(await withPdfSignature(source)).toBeNull();
    expect(source.destroyed).toBe(true);
  });

  it('rejects with the stream’s own error when it fails before the signature', async () => {
    const source = new Readable({ read() {} });
    const peeked = withPdfSignature(source);
    source.push(Buffer.from('%P'));
    setImmediate(() => source.destroy(new Error('Unexpected end of form')));

    await expect(peeked).rejects.toThrow('Unexpected end of form');
  });

  it('answers for a stream that was already over when the peek began, rather than waiting for ever', async () => {
    // The multipart parser keeps a listener of its own on the file streams it fails.
    const failed = new Readable({ read() {} }).on('error', () => undefined);
    failed.destroy(new Error('Unexpected end of form'));
    const closed = new Readable({ read() {} });
    closed.destroy();
    const read = chunked('%PDF-1.7 all of it');
    await text(read);
    await new Promise((resolve) => setImmediate(resolve));

    await expect(withPdfSignature(failed)).rejects.toThrow('Unexpected end of form');
    await expect(withPdfSignature(closed)).rejects.toThrow('The upload closed before its end.');
    expect(await withPdfSignature(read)).toBeNull();
  });

  it('rejects when the stream is closed before its end, rather than waiting for ever', async () => {
    const source = new Readable({ read() {} });
    const peeked = withPdfSignature(source);
    setImmediate(() => source.destroy());

    await expect(peeked).rejects.toThrow('The upload closed before its end.');
  });
});
