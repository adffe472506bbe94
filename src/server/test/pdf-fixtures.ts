// PDFs for upload and submit tests, made on the fly: readable, password-protected and cut off.
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import { createTextPdf, PAGE_BREAK } from '../demo/text-pdf';

/** A real PDF with one page per entry of `pages`, each page holding just that text. */
export async function textPdf(pages: string[] = ['An essay about hash tables.']) {
  const paragraphs = pages.flatMap((text, index) => (index > 0 ? [PAGE_BREAK, text] : [text]));
  return Buffer.from(await createTextPdf({ paragraphs }));
}

/**
 * A PDF that asks for a password before it can be opened, as a student's "protected" export
 * would: a standard security handler whose check values the empty password does not match.
 */
export async function passwordProtectedPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Top secret essay', { x: 72, y: 700, size: 12, font });
  const context = pdf.context;
  const hex = (bytes: number) => PDFHexString.of(randomBytes(bytes).toString('hex'));
  context.trailerInfo.Encrypt = context.register(
    context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: hex(32), U: hex(32) }),
  );
  const id = hex(16);
  context.trailerInfo.ID = context.obj([id, id]);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The first part of a real PDF, as a client that dropped the connection would send. */
export async function truncatedPdf() {
  const whole = await textPdf(['This essay was cut off halfway through the upload.']);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
