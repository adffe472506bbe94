// The configured engine through HTTP: a hosted model (a loopback fake speaking OpenAI's wire
// format) suggests a grade; when the provider fails, the teacher gets a clear reason and
// nothing is saved.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorageKey } from '../storage/storage-keys';
import { createTextPdf, textPdfContent } from '../demo/text-pdf';
import { submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { startFakeOpenAi, type FakeLlmServer } from '../test/fakes/fake-openai';
import { signedInUser } from '../test/sign-in';

let t: TestApp;
let fake: FakeLlmServer;
let teacher: Awaited<ReturnType<typeof signedInUser>>;
let payload: { submission_id: string; assignment_id: string; course_id: string };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({
    config: {
      llm: { provider: 'openai', apiKey: 'test-key', baseUrl: fake.url, model: 'gpt-test' },
    },
  });
  teacher = await signedInUser(t, 'teacher');
  const student = await signedInUser(t, 'student', 'Private Name');
  const course = await buildCourse(t.database.db, teacher.id);
  const assignment = await buildAssignment(t.database.db, course.id, {
    total_points: 20,
    rubric_markdown: '## Thesis (10 points)\n## Evidence (10 points)',
  });
  await enrol(t.database.db, course.id, student.id);
  const document = {
    title: 'Essay',
    author: 'Student',
    paragraphs: ['My thesis is clear.', 'Evidence: data.'],
  };
  const stored = await t.storage.put(
    buildStorageKey({ courseId: course.id, studentId: student.id, filename: 'essay.pdf' }),
    await createTextPdf(document),
  );
  const [submission] = await t.database.db
    .insert(submissions)
    .values({
      assignment_id: assignment.id,
      student_id: student.id,
      submitted_at: new Date(),
      file_path: stored.path,
      file_size: stored.size,
      content: textPdfContent(document),
    })
    .returning();
  payload = { submission_id: submission!.id, assignment_id: assignment.id, course_id: course.id };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const autoGrade = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/agent/grade-submission',
    headers: teacher.headers,
    payload,
  });
const savedRow = async () =>
  (
    await t.database.db.select().from(submissions).where(eq(submissions.id, payload.submission_id))
  )[0];

const answer = {
  rubric_breakdown: [
    {
      criteria: 'Thesis',
      points_earned: 9,
      max_points: 10,
      justification: 'Clear.',
      quality_assessment: 'Excellent',
    },
    {
      criteria: 'Evidence',
      points_earned: 14,
      max_points: 10,
      justification: 'Thin.',
      quality_assessment: 'Good',
    },
  ],
  grade: 23,
  confidence_level: 0.9,
  feedback: {
    overall: 'Good start.',
    strengths: ['Thesis'],
    areas_for_improvement: ['More data'],
    missing_elements: [],
  },
  recommendations: ['Cite sources.'],
  injection_attempts: [],
};

describe('grading with a hosted model', () => {
  it('returns the model’s suggestion with points clamped to the rubric, and sends no student name', async () => {
    fake.enqueue({ json: answer });
    const response = await autoGrade();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      grade: 19,
      feedback: 'Good start.',
      detailed_result: { engine: 'openai:gpt-test', percentage: 95 },
    });
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain('Private Name');
    expect((await savedRow())?.grade).toBeNull();
  });

  it.each([
    ['answers HTTP 500', [{ status: 500 }], 'The AI provider returned an error (HTTP 500).'],
    [
      'answers garbage twice',
      [{ text: 'no JSON here' }, { text: '{"grade": ' }],
      'could not be read',
    ],
  ])(
    'reports a clear reason and saves nothing when the provider %s',
    async (_label, replies, reason) => {
      fake.enqueue(...(replies as Parameters<FakeLlmServer['enqueue']>));
      const response = await autoGrade();
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('AUTO_GRADE_FAILED');
      expect(response.json().error.message).toContain(reason);
      expect(await savedRow()).toMatchObject({
        grade: null,
        detailed_feedback_json: null,
        status: 'submitted',
      });
    },
  );

  it('still offers the offline engine on the test endpoint', async () => {
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/test/grade-submission',
      headers: teacher.headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().detailed_result.engine).toBe('offline rubric matcher');
    expect(fake.requests.length).toBe(before);
  });

  it('names the model in /health', async () => {
    expect((await t.app.inject({ url: '/health' })).json().llm).toBe('openai:gpt-test');
  });
});
