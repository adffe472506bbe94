// Bounded work per request (issue 20, DESIGN §13): Mylo refuses a rubric or a text too big to
// grade with a clear 422 instead of spending minutes of CPU; such a rubric cannot be saved;
// and a stored file's text is extracted once, however often it is submitted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_GRADING } from '@domain/limits';
import { createCpuTasks } from '../cpu-tasks';
import { assignments, gradingSuggestions, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildClassroom, submit, uploaded } from '../test/uploads';

let t: TestApp;
let classroom: Awaited<ReturnType<typeof buildClassroom>>;
let extractions = 0;

beforeAll(async () => {
  const cpu = createCpuTasks({ maxThreads: 1 });
  t = await buildTestApp({
    cpu: {
      ...cpu,
      extractPdfText: (pdf) => {
        extractions += 1;
        return cpu.extractPdfText(pdf);
      },
    },
  });
  classroom = await buildClassroom(t);
});
afterAll(() => t.close());

const hugeRubric = Array.from(
  { length: AUTO_GRADING.maxCriteria + 1 },
  (_, i) => `- Criterion ${i + 1} (1 point)`,
).join('\n');

describe('what Mylo will grade', () => {
  it('refuses to save a rubric with more criteria than Mylo grades', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${classroom.assignment.id}`,
      headers: classroom.teacher.headers,
      payload: { rubric_markdown: hugeRubric },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(
      `A rubric can have at most ${AUTO_GRADING.maxCriteria} criteria.`,
    );
  });

  it('answers a clear 422 for a rubric or a text too big to grade, and stores no suggestion', async () => {
    const file = await uploaded(t, classroom.student, classroom.assignment.id);
    const submitted = (await submit(t, classroom.student, classroom.assignment.id, file)).json<{
      id: string;
    }>();
    const grade = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/agent/test/grade-submission',
        headers: classroom.teacher.headers,
        payload: {
          submission_id: submitted.id,
          assignment_id: classroom.assignment.id,
          course_id: classroom.course.id,
        },
      });

    // A rubric written before the limit existed.
    await t.database.db
      .update(assignments)
      .set({ rubric_markdown: hugeRubric, total_points: AUTO_GRADING.maxCriteria + 1 })
      .where(eq(assignments.id, classroom.assignment.id));
    const rubricRefused = await grade();
    expect(rubricRefused.statusCode).toBe(422);
    expect(rubricRefused.json().error.message).toBe(
      `The rubric has ${AUTO_GRADING.maxCriteria + 1} criteria; Mylo grades with at most ${AUTO_GRADING.maxCriteria}.`,
    );

    await t.database.db
      .update(assignments)
      .set({ rubric_markdown: '- Content (100 points)', total_points: 100 })
      .where(eq(assignments.id, classroom.assignment.id));
    await t.database.db
      .update(submissions)
      .set({ content: 'word '.repeat(AUTO_GRADING.maxTextChars / 5 + 1) })
      .where(eq(submissions.id, submitted.id));
    const textRefused = await grade();
    expect(textRefused.statusCode).toBe(422);
    expect(textRefused.json().error.message).toBe(
      'The submission is longer than 100,000 characters, too long to grade automatically.',
    );
    expect(await t.database.db.$count(gradingSuggestions)).toBe(0);
  });

  it('extracts a stored file’s text once, however often it is submitted', async () => {
    const file = await uploaded(t, classroom.student, classroom.assignment.id);
    const before = extractions;
    for (let i = 0; i < 3; i += 1) {
      expect((await submit(t, classroom.student, classroom.assignment.id, file)).statusCode).toBe(
        200,
      );
    }
    expect(extractions - before).toBe(1);
  });
});
