// The text of a submitted PDF, extracted once at submit time into submissions.content (DESIGN
// §8), where the grader and the teacher's review screen read it. pdf.js's legacy build is the
// one meant for Node; load-pdfjs.ts loads it.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs } from './load-pdfjs';
import { MAX_CONTENT_CHARS, MAX_PDF_PAGES, UnreadablePdfError } from './pdf-errors';

export interface ExtractionLimits {
  maxChars?: number;
  maxPages?: number;
}
// A complete PDF ends with %%EOF; readers look for it within the last 1024 bytes.
const EOF_MARKER = Buffer.from('%%EOF');
const EOF_WINDOW = 1024;

/**
 * Page texts in reading order, pages separated by a blank line, capped at maxChars. A scanned
 * PDF without a text layer gives ''. Throws UnreadablePdfError for a file pdf.js cannot open.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  { maxChars = MAX_CONTENT_CHARS, maxPages = MAX_PDF_PAGES }: ExtractionLimits = {},
  /**
   * 'given' when the caller will not read `bytes` again (the worker thread, which received
   * them transferred): pdf.js then takes the buffer itself instead of a copy of it. A copy
   * of each 1 MB hand-in was a quarter of an extraction's CPU in a deadline rush.
   */
  ownership: 'lent' | 'given' = 'lent',
): Promise<string> {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-EOF_WINDOW);
  if (!tail.includes(EOF_MARKER)) throw new UnreadablePdfError('incomplete');

  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given (it detaches it): a lent one is
    // copied. pdf.js copies a view of part of a buffer itself, and refuses a Buffer.
    data: ownership === 'given' && !Buffer.isBuffer(bytes) ? bytes : new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (error) {
      // pdf.js does not export PasswordException; its name is stable across versions.
      const asksForPassword = (error as { name?: unknown }).name === 'PasswordException';
      throw new UnreadablePdfError(asksForPassword ? 'encrypted' : 'damaged');
    }
    if (pdf.numPages > maxPages) throw new UnreadablePdfError('too-many-pages');
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pdf.numPages && length < maxChars; number += 1) {
      const text = await pageText(pdf, number).catch(() => {
        throw new UnreadablePdfError('damaged');
      });
      pages.push(text);
      length += text.length + 2;
    }
    return clean(pages.filter(Boolean).join('\n\n').slice(0, maxChars));
  } finally {
    await task.destroy();
  }
}

async function pageText(pdf: PDFDocumentProxy, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    return content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      .trim();
  } finally {
    page.cleanup();
  }
}

/** PostgreSQL text cannot hold NUL, and a cut may split a surrogate pair. */
function clean(text: string): string {
  return text
    .replaceAll('\0', '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
