import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, courses, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, buildUser, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';
import { asker, PINNED_NOW } from '../test/agent-helpers';

let t: TestApp;
let ask: ReturnType<typeof asker>;
let teacher: Awaited<ReturnType<typeof signedInUser>>;
let cs500: Awaited<ReturnType<typeof buildCourse>>;
let homework1: Awaited<ReturnType<typeof buildAssignment>>;
let secretHomework: Awaited<ReturnType<typeof buildAssignment>>;

const assignmentRow = async (id: string) =>
  (await t.database.db.select().from(assignments).where(eq(assignments.id, id)))[0];

beforeAll(async () => {
  t = await buildTestApp({ clock: () => PINNED_NOW });
  ask = asker(t);
  teacher = await signedInUser(t, 'teacher');
  const db = t.database.db;
  cs500 = await buildCourse(db, teacher.id, { title: 'CS500' });
  await buildCourse(db, teacher.id, { title: 'Data Structures' });
  homework1 = await buildAssignment(db, cs500.id, { title: 'Homework #1', total_points: 10 });
  await buildAssignment(db, cs500.id, { title: 'Homework 2', status: 'draft' });
  const [graded, ungraded, absent] = await Promise.all(
    ['Ada Graded', 'Ben Ungraded', 'Cy Absent'].map((full_name) =>
      buildUser(db, { role: 'student', full_name }),
    ),
  );
  for (const student of [graded, ungraded, absent]) await enrol(db, cs500.id, student!.id);
  await db.insert(submissions).values([
    {
      assignment_id: homework1.id,
      student_id: graded!.id,
      submitted_at: new Date(),
      grade: 9,
      status: 'graded',
    },
    { assignment_id: homework1.id, student_id: ungraded!.id, submitted_at: new Date() },
  ]);
  const other = await buildUser(db, { role: 'teacher' });
  const secret = await buildCourse(db, other.id, { title: 'Secret Seminar' });
  secretHomework = await buildAssignment(db, secret.id, {
    title: 'Secret Homework',
    status: 'draft',
  });
});
afterAll(() => t.close());

describe('Mylo tools through the offline engine', () => {
  it('lists the teacher’s courses', async () => {
    const reply = await ask(teacher, 'list my courses');
    expect(reply).toMatchObject({ success: true, action_taken: 'list_courses' });
    expect(reply.response).toContain('CS500');
    expect(reply.response).toContain('Data Structures');
    expect(reply.response).not.toContain('Secret Seminar');
  });

  it('creates a course the teacher then owns', async () => {
    const reply = await ask(teacher, 'Create a course called Biology 101');
    expect(reply).toMatchObject({ success: true, action_taken: 'create_course' });
    const { id } = (reply.data as { course: { id: string } }).course;
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, id));
    expect(row).toMatchObject({ title: 'Biology 101', teacher_id: teacher.id });
  });

  it('creates an assignment worth 50 points due next Friday at 5pm, as a draft', async () => {
    const reply = await ask(
      teacher,
      'create an assignment called Lab 1 in cs 500 worth 50 points due next Friday at 5pm',
    );
    expect(reply).toMatchObject({ success: true, action_taken: 'create_assignment' });
    const { id } = (reply.data as { assignment: { id: string } }).assignment;
    expect(await assignmentRow(id)).toMatchObject({
      course_id: cs500.id,
      title: 'Lab 1',
      total_points: 50,
      status: 'draft',
      due_date: new Date('2025-03-14T17:00:00.000Z'),
    });
    expect(reply.response).toContain('Fri, Mar 14, 2025, 5:00 PM');
  });

  it('asks for the details of "Create a new assignment for my course"', async () => {
    const reply = await ask(teacher, 'Create a new assignment for my course');
    expect(reply).toMatchObject({ success: true, action_taken: 'clarify' });
    expect(reply.response).toContain('What should the assignment be called');
    expect(reply.response).toContain('Data Structures');
  });

  it('publishes and unpublishes an assignment named loosely', async () => {
    expect(await ask(teacher, 'publish homework two')).toMatchObject({
      success: true,
      action_taken: 'set_assignment_status',
    });
    const id = (
      await t.database.db.select().from(assignments).where(eq(assignments.title, 'Homework 2'))
    )[0]!.id;
    expect((await assignmentRow(id))?.status).toBe('published');
    await ask(teacher, 'unpublish Homework 2');
    expect((await assignmentRow(id))?.status).toBe('draft');
  });

  it('counts who submitted, was graded and has not submitted: "How many students submitted homework 1?"', async () => {
    const reply = await ask(teacher, 'How many students submitted homework 1?');
    expect(reply).toMatchObject({
      success: true,
      action_taken: 'count_submissions',
      data: { submitted: 2, graded: 1, ungraded: 1, not_submitted: 1, enrolled: 3 },
    });
    expect(reply.response).toContain('**2** of 3 enrolled students submitted **Homework #1**');
  });

  it('lists the submissions that still need grading', async () => {
    const reply = await ask(teacher, 'Which submissions still need grading?');
    expect(reply).toMatchObject({ success: true, action_taken: 'list_ungraded_submissions' });
    expect(reply.response).toContain('Ben Ungraded');
    expect(reply.response).not.toContain('Ada Graded');
    expect((reply.data as { submissions: unknown[] }).submissions).toHaveLength(1);
  });

  it('shows a course with its assignments', async () => {
    const reply = await ask(teacher, 'what assignments are in CS500');
    expect(reply).toMatchObject({ success: true, action_taken: 'course_info' });
    expect(reply.response).toContain('Homework #1');
    expect(reply.response).toContain('Homework 2');
  });

  it('changes a rubric', async () => {
    const reply = await ask(
      teacher,
      'change the rubric of homework 1 to: - Correctness (10 points)',
    );
    expect(reply).toMatchObject({ success: true, action_taken: 'update_rubric' });
    expect((await assignmentRow(homework1.id))?.rubric_markdown).toBe('- Correctness (10 points)');
  });

  it('changes a due date; a day without a time is due at its end', async () => {
    const reply = await ask(teacher, 'change the due date of homework 1 to March 20');
    expect(reply).toMatchObject({ success: true, action_taken: 'update_assignment' });
    expect((await assignmentRow(homework1.id))?.due_date).toEqual(
      new Date('2025-03-20T23:59:00.000Z'),
    );
  });

  it('explains the platform’s features', async () => {
    const reply = await ask(teacher, 'Explain the features of this platform');
    expect(reply).toMatchObject({ success: true, action_taken: 'explain_features' });
    expect(reply.response).toContain('What I (Mylo) can do');
  });

  it('answers a request it does not understand with what it can do', async () => {
    const reply = await ask(teacher, 'What is the weather like today?');
    expect(reply).toMatchObject({ success: true, action_taken: 'help', data: null });
    expect(reply.response).toContain('list my courses');
  });
});

describe('Mylo names things loosely, but only the teacher’s own', () => {
  it('asks which one when a name fits several assignments, and changes none', async () => {
    const reply = await ask(teacher, 'publish homework');
    expect(reply).toMatchObject({ success: true, action_taken: 'clarify' });
    expect(reply.response).toContain('Did you mean one of these?');
    expect(reply.response).toContain('Homework #1');
    expect(reply.response).toContain('Homework 2');
  });

  it('says another teacher’s course is not found and leaves it unchanged', async () => {
    const info = await ask(teacher, 'what assignments are in Secret Seminar');
    expect(info).toMatchObject({ action_taken: 'not_found' });
    expect(info.response).not.toContain('Secret Homework');
    expect(info.response).toContain('CS500');

    expect(await ask(teacher, 'publish Secret Homework')).toMatchObject({
      action_taken: 'not_found',
    });
    expect((await assignmentRow(secretHomework.id))?.status).toBe('draft');

    const create = await ask(teacher, 'create an assignment called Spy in Secret Seminar');
    expect(create).toMatchObject({ action_taken: 'not_found' });
    const spies = await t.database.db
      .select()
      .from(assignments)
      .where(eq(assignments.title, 'Spy'));
    expect(spies).toHaveLength(0);
  });
});
