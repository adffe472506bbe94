import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * pdf.js needs files besides its code: the worker, character maps (for PDFs whose CJK fonts are
 * not embedded), the standard fonts and the JPEG 2000 decoder's JavaScript fallback. The CSP
 * allows our own origin only, so they come from it, taken from the pdfjs-dist copy react-pdf
 * imports (the worker must match its API version exactly). `virtual:pdfjs-assets` says where.
 */
function pdfjsAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const pdfjsDir = dirname(
    createRequire(require.resolve('react-pdf')).resolve('pdfjs-dist/package.json'),
  );
  const { version } = JSON.parse(readFileSync(join(pdfjsDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Under assets/ the server caches them like hashed files; the version names the folder.
  const folder = `assets/pdfjs-${version}/`;
  const copied = [
    'build/pdf.worker.min.mjs',
    'cmaps',
    'standard_fonts',
    'wasm/openjpeg_nowasm_fallback.js',
  ];
  const id = 'virtual:pdfjs-assets';
  let assetsBase = '';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      // The dev server serves files from node_modules under /@fs/; the build copies them.
      assetsBase = config.command === 'serve' ? `/@fs${pdfjsDir}/` : `${config.base}${folder}`;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}`
        ? [
            `export const assetsBase = ${JSON.stringify(assetsBase)};`,
            `export const workerSrc = ${JSON.stringify(`${assetsBase}build/pdf.worker.min.mjs`)};`,
          ].join('\n')
        : undefined,
    writeBundle({ dir }) {
      for (const entry of copied) {
        cpSync(join(pdfjsDir, entry), join(dir ?? '', folder, entry), { recursive: true });
      }
    },
  };
}

/** Text files worth compressing; pdf.js's binary cmaps and fonts gain little. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt']);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * DESIGN §13: what counts is the bytes on the wire. Every built text file gets a brotli (.br)
 * and a gzip (.gz) sibling, compressed once at the highest levels here rather than on every
 * request; src/server/plugins/web-client.ts serves the one the browser accepts. A sibling that
 * would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every writeBundle (pdfjsAssets copies the worker then).
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.has(extname(file))) continue;
        const source = readFileSync(file);
        const variants = {
          br: brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
            },
          }),
          gz: gzipSync(source, { level: zlib.Z_BEST_COMPRESSION }),
        };
        for (const [extension, compressed] of Object.entries(variants)) {
          if (compressed.length < source.length) writeFileSync(`${file}.${extension}`, compressed);
        }
      }
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: false,
  plugins: [react(), tailwindcss(), pdfjsAssets(), precompress()],
  resolve: {
    alias: {
      '@domain': fromRoot('./src/domain'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
  },
  server: {
    // `npm run dev`: Vite serves the client, the API runs on API_PORT and is proxied.
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
    },
  },
});
