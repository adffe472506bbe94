// What can make a PDF unreadable, and the limits behind it, apart from pdf.js itself: the main
// thread reports these errors but never loads pdf.js (36 MB), which runs in the worker threads.

/** Enough for any essay or report; stops one pathological PDF from filling a row. */
export const MAX_CONTENT_CHARS = 200_000;
/** No submission needs more; walking thousands of empty pages alone takes seconds. */
export const MAX_PDF_PAGES = 1000;

export type UnreadableReason =
  'encrypted' | 'incomplete' | 'damaged' | 'too-many-pages' | 'too-slow' | 'too-much-memory';

const MESSAGES: Record<UnreadableReason, string> = {
  encrypted: 'This PDF is password-protected. Please upload a PDF without a password.',
  incomplete:
    'This PDF is incomplete; it may have been cut off during upload. Please upload it again.',
  damaged: 'This PDF could not be read; it may be damaged. Please upload it again.',
  'too-many-pages': `This PDF has more than ${MAX_PDF_PAGES.toLocaleString('en-US')} pages. Please upload a shorter PDF.`,
  'too-slow':
    'This PDF took too long to read. Please export or print it to PDF again and upload that.',
  'too-much-memory':
    'This PDF needs too much memory to read. Please export or print it to PDF again and upload that.',
};

export const isUnreadableReason = (reason: unknown): reason is UnreadableReason =>
  typeof reason === 'string' && reason in MESSAGES;

export class UnreadablePdfError extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(MESSAGES[reason]);
    this.name = 'UnreadablePdfError';
  }
}
