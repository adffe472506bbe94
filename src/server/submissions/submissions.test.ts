// Submitting and reading submissions through HTTP, on a real database and storage directory.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, submissionVersions } from '../db/schema';
import { sweepOrphanUploads } from '../files/orphan-uploads';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { passwordProtectedPdf, textPdf, truncatedPdf } from '../test/pdf-fixtures';
import { signedInUser } from '../test/sign-in';
import { buildClassroom, filesOnDisk, submit, uploaded } from '../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowsFor = (assignmentId: string) =>
  t.database.db.select().from(submissions).where(eq(submissions.assignment_id, assignmentId));
const isStored = async (path: string) => (await t.storage.stat(path)) !== null;

describe('submitting', () => {
  it('creates a submitted submission with the PDF text extracted into content', async () => {
    const { student, course, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id, {
      data: await textPdf(['Hash tables map keys to buckets.', 'Collisions are chained.']),
    });
    const before = Date.now();

    const response = await submit(t, student, assignment.id, {
      ...file,
      original_filename: 'Hash tables.pdf',
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      assignment_id: assignment.id,
      student_id: student.id,
      status: 'submitted',
      grade: null,
      file_path: file.path,
      file_size: file.size,
      original_filename: 'Hash tables.pdf',
      content: 'Hash tables map keys to buckets.\n\nCollisions are chained.',
      student: { id: student.id, full_name: 'Alan Turing', email: student.email },
      assignment: {
        id: assignment.id,
        title: 'Hash tables',
        total_points: 100,
        course_id: course.id,
        course: { id: course.id, title: 'Data Structures' },
      },
    });
    expect(Date.parse(body.submitted_at)).toBeGreaterThanOrEqual(before - 5000);
    expect(await rowsFor(assignment.id)).toHaveLength(1);
  });

  it('takes a resubmit as the current file: one row, both files kept (versions), grade cleared', async () => {
    const { student, assignment } = await buildClassroom(t);
    const first = await uploaded(t, student, assignment.id, { data: await textPdf(['Draft']) });
    const created = (await submit(t, student, assignment.id, first)).json();
    await t.database.db
      .update(submissions)
      .set({ status: 'graded', grade: 71, graded_at: new Date(), feedback: 'Needs work' })
      .where(eq(submissions.id, created.id));
    const second = await uploaded(t, student, assignment.id, { data: await textPdf(['Final']) });

    const response = await submit(t, student, assignment.id, second);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      status: 'submitted',
      grade: null,
      graded_at: null,
      feedback: null,
      detailed_feedback_json: null,
      show_detailed_feedback: false,
      file_path: second.path,
      content: 'Final',
    });
    expect(await rowsFor(assignment.id)).toHaveLength(1);
    expect(await isStored(second.path)).toBe(true);
    // The earlier file is kept as version 1 (submission-versions.test.ts).
    expect(await isStored(first.path)).toBe(true);
  });

  it('keeps the file when the same upload is submitted again', async () => {
    const { student, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id);
    expect((await submit(t, student, assignment.id, file)).statusCode).toBe(200);
    expect((await submit(t, student, assignment.id, file)).statusCode).toBe(200);
    expect(await isStored(file.path)).toBe(true);
  });

  it('keeps a replaced file that another assignment’s submission still uses', async () => {
    const { student, course, assignment } = await buildClassroom(t);
    const other = await buildAssignment(t.database.db, course.id, { title: 'Same essay' });
    const shared = await uploaded(t, student, assignment.id);
    await submit(t, student, assignment.id, shared);
    await submit(t, student, other.id, shared);

    const replacement = await uploaded(t, student, assignment.id);
    expect((await submit(t, student, assignment.id, replacement)).statusCode).toBe(200);
    expect(await isStored(shared.path)).toBe(true);
  });

  it('leaves one row when two submits race', async () => {
    const { student, assignment } = await buildClassroom(t);
    const a = await uploaded(t, student, assignment.id, { data: await textPdf(['Version A']) });
    const b = await uploaded(t, student, assignment.id, { data: await textPdf(['Version B']) });

    const responses = await Promise.all([
      submit(t, student, assignment.id, a),
      submit(t, student, assignment.id, b),
    ]);

    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await rowsFor(assignment.id);
    expect(rows).toHaveLength(1);
    expect([a.path, b.path]).toContain(rows[0]?.file_path);
    expect(await isStored(rows[0]?.file_path as string)).toBe(true);
    // Numbered one after the other, and the row points at the last. Both are versions when
    // they commit in the order they arrived; when the one that arrived first commits last, it
    // changes nothing (decision 043: of two racing hand-ins the later one stays).
    const versions = await t.database.db
      .select()
      .from(submissionVersions)
      .where(eq(submissionVersions.submission_id, rows[0]!.id))
      .orderBy(submissionVersions.number);
    expect([[1], [1, 2]]).toContainEqual(versions.map((v) => v.number));
    expect(new Set([a.path, b.path])).toEqual(
      new Set([a.path, b.path, ...versions.map((v) => v.file_path)]),
    );
    expect(rows[0]?.current_version_id).toBe(versions.at(-1)?.id);
    expect(rows[0]?.file_path).toBe(versions.at(-1)?.file_path);
    const times = versions.map((v) => v.submitted_at.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('refuses closed, draft, unknown and not-enrolled assignments with clear messages', async () => {
    const { teacher, student, course } = await buildClassroom(t);
    const open = await buildAssignment(t.database.db, course.id);
    const file = await uploaded(t, student, open.id);
    const closed = await buildAssignment(t.database.db, course.id, { status: 'closed' });
    const draft = await buildAssignment(t.database.db, course.id, { status: 'draft' });
    const elsewhere = await buildAssignment(
      t.database.db,
      (await buildCourse(t.database.db, teacher.id)).id,
    );

    const answers = [];
    for (const id of [closed.id, draft.id, crypto.randomUUID(), elsewhere.id]) {
      const response = await submit(t, student, id, file);
      answers.push([response.statusCode, response.json().error.message]);
    }

    expect(answers).toEqual([
      [409, 'This assignment is closed and no longer accepts submissions.'],
      [404, 'Assignment not found or not available.'],
      [404, 'Assignment not found or not available.'],
      [404, 'Assignment not found or not available.'],
    ]);
    const [{ n } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(submissions)
      .where(eq(submissions.student_id, student.id));
    expect(n).toBe(0);
  });

  it('refuses a file that is not the caller’s own upload for this course', async () => {
    const { teacher, student, course, assignment } = await buildClassroom(t);
    const classmate = await signedInUser(t, 'student');
    await enrol(t.database.db, course.id, classmate.id);
    const theirs = await uploaded(t, classmate, assignment.id);
    const otherCourse = await buildCourse(t.database.db, teacher.id);
    const otherAssignment = await buildAssignment(t.database.db, otherCourse.id);
    await enrol(t.database.db, otherCourse.id, student.id);
    const mineElsewhere = await uploaded(t, student, otherAssignment.id);
    const mine = await uploaded(t, student, assignment.id);

    const attempts = [
      theirs,
      mineElsewhere,
      { path: `${course.id}/${student.id}/1700000000000_never-uploaded.pdf`, size: 10 },
      { path: `${course.id}/${student.id}/../${classmate.id}/x.pdf`, size: 10 },
      { path: mine.path, size: mine.size + 1 },
      { path: mine.path, size: Number.MAX_SAFE_INTEGER },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await submit(t, student, assignment.id, attempt);
      const { code, message } = response.json().error;
      answers.push([response.statusCode, code, message]);
    }

    const notYours =
      'This file is not one of your uploads for this course. Please upload it again.';
    const wrongSize = 'The file size does not match the uploaded file. Please upload it again.';
    expect(answers).toEqual([
      [422, 'UNPROCESSABLE', notYours],
      [422, 'UNPROCESSABLE', notYours],
      [422, 'UNPROCESSABLE', notYours],
      [422, 'UNPROCESSABLE', notYours],
      [422, 'UNPROCESSABLE', wrongSize],
      [422, 'UNPROCESSABLE', wrongSize],
    ]);
    expect(await rowsFor(assignment.id)).toHaveLength(0);
    expect(await isStored(theirs.path)).toBe(true);
  });

  it('checks a file whose text is already known: still stored, with the size sent', async () => {
    const { student, assignment } = await buildClassroom(t);
    const mine = await uploaded(t, student, assignment.id);
    expect((await submit(t, student, assignment.id, mine)).statusCode).toBe(200);
    const [before] = await rowsFor(assignment.id);

    const wrongSize = await submit(t, student, assignment.id, { ...mine, size: mine.size + 1 });
    await t.storage.remove(mine.path);
    const removed = await submit(t, student, assignment.id, mine);

    expect([wrongSize.statusCode, wrongSize.json().error.message]).toEqual([
      422,
      'The file size does not match the uploaded file. Please upload it again.',
    ]);
    expect([removed.statusCode, removed.json().error.message]).toEqual([
      422,
      'This file is not one of your uploads for this course. Please upload it again.',
    ]);
    expect(await rowsFor(assignment.id)).toEqual([before]);
  });

  it.each([
    ['password-protected', passwordProtectedPdf, 'This PDF is password-protected.'],
    ['truncated', truncatedPdf, 'This PDF is incomplete'],
  ])('refuses a %s PDF with 422 and keeps nothing of it', async (_kind, makePdf, message) => {
    const { student, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id, { data: await makePdf() });

    const response = await submit(t, student, assignment.id, file);

    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain(message);
    expect(await rowsFor(assignment.id)).toHaveLength(0);
    expect(await isStored(file.path)).toBe(false);
  });

  it('keeps the current submission when a resubmitted PDF cannot be read', async () => {
    const { student, assignment } = await buildClassroom(t);
    const good = await uploaded(t, student, assignment.id);
    const created = (await submit(t, student, assignment.id, good)).json();
    const bad = await uploaded(t, student, assignment.id, { data: await truncatedPdf() });

    expect((await submit(t, student, assignment.id, bad)).statusCode).toBe(422);
    const [row] = await rowsFor(assignment.id);
    expect(row?.file_path).toBe(good.path);
    expect(row?.submitted_at?.toISOString()).toBe(created.submitted_at);
    expect(await isStored(good.path)).toBe(true);
  });

  it('is for students only', async () => {
    const { teacher, student, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id);
    expect((await submit(t, teacher, assignment.id, file)).statusCode).toBe(403);
    expect((await submit(t, null, assignment.id, file)).statusCode).toBe(401);
  });
});

describe('reading submissions', () => {
  async function submittedClassroom() {
    const room = await buildClassroom(t);
    const file = await uploaded(t, room.student, room.assignment.id);
    const submission = (await submit(t, room.student, room.assignment.id, file)).json();
    return { ...room, submission };
  }
  const get = (url: string, user: { headers: Record<string, string> } | null) =>
    t.app.inject({ url, headers: user?.headers });

  it('shows a student their own submission, and 404 before they submit', async () => {
    const { student, course, assignment, submission } = await submittedClassroom();
    const mine = await get(`/api/assignments/${assignment.id}/submissions/me`, student);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(submission.id);

    const next = await buildAssignment(t.database.db, course.id);
    const none = await get(`/api/assignments/${next.id}/submissions/me`, student);
    expect(none.statusCode).toBe(404);
  });

  it('lists a student’s own submissions newest first, with the course', async () => {
    const { student, course, assignment } = await submittedClassroom();
    const later = await buildAssignment(t.database.db, course.id, { title: 'Later' });
    await submit(t, student, later.id, await uploaded(t, student, later.id));

    const response = await get('/api/me/submissions', student);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((s: { assignment_id: string }) => s.assignment_id)).toEqual([
      later.id,
      assignment.id,
    ]);
    expect(items[0].assignment.course).toEqual({ id: course.id, title: course.title });
  });

  it('lists an assignment’s submissions, with students, for its teacher only', async () => {
    const { teacher, student, course, assignment } = await submittedClassroom();
    const classmate = await signedInUser(t, 'student', 'Grace Hopper');
    await enrol(t.database.db, course.id, classmate.id);
    await submit(t, classmate, assignment.id, await uploaded(t, classmate, assignment.id));
    const url = `/api/assignments/${assignment.id}/submissions`;

    const response = await get(url, teacher);
    expect(response.statusCode).toBe(200);
    expect(
      response.json().items.map((s: { student: { full_name: string } }) => s.student.full_name),
    ).toEqual(['Grace Hopper', 'Alan Turing']);
    // The extracted text stays out of lists; opening one submission returns it.
    expect(response.json().items[0]).not.toHaveProperty('content');
    const one = await get(`/api/submissions/${response.json().items[0].id}`, teacher);
    expect(one.json().content).toEqual(expect.any(String));

    expect((await get(url, await signedInUser(t, 'teacher'))).statusCode).toBe(404);
    expect((await get(url, student)).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
  });

  it('shows one submission to its student and the course teacher, and 404 to anyone else', async () => {
    const { teacher, student, course, submission } = await submittedClassroom();
    const classmate = await signedInUser(t, 'student');
    await enrol(t.database.db, course.id, classmate.id);
    const otherTeacher = await signedInUser(t, 'teacher');
    const url = `/api/submissions/${submission.id}`;

    expect((await get(url, student)).json().id).toBe(submission.id);
    expect((await get(url, teacher)).json().student.full_name).toBe('Alan Turing');
    expect((await get(url, classmate)).statusCode).toBe(404);
    expect((await get(url, otherTeacher)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(`/api/submissions/${crypto.randomUUID()}`, teacher)).statusCode).toBe(404);
  });
});

describe('uploads never submitted', () => {
  it('are swept once stale, while submitted files stay', async () => {
    const { student, assignment } = await buildClassroom(t);
    const submitted = await uploaded(t, student, assignment.id);
    await submit(t, student, assignment.id, submitted);
    const abandoned = await uploaded(t, student, assignment.id);
    const deps = t.app.serviceDeps;

    const fresh = await sweepOrphanUploads(deps, {});
    expect(fresh).not.toContain(abandoned.path);

    const removed = await sweepOrphanUploads(deps, {
      olderThanMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect(removed).toContain(abandoned.path);
    expect(removed).not.toContain(submitted.path);
    expect(await isStored(abandoned.path)).toBe(false);
    expect(await isStored(submitted.path)).toBe(true);
    expect((await filesOnDisk(t)).some((f) => f.includes('.incoming'))).toBe(false);
  });
});
