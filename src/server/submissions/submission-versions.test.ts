// Submission history (DESIGN §11, docs/decisions/030) through HTTP, on a real database and
// storage directory: resubmissions keep versions, the limit removes the oldest with their files,
// who may list and open versions, and that sweeps and deletes treat kept files right.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradingSuggestions, submissions, submissionVersions } from '../db/schema';
import { loadConfig } from '../config';
import { sweepOrphanUploads, unsubmittedUploadsOf } from '../files/orphan-uploads';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment } from '../test/factories';
import { textPdf } from '../test/pdf-fixtures';
import { signedInUser } from '../test/sign-in';
import { buildClassroom, submit, uploaded } from '../test/uploads';

let t: TestApp;
/** The same app with SUBMISSION_VERSION_LIMIT=2. */
let limited: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  limited = await buildTestApp({ env: { SUBMISSION_VERSION_LIMIT: '2' } });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

type Headers = { headers: Record<string, string> } | null;
const versionsOf = (app: TestApp, submissionId: string) =>
  app.database.db
    .select()
    .from(submissionVersions)
    .where(eq(submissionVersions.submission_id, submissionId))
    .orderBy(asc(submissionVersions.number));
const isStored = async (app: TestApp, path: string) => (await app.storage.stat(path)) !== null;
const listVersions = (app: TestApp, submissionId: string, user: Headers) =>
  app.app.inject({ url: `/api/submissions/${submissionId}/versions`, headers: user?.headers });
const versionUrl = (app: TestApp, submissionId: string, versionId: string, user: Headers) =>
  app.app.inject({
    method: 'POST',
    url: `/api/submissions/${submissionId}/versions/${versionId}/signed-url`,
    headers: user?.headers,
    payload: {},
  });

/** A student who handed in `texts.length` files, one after another. */
async function handedIn(app: TestApp, texts: string[]) {
  const room = await buildClassroom(app);
  const files = [];
  let submission = { id: '' };
  for (const [index, text] of texts.entries()) {
    const file = await uploaded(app, room.student, room.assignment.id, {
      data: await textPdf([text]),
      filename: `draft-${index + 1}.pdf`,
    });
    const response = await submit(app, room.student, room.assignment.id, file);
    expect(response.statusCode).toBe(200);
    submission = response.json();
    files.push(file);
  }
  return { ...room, files, submission };
}

describe('resubmitting', () => {
  it('keeps the earlier version with its file and text; the row points at the newest', async () => {
    const { files, submission } = await handedIn(t, ['First draft', 'Final essay']);

    const versions = await versionsOf(t, submission.id);
    expect(versions.map((v) => [v.number, v.file_path, v.content])).toEqual([
      [1, files[0]!.path, 'First draft'],
      [2, files[1]!.path, 'Final essay'],
    ]);
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submission.id));
    expect(row).toMatchObject({
      current_version_id: versions[1]!.id,
      file_path: files[1]!.path,
      content: 'Final essay',
    });
    expect(await isStored(t, files[0]!.path)).toBe(true);
    expect(await isStored(t, files[1]!.path)).toBe(true);
  });

  it('handing in the current file again is the same version, at a new time', async () => {
    const { student, assignment, files, submission } = await handedIn(t, ['Only draft']);
    const [before] = await versionsOf(t, submission.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await submit(t, student, assignment.id, files[0]!)).statusCode).toBe(200);

    const after = await versionsOf(t, submission.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.submitted_at.getTime()).toBeGreaterThan(before!.submitted_at.getTime());
  });

  it('reuses the text of a kept version when its file is handed in again', async () => {
    const { student, assignment, files, submission } = await handedIn(t, ['Alpha', 'Beta']);
    expect((await submit(t, student, assignment.id, files[0]!)).statusCode).toBe(200);
    const versions = await versionsOf(t, submission.id);
    expect(versions.map((v) => [v.number, v.content])).toEqual([
      [1, 'Alpha'],
      [2, 'Beta'],
      [3, 'Alpha'],
    ]);
  });
});

describe('the version limit', () => {
  it('removes the oldest versions past it, rows and files, and keeps numbering', async () => {
    const { files, submission } = await handedIn(limited, ['One', 'Two', 'Three', 'Four']);

    const versions = await versionsOf(limited, submission.id);
    expect(versions.map((v) => [v.number, v.file_path])).toEqual([
      [3, files[2]!.path],
      [4, files[3]!.path],
    ]);
    expect(await isStored(limited, files[0]!.path)).toBe(false);
    expect(await isStored(limited, files[1]!.path)).toBe(false);
    expect(await isStored(limited, files[2]!.path)).toBe(true);
    expect(await isStored(limited, files[3]!.path)).toBe(true);
  });

  it('numbers resubmits sent at once one after another and keeps the newest within it', async () => {
    const { student, assignment } = await handedIn(limited, ['First']);
    const drafts = [];
    for (const name of ['b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']) {
      drafts.push(await uploaded(limited, student, assignment.id, { filename: name }));
    }

    const responses = await Promise.all(
      drafts.map((file) => submit(limited, student, assignment.id, file)),
    );

    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await limited.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.assignment_id, assignment.id));
    const versions = await versionsOf(limited, row!.id);
    // On PostgreSQL the four wait for each other's row lock. Whichever order they commit in
    // (one that arrived before an already committed one changes nothing, decision 043), no
    // number is taken twice or skipped, and the row points at the last.
    const numbers = versions.map((v) => v.number);
    expect(versions).toHaveLength(2);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(row!.current_version_id).toBe(versions[1]!.id);
    expect(row!.file_path).toBe(versions[1]!.file_path);
    for (const version of versions) expect(await isStored(limited, version.file_path)).toBe(true);
  });

  it('keeps a removed version’s file that another submission still hands in', async () => {
    const room = await buildClassroom(limited);
    const other = await buildAssignment(limited.database.db, room.course.id, { title: 'Twin' });
    const shared = await uploaded(limited, room.student, room.assignment.id, {
      filename: 'shared.pdf',
    });
    await submit(limited, room.student, room.assignment.id, shared);
    await submit(limited, room.student, other.id, shared);
    for (const name of ['b.pdf', 'c.pdf']) {
      const file = await uploaded(limited, room.student, room.assignment.id, { filename: name });
      expect((await submit(limited, room.student, room.assignment.id, file)).statusCode).toBe(200);
    }
    expect(await isStored(limited, shared.path)).toBe(true);
  });

  it('is a setting with a default of 10 and a clear error for a bad value', async () => {
    expect(t.config.submissionVersionLimit).toBe(10);
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp/mylo-unused',
        JWT_SECRET: 'x'.repeat(40),
        SUBMISSION_VERSION_LIMIT: '0',
      }),
    ).toThrow(/SUBMISSION_VERSION_LIMIT/);
  });
});

describe('listing versions', () => {
  it('shows the teacher every version, newest first, with the current and the graded one', async () => {
    const { teacher, submission, files } = await handedIn(t, ['Early', 'Late']);
    const graded = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: teacher.headers,
      payload: { grade: 80, feedback: 'Good', show_detailed_feedback: false },
    });
    expect(graded.statusCode).toBe(200);

    const response = await listVersions(t, submission.id, teacher);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      number: 2,
      original_filename: 'draft-2.pdf',
      file_size: files[1]!.size,
      current: true,
      graded: true,
    });
    expect(items[1]).toMatchObject({ number: 1, current: false, graded: false });
    expect(typeof items[0].submitted_at).toBe('string');
    expect(items[0]).not.toHaveProperty('file_path');
  });

  it('shows the student their own versions, without saying which was graded', async () => {
    const { student, submission } = await handedIn(t, ['Early', 'Late']);
    const response = await listVersions(t, submission.id, student);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(items[0]).not.toHaveProperty('graded');
  });

  it('is hidden as not found from everyone else', async () => {
    const { submission } = await handedIn(t, ['Early']);
    const otherStudent = await signedInUser(t, 'student', 'Grace Hopper');
    const otherTeacher = await signedInUser(t, 'teacher', 'Edsger Dijkstra');
    expect((await listVersions(t, submission.id, otherStudent)).statusCode).toBe(404);
    expect((await listVersions(t, submission.id, otherTeacher)).statusCode).toBe(404);
    expect((await listVersions(t, submission.id, null)).statusCode).toBe(401);
    expect((await listVersions(t, crypto.randomUUID(), otherTeacher)).statusCode).toBe(404);
    expect((await listVersions(t, 'not-an-id', otherTeacher)).statusCode).toBe(400);
  });
});

describe('opening a version', () => {
  it('gives the owner and the teacher a link to an earlier version’s file, and 404 to others', async () => {
    const { teacher, student, submission, files } = await handedIn(t, ['Old text', 'New text']);
    const [first] = await versionsOf(t, submission.id);

    for (const reader of [teacher, student]) {
      const link = await versionUrl(t, submission.id, first!.id, reader);
      expect(link.statusCode).toBe(200);
      const file = await t.app.inject({ url: link.json().url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.length).toBe(files[0]!.size);
    }
    // The generic file link answers for a kept version's file too (the file policy).
    const generic = await t.app.inject({
      method: 'POST',
      url: '/api/files/signed-url',
      headers: teacher.headers,
      payload: { path: files[0]!.path },
    });
    expect(generic.statusCode).toBe(200);

    const otherStudent = await signedInUser(t, 'student', 'Grace Hopper');
    const otherTeacher = await signedInUser(t, 'teacher', 'Edsger Dijkstra');
    expect((await versionUrl(t, submission.id, first!.id, otherStudent)).statusCode).toBe(404);
    expect((await versionUrl(t, submission.id, first!.id, otherTeacher)).statusCode).toBe(404);
    expect((await versionUrl(t, submission.id, first!.id, null)).statusCode).toBe(401);
  });

  it('answers 404 for a version of another submission, and 400 for bad input', async () => {
    const a = await handedIn(t, ['A']);
    const b = await handedIn(t, ['B']);
    const [versionOfB] = await versionsOf(t, b.submission.id);
    expect((await versionUrl(t, a.submission.id, versionOfB!.id, a.teacher)).statusCode).toBe(404);
    expect((await versionUrl(t, a.submission.id, 'nope', a.teacher)).statusCode).toBe(400);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${b.submission.id}/versions/${versionOfB!.id}/signed-url`,
      headers: b.teacher.headers,
      payload: { expires_in: 10_000_000 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('grading refers to a version', () => {
  it('records the version on a suggestion and on the saved grade; a resubmit clears the grade’s and what it started from', async () => {
    const { teacher, student, assignment, course, submission } = await handedIn(t, ['Work']);
    const suggested = await t.app.inject({
      method: 'POST',
      url: '/api/agent/test/grade-submission',
      headers: teacher.headers,
      payload: { submission_id: submission.id, assignment_id: assignment.id, course_id: course.id },
    });
    expect(suggested.statusCode).toBe(200);
    const [version] = await versionsOf(t, submission.id);
    const [suggestion] = await t.database.db
      .select()
      .from(gradingSuggestions)
      .where(eq(gradingSuggestions.submission_id, submission.id));
    expect(suggestion?.version_id).toBe(version!.id);

    await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: teacher.headers,
      payload: { grade: 50, show_detailed_feedback: false, suggestion_id: suggestion!.id },
    });
    // Rubric points as the review form saves them (this assignment has no rubric to check them).
    const points = [{ criteria: 'Work', points_earned: 50, max_points: 100 }];
    await t.database.db
      .update(submissions)
      .set({ rubric_scores: points })
      .where(eq(submissions.id, submission.id));
    const teacherView = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/submissions/${submission.id}`,
          headers: teacher.headers,
        })
      ).json();
    const gradedRow = async () =>
      (await t.database.db.select().from(submissions).where(eq(submissions.id, submission.id)))[0];
    expect((await gradedRow())?.graded_version_id).toBe(version!.id);
    expect(await teacherView()).toMatchObject({
      graded_from_suggestion_id: suggestion!.id,
      rubric_scores: points,
    });

    const next = await uploaded(t, student, assignment.id, { filename: 'again.pdf' });
    await submit(t, student, assignment.id, next);
    // The teacher's review form starts empty for the new file, not with the old file's points.
    expect((await gradedRow())?.graded_version_id).toBeNull();
    expect(await teacherView()).toMatchObject({
      grade: null,
      graded_from_suggestion_id: null,
      rubric_scores: null,
    });
  });
});

describe('sweeps and deletes', () => {
  it('the orphan sweep never removes a kept version’s file, and it does not count as unsubmitted', async () => {
    const { student, files } = await handedIn(t, ['Kept', 'Current']);
    const deps = t.app.serviceDeps;
    const removed = await sweepOrphanUploads(deps, {
      olderThanMs: 0,
      now: new Date(Date.now() + 1000),
    });
    expect(removed).not.toContain(files[0]!.path);
    expect(await isStored(t, files[0]!.path)).toBe(true);
    const waiting = await unsubmittedUploadsOf(deps, student.id, { olderThanMs: 0 });
    expect(waiting).not.toContain(files[0]!.path);
    expect(await isStored(t, files[0]!.path)).toBe(true);
  });

  it('deleting an assignment removes every version’s file', async () => {
    const { teacher, assignment, files, submission } = await handedIn(t, ['One', 'Two']);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${assignment.id}`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(204);
    for (const file of files) expect(await isStored(t, file.path)).toBe(false);
    expect(await versionsOf(t, submission.id)).toHaveLength(0);
  });

  it('deleting a course removes every version’s file', async () => {
    const { teacher, course, files, submission } = await handedIn(t, ['One', 'Two']);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(204);
    for (const file of files) expect(await isStored(t, file.path)).toBe(false);
    expect(await versionsOf(t, submission.id)).toHaveLength(0);
  });

  it('deleting a submission row takes its versions with it (cascade)', async () => {
    const { submission } = await handedIn(t, ['One', 'Two']);
    await t.database.db.delete(submissions).where(eq(submissions.id, submission.id));
    expect(await versionsOf(t, submission.id)).toHaveLength(0);
  });
});
