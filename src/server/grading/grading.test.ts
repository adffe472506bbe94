import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorageKey } from '../storage/storage-keys';
import { createTextPdf, textPdfContent } from '../demo/text-pdf';
import { submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let owner: User, otherTeacher: User, author: User, otherStudent: User;
let course: Awaited<ReturnType<typeof buildCourse>>;
let assignment: Awaited<ReturnType<typeof buildAssignment>>;

const RUBRIC = [
  '## Hash function design (20 points)',
  'Explains the hash function and why it spreads keys evenly.',
  '## Collision handling (20 points)',
  'Describes chaining or open addressing and resizing.',
  '## Testing (10 points)',
  'Unit tests for insert, lookup and delete.',
].join('\n');

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, 'teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  author = await signedInUser(t, 'student', 'Dana Author');
  otherStudent = await signedInUser(t, 'student');
  course = await buildCourse(t.database.db, owner.id);
  assignment = await buildAssignment(t.database.db, course.id, {
    total_points: 50,
    rubric_markdown: RUBRIC,
  });
  await enrol(t.database.db, course.id, author.id);
  await enrol(t.database.db, course.id, otherStudent.id);
});
afterAll(() => t.close());

/** A handed-in submission with a real PDF in storage; `paragraphs: []` makes one with no text. */
async function handIn(student: User, paragraphs: string[]) {
  const document = { title: 'Hash table report', author: 'Student', paragraphs };
  const pdf = await createTextPdf(document);
  const key = buildStorageKey({
    courseId: course.id,
    studentId: student.id,
    filename: 'report.pdf',
  });
  const stored = await t.storage.put(key, pdf);
  await t.database.db.delete(submissions).where(eq(submissions.student_id, student.id));
  const [row] = await t.database.db
    .insert(submissions)
    .values({
      assignment_id: assignment.id,
      student_id: student.id,
      submitted_at: new Date(),
      file_path: stored.path,
      file_size: stored.size,
      original_filename: 'report.pdf',
      content: paragraphs.length ? textPdfContent(document) : '',
    })
    .returning();
  if (!row) throw new Error('no submission');
  return row;
}

const GOOD_REPORT = [
  'Hash function design: I use FNV-1a because it spreads keys evenly across buckets; the distribution test shows uniform buckets.',
  'Collision handling: separate chaining with linked lists, and the table resizes when the load factor passes 0.75.',
  'Testing: unit tests cover insert, lookup and delete, including deleting missing keys.',
];

describe('grading by hand', () => {
  it('saves the grade, feedback and the detailed-feedback choice, marking the submission graded', async () => {
    const submission = await handIn(author, GOOD_REPORT);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: owner.headers,
      payload: { grade: 42.5, feedback: '  Solid work.  ', show_detailed_feedback: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      grade: 42.5,
      feedback: 'Solid work.',
      status: 'graded',
      show_detailed_feedback: true,
    });
    expect(response.json().graded_at).toEqual(expect.any(String));
  });

  it.each([
    ['a negative grade', -1],
    ['a grade above the total', 50.5],
    ['a grade off the half-point grid', 10.25],
    ['a grade given as text', 'ten'],
  ])('refuses %s with a 400 and saves nothing', async (_label, grade) => {
    const submission = await handIn(author, GOOD_REPORT);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: owner.headers,
      payload: { grade },
    });
    expect(response.statusCode).toBe(400);
    if (typeof grade === 'number')
      expect(response.json().error.message).toBe('Grade must be between 0 and 50.');
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submission.id));
    expect(row).toMatchObject({ grade: null, status: 'submitted', graded_at: null });
  });

  it('lets only the course teacher grade', async () => {
    const submission = await handIn(author, GOOD_REPORT);
    const grade = (headers?: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/submissions/${submission.id}/grade`,
        headers,
        payload: { grade: 50 },
      });
    expect((await grade(otherTeacher.headers)).statusCode).toBe(404);
    expect((await grade(author.headers)).statusCode).toBe(403);
    expect((await grade(otherStudent.headers)).statusCode).toBe(404);
    expect((await grade()).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submission.id));
    expect(row?.grade).toBeNull();
  });
});

describe('grading with Mylo (offline engine)', () => {
  const autoGrade = (submissionId: string, headers = owner.headers, ids = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/agent/test/grade-submission',
      headers,
      payload: {
        submission_id: submissionId,
        assignment_id: assignment.id,
        course_id: course.id,
        ...ids,
      },
    });

  it('suggests a grade with a rubric breakdown and saves nothing', async () => {
    const submission = await handIn(author, GOOD_REPORT);
    const response = await autoGrade(submission.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.grade).toBeGreaterThan(0);
    expect(body.grade).toBeLessThanOrEqual(50);
    expect(body.detailed_result.engine).toBe('offline rubric matcher');
    expect(
      body.detailed_result.rubric_breakdown.map((row: { criteria: string }) => row.criteria),
    ).toEqual(['Hash function design', 'Collision handling', 'Testing']);
    const sum = body.detailed_result.rubric_breakdown.reduce(
      (total: number, row: { points_earned: number }) => total + row.points_earned,
      0,
    );
    expect(sum).toBe(body.grade);
    const [row] = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, submission.id));
    expect(row).toMatchObject({ grade: null, detailed_feedback_json: null, status: 'submitted' });
  });

  it('fails clearly for a PDF without extractable text, never with a made-up grade', async () => {
    const submission = await handIn(author, []);
    const response = await autoGrade(submission.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'AUTO_GRADE_FAILED',
      message: expect.stringMatching(/no extractable text/i),
    });
  });

  it('refuses ids that do not belong together, and callers who are not the course teacher', async () => {
    const submission = await handIn(author, GOOD_REPORT);
    const otherCourse = await buildCourse(t.database.db, owner.id);
    expect(
      (await autoGrade(submission.id, owner.headers, { course_id: otherCourse.id })).statusCode,
    ).toBe(400);
    expect((await autoGrade(submission.id, otherTeacher.headers)).statusCode).toBe(404);
    expect((await autoGrade(submission.id, author.headers)).statusCode).toBe(403);
    expect((await autoGrade(submission.id, otherStudent.headers)).statusCode).toBe(404);
  });
});
