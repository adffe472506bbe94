// The bad-input corpus against every write endpoint: each bad request is refused with a 4xx in
// DESIGN §6's error shape, and the database and storage are exactly as they were before.
// Hostile but valid text (SQL metacharacters, Markdown with script links) is stored verbatim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../build-test-app';
import { passwordProtectedPdf, textPdf, truncatedPdf } from '../pdf-fixtures';
import { uploadPdf } from '../uploads';
import { ROUTE_TABLE, type RouteEntry } from './route-table';
import {
  buildReliabilityApp,
  buildWorld,
  isErrorShape,
  snapshot,
  type Caller,
  type World,
} from './world';

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildReliabilityApp();
  world = await buildWorld(t);
});
afterAll(() => t.close());

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that take no body (DELETE, enrol self, sign out): there is no field to get wrong. */
const NO_BODY = new Set([
  'POST /api/courses/:id/enrollments',
  'POST /api/auth/refresh',
  'POST /api/suggestions/:id/dismiss',
]);
/** Routes whose every body field is optional: an empty object is a valid body for them. */
const ALL_OPTIONAL = new Set([
  'PATCH /api/courses/:id',
  'PATCH /api/assignments/:id',
  'POST /api/chat/threads',
  'POST /api/auth/refresh',
  'POST /api/assignments/:id/auto-grading',
  'POST /api/submissions/:id/versions/:versionId/signed-url',
]);

/** A caller the route lets through, so the refusal comes from the body, not from §7. */
function allowedCaller(entry: RouteEntry): Caller {
  const order: Caller[] = ['owningTeacher', 'enrolledStudent', 'otherStudent', 'anonymous'];
  const caller = order.find((c) => entry.expect[c] >= 200 && entry.expect[c] < 300);
  return caller ?? 'owningTeacher';
}

const writeRoutes = ROUTE_TABLE.filter(
  (entry) =>
    WRITE_METHODS.has(entry.method) &&
    entry.route !== '/api/files' &&
    entry.route !== '/api/auth/sign-out',
);

let address = 0;
async function send(entry: RouteEntry, body: { raw?: string; json?: unknown }) {
  const caller = allowedCaller(entry);
  const call = await entry.call(world, caller);
  const before = await snapshot(t);
  address += 1;
  const response = await t.app.inject({
    method: entry.method,
    url: call.url,
    headers: { ...world.users[caller]?.headers, 'content-type': 'application/json' },
    remoteAddress: `10.99.${Math.floor(address / 250)}.${address % 250}`,
    payload: body.raw ?? JSON.stringify(body.json),
  });
  return { response, call, before, after: () => snapshot(t) };
}

/** Every string in the body replaced by `text` (recursively), every other value kept. */
function withText(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((v) => withText(v, text));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withText(v, text)]));
  }
  return value;
}

/** Every field given a value of the wrong type. */
function wrongTypes(value: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === 'string' ? { $gt: '' } : 'not-a-number',
    ]),
  );
}

async function expectRefusedAndUnchanged(
  entry: RouteEntry,
  body: { raw?: string; json?: unknown },
  status?: number,
) {
  const { response, before, after } = await send(entry, body);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (status) expect(response.statusCode).toBe(status);
  expect(isErrorShape(response.json()), response.body).toBe(true);
  expect(await after()).toEqual(before);
}

describe('Every write endpoint refuses a bad body and changes nothing', () => {
  for (const entry of writeRoutes) {
    describe(`${entry.method} ${entry.route}`, () => {
      it('refuses malformed JSON with 400', async () => {
        await expectRefusedAndUnchanged(entry, { raw: '{"title": "unclosed' }, 400);
      });

      it('refuses a body over the size limit with 413', async () => {
        await expectRefusedAndUnchanged(entry, { json: { title: 'x'.repeat(1_100_000) } }, 413);
      });

      const key = `${entry.method} ${entry.route}`;
      if (entry.method !== 'DELETE' && !NO_BODY.has(key)) {
        it('refuses fields of the wrong type', async () => {
          const call = await entry.call(world, allowedCaller(entry));
          const valid = call.payload as Record<string, unknown>;
          await expectRefusedAndUnchanged(entry, { json: wrongTypes(valid) });
        });
        it('refuses a body that is not an object', async () => {
          await expectRefusedAndUnchanged(entry, { json: ['not', 'an', 'object'] });
        });
      }

      if (entry.method !== 'DELETE' && !NO_BODY.has(key) && !ALL_OPTIONAL.has(key)) {
        it('refuses a body with its fields missing', async () => {
          await expectRefusedAndUnchanged(entry, { json: {} });
        });
      }

      it('answers control characters and very long unicode without a server error', async () => {
        for (const text of ['nul\u0000bell\u0007esc\u001b[31m', '\u{1D518}\u0301'.repeat(60_000)]) {
          const call = await entry.call(world, allowedCaller(entry));
          if (call.payload === undefined) continue;
          const { response, before, after } = await send(entry, {
            json: withText(call.payload, text),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(isErrorShape(response.json()), response.body).toBe(true);
            expect(await after()).toEqual(before);
          }
        }
      });
    });
  }
});

describe('Hostile text is stored verbatim, never executed', () => {
  const sql = 'Robert\'); drop table users; -- " ; select pg_sleep(0) /*';
  const markdown =
    '[click](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)>';

  it('A course titled with SQL metacharacters is stored and read back as that text', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: world.owningTeacher.headers,
      payload: { title: sql, description: markdown },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${created.json<{ id: string }>().id}`,
      headers: world.owningTeacher.headers,
    });
    expect(read.json()).toMatchObject({ title: sql, description: markdown });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: world.owningTeacher.headers,
    });
    expect(session.statusCode).toBe(200);
  });

  it('An assignment with script links and raw HTML in its Markdown keeps them as text', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${world.course.id}/assignments`,
      headers: world.owningTeacher.headers,
      payload: { title: sql, description: markdown, rubric_markdown: markdown },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: sql,
      description: markdown,
      rubric_markdown: markdown,
    });
  });

  it('A chat message and grade feedback with SQL and script text are stored verbatim', async () => {
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/chat/threads/${world.thread.id}/messages`,
      headers: world.owningTeacher.headers,
      payload: { message: sql, response: markdown },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(message.json()).toMatchObject({ message: sql, response: markdown });
    const { submission } = await world.throwaway();
    const graded = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: world.owningTeacher.headers,
      payload: { grade: 5, feedback: markdown, show_detailed_feedback: false },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json()).toMatchObject({ feedback: markdown });
  });
});

describe('POST /api/files refuses anything but a whole, readable PDF and stores nothing', () => {
  const cases: [
    string,
    () => Promise<{ data: Buffer; filename?: string; contentType?: string }>,
  ][] = [
    [
      'a non-PDF file',
      async () => ({ data: Buffer.from('MZ\u0090\u0000 not a pdf'), filename: 'essay.pdf' }),
    ],
    [
      'a text file claiming to be a PDF',
      async () => ({
        data: Buffer.from('just text'),
        filename: 'essay.pdf',
        contentType: 'application/pdf',
      }),
    ],
    ['a zero-byte file', async () => ({ data: Buffer.alloc(0) })],
    [
      'a PDF over 10 MB',
      async () => ({ data: Buffer.concat([await textPdf(), Buffer.alloc(10 * 1024 * 1024 + 1)]) }),
    ],
  ];
  for (const [name, file] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await snapshot(t);
      const response = await uploadPdf(t, world.enrolledStudent, world.assignment.id, await file());
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(isErrorShape(response.json()), response.body).toBe(true);
      expect(await snapshot(t)).toEqual(before);
    });
  }
});

describe('POST /api/files refuses a body that is not well-formed multipart', () => {
  for (const contentType of [
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; charset=utf-8',
  ]) {
    it(`answers ${JSON.stringify(contentType)} with a 4xx and stores nothing`, async () => {
      const before = await snapshot(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...world.enrolledStudent.headers, 'content-type': contentType },
        payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--x--\r\n`,
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(isErrorShape(response.json()), response.body).toBe(true);
      expect(await snapshot(t)).toEqual(before);
    });
  }
});

// DESIGN §8: the upload checks the signature and size; the text is extracted at submit time, so
// a PDF that is cut off or locked is refused when it is submitted, and its upload removed.
describe('A truncated or password-protected PDF is refused at submit and leaves nothing', () => {
  for (const [name, pdf] of [
    ['truncated', truncatedPdf],
    ['password-protected', passwordProtectedPdf],
  ] as const) {
    it(`refuses a ${name} PDF`, async () => {
      const { assignment } = await world.throwaway();
      const before = await snapshot(t);
      const upload = await uploadPdf(t, world.enrolledStudent, assignment.id, {
        data: await pdf(),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const file = upload.json<{ path: string; size: number }>();
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/assignments/${assignment.id}/submissions/me`,
        headers: world.enrolledStudent.headers,
        payload: { file_path: file.path, file_size: file.size, original_filename: 'essay.pdf' },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(isErrorShape(response.json()), response.body).toBe(true);
      expect(await snapshot(t)).toEqual(before);
    });
  }
});

it('The before-and-after snapshot covers every table and stored file', async () => {
  const { tables, files } = await snapshot(t);
  expect(Object.keys(tables)).toEqual(
    expect.arrayContaining([
      'users',
      'refresh_tokens',
      'courses',
      'assignments',
      'submissions',
      'enrollments',
      'chat_threads',
      'chat_messages',
      'voice_knowledge_bases',
    ]),
  );
  expect(Object.keys(files)).toContain(`assignment-files/${world.file.path}`);
});

// Issue 20: inputs that used to answer 500, corrupt data, or slip past a rule.
describe('Bounds added by the security review are refused with a 4xx and change nothing', () => {
  const cases: [
    string,
    () => Promise<{
      method: 'POST' | 'PATCH';
      url: string;
      payload: object;
      headers: Record<string, string>;
    }>,
    number,
  ][] = [
    [
      'an assignment due in year 0000',
      async () => ({
        method: 'POST',
        url: `/api/courses/${world.course.id}/assignments`,
        headers: world.owningTeacher.headers,
        payload: { title: 'Ancient', due_date: '0000-03-15T00:00:00Z' },
      }),
      400,
    ],
    [
      'a due date that lands in year 10000 after its offset',
      async () => ({
        method: 'PATCH',
        url: `/api/assignments/${world.assignment.id}`,
        headers: world.owningTeacher.headers,
        payload: { due_date: '9999-12-31T23:30:00-01:00' },
      }),
      400,
    ],
    [
      'a total below a grade already given',
      async () => {
        const { assignment, submission } = await world.throwaway();
        await t.app.inject({
          method: 'POST',
          url: `/api/submissions/${submission.id}/grade`,
          headers: world.owningTeacher.headers,
          payload: { grade: 9, show_detailed_feedback: false },
        });
        return {
          method: 'PATCH',
          url: `/api/assignments/${assignment.id}`,
          headers: world.owningTeacher.headers,
          payload: { total_points: 5 },
        };
      },
      409,
    ],
    [
      'a sign-up with a common password',
      async () => ({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: {},
        payload: {
          email: 'common@example.test',
          password: 'password1',
          full_name: 'Common',
          role: 'student',
        },
      }),
      400,
    ],
    [
      'a sign-up from another site',
      async () => ({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: {
          email: 'csrf@example.test',
          password: 'a long enough passphrase',
          full_name: 'Cross',
          role: 'student',
        },
      }),
      403,
    ],
  ];
  for (const [name, build, status] of cases) {
    it(`refuses ${name}`, async () => {
      const call = await build();
      const before = await snapshot(t);
      const response = await t.app.inject({ ...call, remoteAddress: '10.98.0.1' });
      expect(response.statusCode, response.body).toBe(status);
      expect(isErrorShape(response.json()), response.body).toBe(true);
      expect(await snapshot(t)).toEqual(before);
    });
  }

  it('refuses a profile id that is not a UUID with 400', async () => {
    const response = await t.app.inject({
      url: '/api/users/..%2F..%2Fetc',
      headers: world.owningTeacher.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(isErrorShape(response.json())).toBe(true);
  });

  it('ignores a hostile X-Request-Id', async () => {
    const response = await t.app.inject({
      url: '/health',
      headers: { 'x-request-id': 'x"; DROP TABLE users; --' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
