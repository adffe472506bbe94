import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorageKey } from '../storage/storage-keys';
import { assignments, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let owner: User, otherTeacher: User, enrolledStudent: User, otherStudent: User;
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, 'teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  enrolledStudent = await signedInUser(t, 'student');
  otherStudent = await signedInUser(t, 'student');
  course = await buildCourse(t.database.db, owner.id, { title: 'Algorithms' });
  await enrol(t.database.db, course.id, enrolledStudent.id);
});
afterAll(() => t.close());

const create = (payload: object, headers = owner.headers, courseId = course.id) =>
  t.app.inject({ method: 'POST', url: `/api/courses/${courseId}/assignments`, headers, payload });
const countAssignments = async () => (await t.database.db.select().from(assignments)).length;

describe('creating an assignment', () => {
  it('applies the defaults: 100 points, draft, no description, no due date', async () => {
    const response = await create({ title: '  Homework 1 ', description: '  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Homework 1',
      description: null,
      due_date: null,
      total_points: 100,
      status: 'draft',
      rubric_markdown: null,
      course: { id: course.id, title: 'Algorithms' },
      submission_count: 0,
    });
  });

  it('stores every field it is given', async () => {
    const response = await create({
      title: 'Project',
      description: '# Build it',
      due_date: '2030-05-01T17:00:00.000Z',
      total_points: 250,
      status: 'published',
      rubric_markdown: '## Code (100 points)',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      description: '# Build it',
      due_date: '2030-05-01T17:00:00.000Z',
      total_points: 250,
      status: 'published',
      rubric_markdown: '## Code (100 points)',
    });
  });

  it.each([
    ['an empty title', { title: '' }, 'Assignment title is required.'],
    ['a blank title', { title: '   ' }, 'Assignment title is required.'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'at most 200 characters'],
    ['0 points', { title: 'A', total_points: 0 }, 'Total points must be greater than 0.'],
    ['1001 points', { title: 'A', total_points: 1001 }, 'Total points must be at most 1000.'],
    ['2.5 points', { title: 'A', total_points: 2.5 }, 'Total points must be a whole number.'],
    [
      'points given as text',
      { title: 'A', total_points: 'abc' },
      'Total points must be a whole number.',
    ],
    [
      'an unknown status',
      { title: 'A', status: 'archived' },
      'Status must be draft, published or closed.',
    ],
    [
      'an invalid date',
      { title: 'A', due_date: 'next friday' },
      'Due date must be a valid date and time.',
    ],
    [
      'an impossible date',
      { title: 'A', due_date: '2026-13-45T10:00:00Z' },
      'Due date must be a valid date and time.',
    ],
    [
      'a huge description',
      { title: 'A', description: 'x'.repeat(100_001) },
      'Description must be at most',
    ],
    [
      'a huge rubric',
      { title: 'A', rubric_markdown: 'x'.repeat(100_001) },
      'Rubric must be at most',
    ],
  ])('refuses %s with a 400 and creates nothing', async (_label, payload, message) => {
    const before = await countAssignments();
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await countAssignments()).toBe(before);
  });

  it('answers 404 to another teacher, 403 to students and 401 to anonymous callers', async () => {
    const before = await countAssignments();
    expect((await create({ title: 'X' }, otherTeacher.headers)).statusCode).toBe(404);
    expect((await create({ title: 'X' }, enrolledStudent.headers)).statusCode).toBe(403);
    expect((await create({ title: 'X' }, otherStudent.headers)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/courses/${course.id}/assignments`,
          payload: { title: 'X' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await countAssignments()).toBe(before);
  });
});

describe('reading assignments', () => {
  let listed: Awaited<ReturnType<typeof buildCourse>>;
  let draft: Awaited<ReturnType<typeof buildAssignment>>;
  let closed: Awaited<ReturnType<typeof buildAssignment>>;
  let later: Awaited<ReturnType<typeof buildAssignment>>;

  beforeAll(async () => {
    listed = await buildCourse(t.database.db, owner.id, { title: 'Listed' });
    await enrol(t.database.db, listed.id, enrolledStudent.id);
    // Created a minute apart: PGlite's clock counts milliseconds, so rows inserted one after
    // another can share a created_at, and "newest first" would then fall to the id's order.
    const createdAt = (minute: number) => new Date(Date.UTC(2030, 0, 1, 9, minute));
    later = await buildAssignment(t.database.db, listed.id, {
      title: 'Later',
      due_date: new Date('2031-01-02T00:00:00Z'),
      created_at: createdAt(1),
    });
    await buildAssignment(t.database.db, listed.id, {
      title: 'Undated',
      due_date: null,
      created_at: createdAt(2),
    });
    await buildAssignment(t.database.db, listed.id, {
      title: 'Sooner',
      due_date: new Date('2031-01-01T00:00:00Z'),
      created_at: createdAt(3),
    });
    draft = await buildAssignment(t.database.db, listed.id, {
      title: 'Draft',
      status: 'draft',
      created_at: createdAt(4),
    });
    closed = await buildAssignment(t.database.db, listed.id, {
      title: 'Closed',
      status: 'closed',
      created_at: createdAt(5),
    });
  });

  it('lists every status for the teacher, newest first', async () => {
    const response = await t.app.inject({
      url: `/api/courses/${listed.id}/assignments`,
      headers: owner.headers,
    });
    expect(response.json().items.map((a: { title: string }) => a.title)).toEqual([
      'Closed',
      'Draft',
      'Sooner',
      'Undated',
      'Later',
    ]);
  });

  it('lists only published work for an enrolled student, soonest due first and undated last', async () => {
    const response = await t.app.inject({
      url: `/api/courses/${listed.id}/assignments`,
      headers: enrolledStudent.headers,
    });
    expect(response.json().items.map((a: { title: string }) => a.title)).toEqual([
      'Sooner',
      'Later',
      'Undated',
    ]);
    expect(response.json().items[0]).not.toHaveProperty('submission_count');
  });

  it('refuses the list to a student who is not enrolled (403), another teacher (404) and anonymous (401)', async () => {
    const url = `/api/courses/${listed.id}/assignments`;
    expect((await t.app.inject({ url, headers: otherStudent.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: otherTeacher.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('shows an enrolled student a published assignment but not a draft or closed one', async () => {
    const get = (id: string) =>
      t.app.inject({ url: `/api/assignments/${id}`, headers: enrolledStudent.headers });
    expect((await get(later.id)).statusCode).toBe(200);
    expect((await get(draft.id)).statusCode).toBe(404);
    expect((await get(closed.id)).statusCode).toBe(404);
  });

  it('shows the teacher any status and hides assignments from outsiders with a 404', async () => {
    expect(
      (await t.app.inject({ url: `/api/assignments/${draft.id}`, headers: owner.headers })).json()
        .status,
    ).toBe('draft');
    expect(
      (await t.app.inject({ url: `/api/assignments/${later.id}`, headers: otherTeacher.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/assignments/${later.id}`, headers: otherStudent.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/assignments/${later.id}` })).statusCode).toBe(401);
  });

  it("lists a student's published assignments across enrolled courses only", async () => {
    const mine = await t.app.inject({
      url: '/api/me/assignments',
      headers: enrolledStudent.headers,
    });
    const titles = mine.json().items.map((a: { title: string }) => a.title);
    expect(titles).toEqual(expect.arrayContaining(['Sooner', 'Later', 'Undated']));
    expect(titles).not.toContain('Draft');
    expect(
      (await t.app.inject({ url: '/api/me/assignments', headers: otherStudent.headers })).json()
        .items,
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/me/assignments', headers: owner.headers })).statusCode,
    ).toBe(403);
  });
});

describe('changing an assignment', () => {
  it('changes only the fields sent, and null clears the due date', async () => {
    const assignment = await buildAssignment(t.database.db, course.id, {
      title: 'Essay',
      due_date: new Date('2030-01-01T00:00:00Z'),
      total_points: 30,
    });
    const rubric = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${assignment.id}`,
      headers: owner.headers,
      payload: { rubric_markdown: '## Argument (30 points)' },
    });
    expect(rubric.statusCode).toBe(200);
    expect(rubric.json()).toMatchObject({
      title: 'Essay',
      total_points: 30,
      rubric_markdown: '## Argument (30 points)',
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${assignment.id}`,
      headers: owner.headers,
      payload: { due_date: null, status: 'closed' },
    });
    expect(cleared.json()).toMatchObject({
      due_date: null,
      status: 'closed',
      rubric_markdown: '## Argument (30 points)',
    });
  });

  it('refuses bad input and outsiders, changing nothing', async () => {
    const assignment = await buildAssignment(t.database.db, course.id, { title: 'Unchanged' });
    const patch = (payload: object, headers?: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: `/api/assignments/${assignment.id}`, headers, payload });
    expect((await patch({ total_points: 0 }, owner.headers)).statusCode).toBe(400);
    expect((await patch({ title: ' ' }, owner.headers)).statusCode).toBe(400);
    expect((await patch({ title: 'Taken' }, otherTeacher.headers)).statusCode).toBe(404);
    expect((await patch({ title: 'Taken' }, enrolledStudent.headers)).statusCode).toBe(403);
    expect((await patch({ title: 'Taken' }, otherStudent.headers)).statusCode).toBe(404);
    expect((await patch({ title: 'Taken' })).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(assignments)
      .where(eq(assignments.id, assignment.id));
    expect(row).toMatchObject({ title: 'Unchanged', total_points: 100 });
  });
});

describe('deleting an assignment', () => {
  it('removes the assignment, its submissions and their files', async () => {
    const assignment = await buildAssignment(t.database.db, course.id);
    const key = buildStorageKey({
      courseId: course.id,
      studentId: enrolledStudent.id,
      filename: 'hw.pdf',
    });
    const stored = await t.storage.put(key, Readable.from([Buffer.from('%PDF-1.4 hw')]));
    await t.database.db.insert(submissions).values({
      assignment_id: assignment.id,
      student_id: enrolledStudent.id,
      file_path: stored.path,
      file_size: stored.size,
      submitted_at: new Date(),
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${assignment.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.assignment_id, assignment.id)),
    ).toEqual([]);
    expect(await t.storage.stat(key)).toBeNull();
  });

  it('refuses everyone but the owner', async () => {
    const assignment = await buildAssignment(t.database.db, course.id);
    const remove = (headers?: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/assignments/${assignment.id}`, headers });
    expect((await remove(otherTeacher.headers)).statusCode).toBe(404);
    expect((await remove(enrolledStudent.headers)).statusCode).toBe(403);
    expect((await remove()).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(assignments).where(eq(assignments.id, assignment.id)),
    ).toHaveLength(1);
  });
});
