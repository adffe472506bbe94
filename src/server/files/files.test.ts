// POST /api/files and signed file links, through HTTP against a real database and a real
// storage directory.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@domain/limits';
import { submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { textPdf } from '../test/pdf-fixtures';
import { signedInUser } from '../test/sign-in';
import { buildClassroom, filesOnDisk, submit, uploaded, uploadPdf } from '../test/uploads';
import { createFileUrlSigner } from './signed-urls';
import { STORAGE_BUCKET } from '../storage/file-storage';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const submissionCount = async () =>
  (await t.database.db.select({ n: count() }).from(submissions))[0]?.n;

/** A PDF of exactly `size` bytes: a real header, then padding a PDF reader would skip. */
const pdfOfSize = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  return bytes;
};

describe('uploading a PDF', () => {
  it('stores a student PDF under {course}/{student}/{timestamp}_{name} and records nothing yet', async () => {
    const { student, course, assignment } = await buildClassroom(t);
    const pdf = await textPdf(['My essay']);

    const response = await uploadPdf(t, student, assignment.id, {
      data: pdf,
      filename: 'My Essay (final).PDF',
    });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      path: expect.stringMatching(
        new RegExp(`^${course.id}/${student.id}/\\d+_My_Essay_final\\.pdf$`),
      ),
      size: pdf.length,
      original_filename: 'My Essay (final).PDF',
    });
    const stored = await readFile(join(t.config.storageDir, STORAGE_BUCKET, body.path));
    expect(stored.equals(pdf)).toBe(true);
    expect(await submissionCount()).toBe(0);
  });

  it('refuses a text file renamed .pdf with 415 and stores nothing', async () => {
    const { student, assignment } = await buildClassroom(t);
    const before = await filesOnDisk(t);

    const response = await uploadPdf(t, student, assignment.id, {
      data: Buffer.from('Just some notes, not a PDF at all.\n'),
      filename: 'notes.pdf',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF files are allowed' },
    });
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('refuses a real PDF declared as another type with 415', async () => {
    const { student, assignment } = await buildClassroom(t);
    const before = await filesOnDisk(t);
    const response = await uploadPdf(t, student, assignment.id, { contentType: 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('refuses 10 MB + 1 byte with 413 and leaves no file, not even a temp file', async () => {
    const { student, assignment } = await buildClassroom(t);
    const before = await filesOnDisk(t);

    const response = await uploadPdf(t, student, assignment.id, {
      data: pdfOfSize(MAX_UPLOAD_BYTES + 1),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size must be less than 10MB' },
    });
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { student, assignment } = await buildClassroom(t);
    const response = await uploadPdf(t, student, assignment.id, {
      data: pdfOfSize(MAX_UPLOAD_BYTES),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().size).toBe(MAX_UPLOAD_BYTES);
  });

  it('stores a file named ../../etc/passwd.pdf safely inside its own key', async () => {
    const { student, course, assignment } = await buildClassroom(t);
    const before = await filesOnDisk(t);

    const response = await uploadPdf(t, student, assignment.id, {
      filename: '../../etc/passwd.pdf',
    });

    expect(response.statusCode).toBe(201);
    const { path } = response.json();
    expect(path).toMatch(new RegExp(`^${course.id}/${student.id}/\\d+_passwd\\.pdf$`));
    const added = (await filesOnDisk(t)).filter((file) => !before.includes(file));
    expect(added).toEqual([join(STORAGE_BUCKET, ...path.split('/'))]);
  });

  it('refuses closed, draft, unknown and not-enrolled assignments and stores nothing', async () => {
    const { teacher, student, course } = await buildClassroom(t);
    const closed = await buildAssignment(t.database.db, course.id, { status: 'closed' });
    const draft = await buildAssignment(t.database.db, course.id, { status: 'draft' });
    const otherCourse = await buildCourse(t.database.db, teacher.id);
    const notMine = await buildAssignment(t.database.db, otherCourse.id);
    const before = await filesOnDisk(t);

    const answers = await Promise.all(
      [closed.id, draft.id, crypto.randomUUID(), notMine.id].map(async (id) => {
        const response = await uploadPdf(t, student, id);
        return [response.statusCode, response.json().error.message];
      }),
    );

    expect(answers).toEqual([
      [409, 'This assignment is closed and no longer accepts submissions.'],
      [404, 'Assignment not found or not available.'],
      [404, 'Assignment not found or not available.'],
      [404, 'Assignment not found or not available.'],
    ]);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('is for signed-in students only', async () => {
    const { teacher, assignment } = await buildClassroom(t);
    expect((await uploadPdf(t, null, assignment.id)).statusCode).toBe(401);
    expect((await uploadPdf(t, teacher, assignment.id)).statusCode).toBe(403);
  });

  it('needs assignment_id before the file, and a file', async () => {
    const { student, assignment } = await buildClassroom(t);
    const pdf = await textPdf();
    const fileFirst = multipartBody([
      { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf },
      { name: 'assignment_id', value: assignment.id },
    ]);
    const noFile = multipartBody([{ name: 'assignment_id', value: assignment.id }]);
    const send = (body: ReturnType<typeof multipartBody>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/files',
        payload: body.payload,
        headers: { ...body.headers, ...student.headers },
      });

    const answers = [await send(fileFirst), await send(noFile)];
    expect(answers.map((r) => [r.statusCode, r.json().error.message])).toEqual([
      [400, 'Send a valid assignment_id field before the file.'],
      [400, 'Choose a PDF file to upload.'],
    ]);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: student.headers,
      payload: { assignment_id: assignment.id },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('signed file links', () => {
  const signedUrl = (user: { headers: Record<string, string> } | null, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/files/signed-url',
      headers: user?.headers,
      payload: body,
    });

  it('lets a student open their own upload, inline, as a PDF', async () => {
    const { student, assignment } = await buildClassroom(t);
    const pdf = await textPdf(['Read me back']);
    const file = await uploaded(t, student, assignment.id, { data: pdf, filename: 'Résumé.pdf' });

    const link = await signedUrl(student, { path: file.path });
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json();
    expect(url).toMatch(/^\/api\/files\/signed\/[\w-]+\.[\w-]+$/);
    // The default lifetime is an hour.
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(3590 * 1000);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="Resume.pdf"');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers Range requests with 206 and exactly the bytes asked for', async () => {
    const { student, assignment } = await buildClassroom(t);
    const pdf = await textPdf(['Ranges']);
    const file = await uploaded(t, student, assignment.id, { data: pdf });
    const { url } = (await signedUrl(student, { path: file.path })).json();
    const get = (range: string) => t.app.inject({ url, headers: { range } });

    const head = await get('bytes=0-4');
    expect(head.statusCode).toBe(206);
    expect(head.body).toBe('%PDF-');
    expect(head.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
    expect(head.headers['content-length']).toBe('5');

    const middle = await get('bytes=100-199');
    expect(middle.rawPayload.equals(pdf.subarray(100, 200))).toBe(true);

    const tail = await get('bytes=-6');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(-6))).toBe(true);

    const rest = await get(`bytes=${pdf.length - 10}-`);
    expect(rest.rawPayload.equals(pdf.subarray(-10))).toBe(true);
    expect(rest.headers['content-range']).toBe(
      `bytes ${pdf.length - 10}-${pdf.length - 1}/${pdf.length}`,
    );

    const beyond = await get(`bytes=${pdf.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(beyond.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('refuses a tampered, a foreign and an expired token', async () => {
    const { student, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id);
    const { url } = (await signedUrl(student, { path: file.path })).json();
    const token = url.split('/').pop() as string;
    const [payload, signature] = token.split('.') as [string, string];

    // Same signature, but the payload now names another student's file.
    const otherPath = file.path.replace(student.id, crypto.randomUUID());
    const forged = Buffer.from(JSON.stringify({ path: otherPath, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const foreign = createFileUrlSigner('another secret, not ours, long enough').sign(
      file.path,
      3600,
    ).token;
    const expired = createFileUrlSigner(t.config.jwtSecret).sign(
      file.path,
      60,
      new Date(Date.now() - 61_000),
    ).token;

    for (const bad of [`${forged}.${signature}`, `${payload}.${flipped}`, foreign, 'garbage']) {
      const response = await t.app.inject({ url: `/api/files/signed/${bad}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'FORBIDDEN',
        message: 'This file link is not valid.',
      });
    }
    const late = await t.app.inject({ url: `/api/files/signed/${expired}` });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(
      'This file link has expired. Please open the file again.',
    );
  });

  it('gives links only to the file owner and, once submitted, the course teacher', async () => {
    const { teacher, student, course, assignment } = await buildClassroom(t);
    const classmate = await signedInUser(t, 'student');
    await enrol(t.database.db, course.id, classmate.id);
    const otherTeacher = await signedInUser(t, 'teacher');
    const file = await uploaded(t, student, assignment.id);
    const ask = async (user: { headers: Record<string, string> } | null) =>
      (await signedUrl(user, { path: file.path })).statusCode;

    expect(await ask(student)).toBe(200);
    expect(await ask(classmate)).toBe(404);
    expect(await ask(otherTeacher)).toBe(404);
    expect(await ask(null)).toBe(401);
    // Not submitted yet: the upload is still the student's own business.
    expect(await ask(teacher)).toBe(404);

    expect((await submit(t, student, assignment.id, file)).statusCode).toBe(200);
    expect(await ask(teacher)).toBe(200);
    expect(await ask(otherTeacher)).toBe(404);
    expect(await ask(classmate)).toBe(404);
  });

  it('answers 404 for paths that are not stored files and 400 for too long a lifetime', async () => {
    const { student, course } = await buildClassroom(t);
    const missing = `${course.id}/${student.id}/1700000000000_missing.pdf`;
    for (const path of [missing, '../../etc/passwd', `${course.id}/${student.id}`]) {
      expect((await signedUrl(student, { path })).statusCode).toBe(404);
    }
    const tooLong = await signedUrl(student, { path: missing, expires_in: 7 * 24 * 3600 });
    expect(tooLong.statusCode).toBe(400);
    const viewer = await signedUrl(student, { path: missing, expires_in: 72000 });
    expect(viewer.statusCode).toBe(404);
  });
});
