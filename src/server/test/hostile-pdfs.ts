// PDFs made to hurt a server that reads them (issue 20's findings), generated on the fly and
// small on disk: the text extractor must refuse or finish each within its limits, off the
// event loop, and give the memory back.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

/** Thousands of empty pages: tiny on disk, slow to walk page by page. */
export async function manyEmptyPagesPdf(pages = 5000): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

/**
 * One page whose content stream is a compressed run of text-drawing operators: a few tens of
 * kilobytes that decode to tens of megabytes of `Tj` calls.
 */
export async function textDrawingBombPdf(operators = 2_000_000): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  page.drawText('Hash tables', { x: 72, y: 700, size: 12, font });
  const fontName = page.node.normalizedEntries().Font.keys()[0]?.asString() ?? '/F1';
  const operator = Buffer.from(`BT ${fontName} 12 Tf 72 600 Td (abcdefghij) Tj ET\n`);
  const decoded = Buffer.alloc(operator.length * operators);
  for (let i = 0; i < operators; i += 1) operator.copy(decoded, i * operator.length);
  const stream = pdf.context.flateStream(decoded);
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save());
}

/**
 * A page content stream that decompresses to `decodedMb` megabytes of zeros: about a
 * thousandth of that on disk (deflate's best case).
 */
export async function compressedStreamBombPdf(decodedMb = 1024): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const chunk = deflateSync(Buffer.alloc(decodedMb * 1024 * 1024), { level: 9 });
  const stream = pdf.context.stream(chunk, { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save());
}

/** Arrays nested `depth` deep inside the page dictionary, for parsers that recurse. */
export async function deepObjectTreePdf(depth = 100_000): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  page.drawText('Nested', { x: 72, y: 700, size: 12, font });
  const saved = Buffer.from(await pdf.save({ useObjectStreams: false }));
  // Spliced in as raw syntax: pdf-lib itself would recurse while writing it.
  const nested = `/Deep ${'['.repeat(depth)}${PDFNumber.of(1).toString()}${']'.repeat(depth)}`;
  const text = saved.toString('latin1');
  const at =
    text.indexOf('/Type /Page\n') >= 0
      ? text.indexOf('/Type /Page\n')
      : text.indexOf('/Type /Page');
  if (at < 0) throw new Error('no page dictionary to extend');
  const spliced = `${text.slice(0, at)}${nested}\n${text.slice(at)}`;
  return Buffer.from(spliced, 'latin1');
}
