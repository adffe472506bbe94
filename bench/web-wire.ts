// 7. Web: the bytes on the wire for /login. Headless Chromium (empty cache) loads /login until
// the network is idle and lists every same-origin response; each of those URLs is then fetched
// again with node:http (which never decodes) once per Accept-Encoding, and the body bytes the
// server sent are summed per kind of file. HTTP headers are not counted.
//
// Alone, against any running server: `npx tsx bench/web-wire.ts http://127.0.0.1:3100`.
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { kb, renderTable } from './harness';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

/** What a browser offers, and the two ways a server can fail to meet it. */
const ENCODINGS = [
  { label: 'br, gzip (as a browser asks)', header: 'br, gzip, deflate' },
  { label: 'gzip only', header: 'gzip' },
  { label: 'identity (nothing compressed)', header: 'identity' },
] as const;

type Kind = 'JavaScript' | 'CSS' | 'HTML' | 'other';

const kindOf = (path: string): Kind =>
  /\.m?js$/.test(path)
    ? 'JavaScript'
    : path.endsWith('.css')
      ? 'CSS'
      : path.endsWith('.html') || !/\.[a-z0-9]+$/i.test(path)
        ? 'HTML'
        : 'other';

interface Fetched {
  path: string;
  kind: Kind;
  bytes: number;
  encoding: string;
}

function fetchRaw(url: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const path = new URL(url).pathname;
        resolve({
          path,
          kind: kindOf(path),
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'none'),
        });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Every same-origin URL a cold browser fetches for /login. */
async function loginUrls(base: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const urls = new Set<string>();
    page.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(base) && !new URL(url).pathname.startsWith('/api/')) urls.add(url);
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    return [...urls];
  } finally {
    await browser.close();
  }
}

export async function benchLoginWire(base: string) {
  const urls = await loginUrls(base);
  const rows: string[][] = [];
  let details: Fetched[] = [];
  for (const { label, header } of ENCODINGS) {
    const fetched = await Promise.all(urls.map((url) => fetchRaw(url, header)));
    if (header.startsWith('br')) details = fetched;
    const sum = (kind?: Kind) =>
      fetched.filter((f) => !kind || f.kind === kind).reduce((total, f) => total + f.bytes, 0);
    const served = [...new Set(fetched.map((f) => f.encoding))].sort().join(', ');
    rows.push([
      label,
      String(fetched.length),
      kb(sum('JavaScript')),
      kb(sum('CSS')),
      kb(sum('HTML')),
      kb(sum()),
      served,
    ]);
  }
  return { rows, details };
}

export const LOGIN_WIRE_COLUMNS = [
  'Accept-Encoding',
  'Files',
  'JavaScript',
  'CSS',
  'HTML',
  'Total',
  'Content-Encoding served',
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3100';
  benchLoginWire(base).then(
    ({ rows, details }) => {
      console.log(
        renderTable({
          title: `Bytes on the wire for /login (${base})`,
          note: 'Body bytes as sent, per Accept-Encoding; HTTP headers not counted.',
          columns: LOGIN_WIRE_COLUMNS,
          rows,
        }),
      );
      for (const file of details) {
        console.log(`- ${file.path}: ${kb(file.bytes)} (${file.encoding})`);
      }
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
