// 6. PDF text extraction with the project's extractor on a generated 50-page text PDF.
import { extractPdfText } from '@server/pdf/pdf-text';
import { createTextPdf, PAGE_BREAK } from '@server/demo/text-pdf';
import { median } from './harness';

export const PDF_PAGES = 50;
const RUNS = 5;
const LINES_PER_PAGE = 40;

/** Each page one block of LINES_PER_PAGE lines (a code block keeps them line by line). */
async function fiftyPagePdf() {
  const paragraphs = Array.from({ length: PDF_PAGES }, (_, p) => [
    ...(p > 0 ? [PAGE_BREAK] : []),
    Array.from(
      { length: LINES_PER_PAGE },
      (_, l) =>
        `    Page ${p + 1}, line ${l + 1}: open addressing keeps the load factor below one half.`,
    ).join('\n'),
  ]).flat();
  return Buffer.from(await createTextPdf({ paragraphs }));
}

export async function benchPdfExtraction() {
  const bytes = await fiftyPagePdf();
  const options = { maxChars: Number.MAX_SAFE_INTEGER };
  const chars = (await extractPdfText(bytes, options)).length; // warm-up, excluded
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await extractPdfText(bytes, options);
    times.push(performance.now() - start);
  }
  const t = median(times);
  return [
    `${PDF_PAGES} pages, ${(bytes.length / 1024).toFixed(0)} kB, ${chars} characters`,
    `${t.toFixed(1)} ms`,
    ((PDF_PAGES * 1000) / t).toFixed(0),
  ];
}
