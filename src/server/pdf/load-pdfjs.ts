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
//
// pdf.js also requires @napi-rs/canvas (Skia) at load, in every thread, to supply DOMMatrix,
// ImageData and Path2D for rendering. We only read text, and a native library is never unloaded:
// Skia took 20 MB in each thread that loaded pdf.js, and left about as much in the process after
// the thread ended (docs/decisions/044). So pdf.js is given a DOMMatrix of its own (it builds one
// at load) and finds no canvas package.
import type * as NodeModule from 'node:module';
import CSSMatrix from '@thednp/dommatrix';
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
    const [pdfjs] = await withoutCanvas(() =>
      Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
      ]),
    );
    REPLACED_BY_CORE_JS.forEach(([owner, name], i) =>
      Object.defineProperty(owner, name, originals[i]!),
    );
    return pdfjs;
  })();
  return loading;
}

const CANVAS_PACKAGE = '@napi-rs/canvas';

/** What pdf.js's `require('@napi-rs/canvas')` gets while it loads: no rendering classes. */
const NO_CANVAS = Object.freeze({});

/** Rendering classes pdf.js would take from the canvas; text extraction never builds one. */
class RenderingUnavailable {
  constructor() {
    throw new Error('pdf.js cannot render here: this thread only reads text.');
  }
}

/**
 * Runs `load` with the globals pdf.js looks for already in place (a real DOMMatrix; ImageData
 * and Path2D that refuse to be built) and with its `require` of the canvas package answered
 * with an empty module, so pdf.js neither loads Skia nor warns. The `require` is put back once
 * pdf.js has loaded; the globals stay, as pdf.js's own would.
 */
async function withoutCanvas<T>(load: () => Promise<T>): Promise<T> {
  const globals = globalThis as Record<string, unknown>;
  for (const [name, value] of [
    ['DOMMatrix', CSSMatrix],
    ['ImageData', RenderingUnavailable],
    ['Path2D', RenderingUnavailable],
  ] as const) {
    globals[name] ??= value;
  }
  const getBuiltinModule = process.getBuiltinModule;
  process.getBuiltinModule = ((id: string) => {
    const found = getBuiltinModule(id);
    return id === 'module' || id === 'node:module'
      ? moduleWithoutCanvas(found as typeof NodeModule)
      : found;
  }) as typeof process.getBuiltinModule;
  try {
    return await load();
  } finally {
    process.getBuiltinModule = getBuiltinModule;
  }
}

/** node:module, whose createRequire gives a require answering the canvas package with nothing. */
function moduleWithoutCanvas(module: typeof NodeModule): typeof NodeModule {
  const requireWithoutCanvas = (require: NodeJS.Require) =>
    new Proxy(require, {
      apply: (fn, self, args: [string]) =>
        args[0] === CANVAS_PACKAGE ? NO_CANVAS : Reflect.apply(fn, self, args),
    });
  return new Proxy(module, {
    get: (target, key, receiver) =>
      key === 'createRequire'
        ? (from: string | URL) => requireWithoutCanvas(target.createRequire(from))
        : Reflect.get(target, key, receiver),
  });
}
