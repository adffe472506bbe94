// pdf.js, loaded once per thread with the built-ins it replaces put back (docs/decisions/042).
//
// Its legacy build (the one meant for Node) carries core-js. On Node 20 (V8 11.3) core-js swaps
// Array.prototype.push, JSON.stringify and JSON.parse, for the whole thread, for JavaScript
// versions that fix edge cases neither pdf.js nor we meet (push on an array-like whose length
// passes 2^32, JSON.parse's source-text access). pdf.js pushes for every glyph it reads: the
// polyfilled push was a fifth of an extraction's CPU. What core-js adds that Node 20 lacks
// (Promise.withResolvers, Uint8Array.prototype.toHex and others) stays, because pdf.js uses it.
//
// The worker half is loaded here too: it registers itself as globalThis.pdfjsWorker, where
// pdf.js's in-thread "fake worker" finds it, so no later import can swap the built-ins again.
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;

const REPLACED_BY_CORE_JS = [
  [Array.prototype, 'push'],
  [JSON, 'stringify'],
  [JSON, 'parse'],
] as const;

let loading: Promise<Pdfjs> | undefined;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const originals = REPLACED_BY_CORE_JS.map(([owner, name]) =>
      Object.getOwnPropertyDescriptor(owner, name)!,
    );
    const [pdfjs] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]);
    REPLACED_BY_CORE_JS.forEach(([owner, name], i) =>
      Object.defineProperty(owner, name, originals[i]!),
    );
    return pdfjs;
  })();
  return loading;
}
