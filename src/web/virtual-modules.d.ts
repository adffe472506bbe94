/** Provided by vite.config.ts (pdfjsAssets): where pdf.js's worker and data files are served. */
declare module 'virtual:pdfjs-assets' {
  /** URL of the pdf.js worker of the exact version react-pdf uses. */
  export const workerSrc: string;
  /** Folder URL, ending in '/', holding cmaps/, standard_fonts/ and wasm/. */
  export const assetsBase: string;
}
