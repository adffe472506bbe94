// 6. PDF text extraction with the project's extractor on a generated 50-page text PDF.
import { extractPdfText } from '@server/files/pdf-text';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { median } from './harness';

export const PDF_PAGES = 50;
const RUNS = 5;
const LINES_PER_PAGE = 40;

async function fiftyPagePdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < PDF_PAGES; p++) {
    const page = pdf.addPage();
    for (let l = 0; l < LINES_PER_PAGE; l++) {
      page.drawText(
        `Page ${p + 1}, line ${l + 1}: open addressing keeps the load factor below one half.`,
        { x: 72, y: 740 - l * 16, size: 11, font },
      );
    }
  }
  return Buffer.from(await pdf.save());
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
