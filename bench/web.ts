// 5. Web: the JavaScript a browser really downloads (headless Chromium against the built
// client), gzipped with zlib and summed: for /login, and for the teacher's submission review
// page with a PDF open, the heaviest route.
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { getJson, kb, signIn, type BenchServer } from './harness';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const HEAVY_CHUNKS = [
  { label: 'PDF viewer (pdf-viewer chunk, pdf.js)', pattern: /pdf-viewer|pdfjs|pdf\.worker/ },
  { label: 'Markdown editor chunk', pattern: /markdown-editor/ },
];

interface Loaded {
  name: string;
  raw: number;
  gzip: number;
}

function recordScripts(context: BrowserContext) {
  const loaded: Promise<Loaded | null>[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (!/\.m?js$/.test(url.pathname)) return;
    loaded.push(
      response.body().then(
        (body) => ({
          name: url.pathname.split('/').pop()!,
          raw: body.length,
          gzip: gzipSync(body).length,
        }),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(loaded)).filter((l): l is Loaded => l !== null);
}

const sum = (files: Loaded[], key: 'raw' | 'gzip') => files.reduce((s, f) => s + f[key], 0);

export async function benchWeb(server: BenchServer) {
  const { fixture } = server;
  const teacher = await signIn(server.base, fixture.rushTeacherEmail, fixture.password);
  const list = await getJson<{ items: { id: string; file_path: string | null }[] }>(
    server.base,
    `/api/assignments/${fixture.rushAssignmentId}/submissions`,
    teacher,
  );
  const submission = list.items.find((s) => s.file_path);
  if (!submission) throw new Error('no submission with a PDF to review');
  const reviewPath = `/teacher/courses/${fixture.rushCourseId}/assignments/${fixture.rushAssignmentId}/submissions/${submission.id}`;

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    // /login, cold.
    const loginContext = await browser.newContext();
    const loginScripts = recordScripts(loginContext);
    const loginPage = await loginContext.newPage();
    await loginPage.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    await loginPage.getByLabel('Email').waitFor();
    const login = await loginScripts();
    await loginContext.close();

    // Sign in through the form, then load the review page cold (new tab, empty cache).
    const reviewContext = await browser.newContext();
    const signInPage = await reviewContext.newPage();
    await signInPage.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    await signInPage.getByLabel('Email').fill(fixture.rushTeacherEmail);
    await signInPage.getByLabel('Password').fill(fixture.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.waitForURL('**/teacher/dashboard');
    await signInPage.close();
    const reviewScripts = recordScripts(reviewContext);
    const reviewPage = await reviewContext.newPage();
    await reviewPage.goto(`${server.base}${reviewPath}`, { waitUntil: 'networkidle' });
    const pdfShown = await reviewPage
      .locator('canvas, .react-pdf__Page')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    await reviewPage.waitForLoadState('networkidle');
    const review = await reviewScripts();
    await reviewContext.close();

    const rows = [
      [
        '/login',
        String(login.length),
        kb(sum(login, 'raw')),
        kb(sum(login, 'gzip')),
        ...HEAVY_CHUNKS.map(({ pattern }) =>
          login.some((f) => pattern.test(f.name)) ? '✗ loaded' : '✓ not loaded',
        ),
      ],
      [
        `submission review with a PDF${pdfShown ? '' : ' (PDF not rendered!)'}`,
        String(review.length),
        kb(sum(review, 'raw')),
        kb(sum(review, 'gzip')),
        ...HEAVY_CHUNKS.map(({ pattern }) =>
          review.some((f) => pattern.test(f.name)) ? 'loaded' : 'not loaded',
        ),
      ],
    ];
    return { rows, columns: HEAVY_CHUNKS.map((c) => c.label), login, review };
  } finally {
    await browser.close();
  }
}
