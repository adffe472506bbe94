// pdf.js ships no types for its worker half; load-pdfjs.ts only needs it loaded.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
