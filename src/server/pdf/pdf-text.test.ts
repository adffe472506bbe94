// Text extraction on real PDFs made by pdf-lib (and the demo data's own PDF writer).
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createTextPdf, textPdfContent } from '../demo/text-pdf';
import { passwordProtectedPdf, textPdf, truncatedPdf } from '../test/pdf-fixtures';
import { UnreadablePdfError } from './pdf-errors';
import { extractPdfText } from './pdf-text';
import { WARM_UP_TEXT, warmUpPdf } from './warm-up-pdf';

describe('extractPdfText', () => {
  it('returns the pages’ text in order, pages separated by a blank line', async () => {
    const pdf = await textPdf(['First page', 'Second page', 'Third page']);
    expect(await extractPdfText(pdf)).toBe('First page\n\nSecond page\n\nThird page');
  });

  it('reads back what the demo PDF writer draws', async () => {
    const input = {
      title: 'Lab report',
      author: 'Alex Student',
      paragraphs: ['# Method', 'We measured twice.', '- one bullet'],
    };
    const text = await extractPdfText(await createTextPdf(input));
    expect(text.replace(/\s+/g, ' ')).toBe(textPdfContent(input).replace(/\s+/g, ' '));
  });

  it('caps the text at maxChars', async () => {
    const pdf = await textPdf(['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)]);
    expect(await extractPdfText(pdf, { maxChars: 50 })).toBe(
      `${'a'.repeat(40)}\n\n${'b'.repeat(8)}`,
    );
  });

  it('leaves a lent buffer whole, and reads a given one without copying it first', async () => {
    const pdf = new Uint8Array(await textPdf(['Kept by the caller']));
    const before = Buffer.from(pdf).toString('base64');
    expect(await extractPdfText(pdf)).toBe('Kept by the caller');
    // The caller (a route that still stores or hashes the file) reads the same bytes after.
    expect(Buffer.from(pdf).toString('base64')).toBe(before);

    const given = new Uint8Array(pdf);
    expect(await extractPdfText(given, {}, 'given')).toBe('Kept by the caller');
    // pdf.js took the buffer itself: nothing was copied for it.
    expect(given.byteLength).toBe(0);
  });

  it('gives an empty string for a PDF without text', async () => {
    expect(await extractPdfText(await textPdf(['']))).toBe('');
  });

  it.each([
    ['password-protected', passwordProtectedPdf, 'encrypted'],
    ['cut off', truncatedPdf, 'incomplete'],
    [
      'garbage with a PDF header',
      async () => Buffer.from('%PDF-1.7\nnot really\n%%EOF\n'),
      'damaged',
    ],
  ])('refuses a %s PDF', async (_kind, make, reason) => {
    const error = await extractPdfText(await make()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadablePdfError);
    expect((error as UnreadablePdfError).reason).toBe(reason);
  });
});

describe('loading pdf.js', () => {
  // Another realm's Function.prototype.toString shows a function's source as it is: core-js
  // makes its replacements claim "[native code]" through this realm's own.
  const sourceOf = runInNewContext('Function.prototype.toString') as (this: unknown) => string;
  const isNative = (fn: unknown) => /\{\s*\[native code\]\s*\}$/.test(sourceOf.call(fn));

  it('leaves the thread its own push and JSON, which pdf.js’s core-js would swap for slower JavaScript', async () => {
    expect(await extractPdfText(await textPdf(['Loaded']))).toBe('Loaded');
    expect(isNative(Array.prototype.push)).toBe(true);
    expect(isNative(JSON.stringify)).toBe(true);
    expect(isNative(JSON.parse)).toBe(true);
    // What core-js adds that Node 20 lacks, and pdf.js uses, stays.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
  });

  it('leaves out the canvas package (Skia): text extraction renders nothing (decision 044)', async () => {
    expect(await extractPdfText(await textPdf(['No canvas']))).toBe('No canvas');
    // pdf.js loads it through a require made by createRequire, whose cache is the process's.
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((path) => path.includes('pdfjs-dist'))).toBe(false); // pdf.js is ESM
    expect(loaded.filter((path) => path.includes('@napi-rs'))).toEqual([]);
    // pdf.js's module needs a DOMMatrix at load; it got a working one.
    const matrix = new DOMMatrix([2, 0, 0, 2, 10, 20]);
    expect(matrix.transformPoint({ x: 1, y: 1, z: 0, w: 1 })).toMatchObject({ x: 12, y: 22 });
    // The rendering classes it would have taken from the canvas refuse to be built.
    expect(() => new Path2D()).toThrow(/only reads text/);
  });

  it('puts back the process’s own module loader once pdf.js has loaded', async () => {
    expect(await extractPdfText(await textPdf(['Loader']))).toBe('Loader');
    const require = createRequire(import.meta.url);
    expect(process.getBuiltinModule('module')).toBe(require('node:module'));
    expect(process.getBuiltinModule('node:module')).toBe(require('node:module'));
  });
});

describe('the warm-up PDF (decision 043)', () => {
  it('is read as a student’s PDF is: its text, from objects its cross-reference table finds', async () => {
    const pdf = warmUpPdf();
    expect(await extractPdfText(pdf)).toBe(WARM_UP_TEXT);
    // Each entry of the table points at its object, so pdf.js never falls back to repairing.
    const text = Buffer.from(pdf).toString('latin1');
    const entries = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(5);
    entries.forEach((offset, i) => expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true));
    expect(text.startsWith('xref', Number(/startxref\n(\d+)/.exec(text)?.[1]))).toBe(true);
  });
});
