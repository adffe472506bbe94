// The LLM Mylo engine against a loopback fake speaking OpenAI's tool-calling wire format
// (DESIGN §10): each tool through POST /api/agent/process, the thread's history, bounded steps,
// provider faults, and model-made thread titles.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignments, courses, submissions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAssignment, buildCourse, buildUser, enrol } from '../../test/factories';
import { startFakeAnthropic } from '../../test/fakes/fake-anthropic';
import { startFakeOpenAi, type FakeLlmServer } from '../../test/fakes/fake-openai';
import { signedInUser } from '../../test/sign-in';
import { AGENT_ERROR_REPLY } from '../agent.service';
import { asker, PINNED_NOW } from '../../test/agent-helpers';
import { createAgentServices, createAgentTools } from '../agent-tools';
import { createLlmAgent } from './llm-agent';

const TOOL_NAMES = [
  'list_courses',
  'course_info',
  'create_course',
  'update_course',
  'assignment_info',
  'create_assignment',
  'update_assignment',
  'set_assignment_status',
  'update_rubric',
  'delete_assignment',
  'count_submissions',
  'list_ungraded_submissions',
  'list_assignments',
  'course_students',
  'submission_roster',
  'grade_statistics',
  'assignments_due',
  'late_submissions',
  'explain_features',
];

let fake: FakeLlmServer;
let t: TestApp;
let ask: ReturnType<typeof asker>;
let teacher: Awaited<ReturnType<typeof signedInUser>>;
let cs500: Awaited<ReturnType<typeof buildCourse>>;
let homework1: Awaited<ReturnType<typeof buildAssignment>>;
let secret: Awaited<ReturnType<typeof buildCourse>>;
let secretHomework: Awaited<ReturnType<typeof buildAssignment>>;

const llmConfig = (url: string) => ({
  provider: 'openai' as const,
  apiKey: 'k',
  baseUrl: url,
  model: 'gpt-test',
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({ clock: () => PINNED_NOW, config: { llm: llmConfig(fake.url) } });
  ask = asker(t);
  teacher = await signedInUser(t, 'teacher');
  const db = t.database.db;
  cs500 = await buildCourse(db, teacher.id, { title: 'CS500' });
  homework1 = await buildAssignment(db, cs500.id, { title: 'Homework #1', total_points: 10 });
  await buildAssignment(db, cs500.id, { title: 'Homework 2', status: 'draft' });
  const [graded, ungraded] = await Promise.all(
    ['Ada Graded', 'Ben Ungraded'].map((full_name) =>
      buildUser(db, { role: 'student', full_name }),
    ),
  );
  for (const student of [graded, ungraded]) await enrol(db, cs500.id, student!.id);
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
  secret = await buildCourse(db, other.id, { title: 'Secret Seminar' });
  secretHomework = await buildAssignment(db, secret.id, {
    title: 'Secret Homework',
    status: 'draft',
  });
});
afterEach(() => {
  // Every scripted reply was asked for, and no test sees another's requests.
  expect(fake.pending()).toBe(0);
  fake.requests.length = 0;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const askModel = (message: string, threadId?: string) =>
  ask(teacher, message, { url: '/api/agent/process', ...(threadId && { threadId }) });

interface ChatRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown }[];
  tools?: { function: { name: string } }[];
}
const sent = (index: number) => fake.requests[index]!.body as ChatRequest;
/** What the tool answered, as the model received it in the next request. */
const toolResultSent = (index: number) =>
  sent(index)
    .messages.filter((m) => m.role === 'tool')
    .map((m) => String(m.content))
    .join('\n');

const assignmentRow = async (id: string) =>
  (await t.database.db.select().from(assignments).where(eq(assignments.id, id)))[0];

async function newThread() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: teacher.headers,
  });
  return response.json<{ id: string }>().id;
}

describe('Mylo tools through the LLM engine', () => {
  it('creates an assignment the model asked for, and tells the model what happened', async () => {
    fake.enqueue(
      {
        toolCalls: [
          {
            name: 'create_assignment',
            input: {
              course: 'CS500',
              title: 'Lab 1',
              total_points: 50,
              due_date: 'next Friday at 5pm',
            },
          },
        ],
      },
      { text: 'Done! **Lab 1** is a 50-point draft in CS500, due Friday 14 March at 5pm.' },
    );
    const reply = await askModel('create an assignment called Lab 1 in CS500 worth 50 points');

    expect(reply).toMatchObject({
      success: true,
      action_taken: 'create_assignment',
      response: 'Done! **Lab 1** is a 50-point draft in CS500, due Friday 14 March at 5pm.',
    });
    const { id } = (reply.data as { assignment: { id: string } }).assignment;
    expect(await assignmentRow(id)).toMatchObject({
      course_id: cs500.id,
      title: 'Lab 1',
      total_points: 50,
      status: 'draft',
    });
    expect((await assignmentRow(id))!.due_date?.toISOString()).toBe('2025-03-14T17:00:00.000Z');

    expect(fake.requests).toHaveLength(2);
    const first = sent(0);
    expect(first.model).toBe('gpt-test');
    expect(first.tools?.map((tool) => tool.function.name).sort()).toEqual([...TOOL_NAMES].sort());
    const system = String(first.messages[0]!.content);
    expect(first.messages[0]!.role).toBe('system');
    expect(system).toContain('Wednesday, March 5, 2025');
    expect(system).toContain('UTC');
    expect(system).toMatch(/never invent ids/i);
    expect(toolResultSent(1)).toContain('Created **Lab 1** in CS500');
    expect(toolResultSent(1)).toContain(id);
  });

  it('lists only the teacher’s own courses', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'list_courses', input: {} }] },
      { text: 'You teach CS500.' },
    );
    const reply = await askModel('what courses do I have?');
    expect(reply).toMatchObject({
      success: true,
      action_taken: 'list_courses',
      response: 'You teach CS500.',
    });
    expect(toolResultSent(1)).toContain('CS500');
    expect(toolResultSent(1)).not.toContain('Secret Seminar');
  });

  it.each([
    {
      tool: 'course_info',
      input: { course: 'cs 500' },
      expected: ['Homework #1', 'Homework 2'],
    },
    {
      tool: 'assignment_info',
      input: { assignment: 'homework 1' },
      expected: ['Homework #1', 'Points: 10'],
    },
    {
      tool: 'count_submissions',
      input: { assignment: 'Homework #1' },
      expected: ['2'],
    },
    {
      tool: 'list_ungraded_submissions',
      input: {},
      expected: ['Ben Ungraded'],
    },
    {
      tool: 'explain_features',
      input: {},
      expected: ['grad'],
    },
  ])('answers with $tool', async ({ tool, input, expected }) => {
    fake.enqueue({ toolCalls: [{ name: tool, input }] }, { text: `Here you go (${tool}).` });
    const reply = await askModel(`please run ${tool}`);
    expect(reply).toMatchObject({
      success: true,
      action_taken: tool,
      response: `Here you go (${tool}).`,
    });
    for (const text of expected) expect(toolResultSent(1)).toContain(text);
    if (tool === 'list_ungraded_submissions') {
      expect(toolResultSent(1)).not.toContain('Ada Graded');
    }
  });

  it('creates and renames a course', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'create_course', input: { title: 'Biology 101' } }] },
      { text: 'Created Biology 101.' },
      {
        toolCalls: [{ name: 'update_course', input: { course: 'biology 101', title: 'Bio 102' } }],
      },
      { text: 'Renamed it.' },
    );
    const created = await askModel('create a course called Biology 101');
    expect(created).toMatchObject({ success: true, action_taken: 'create_course' });
    const { id } = (created.data as { course: { id: string } }).course;
    const renamed = await askModel('rename Biology 101 to Bio 102');
    expect(renamed).toMatchObject({ success: true, action_taken: 'update_course' });
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, id));
    expect(row).toMatchObject({ title: 'Bio 102', teacher_id: teacher.id });
  });

  it('publishes, changes and re-rubrics an assignment', async () => {
    const lab = await buildAssignment(t.database.db, cs500.id, {
      title: 'Lab 7',
      status: 'draft',
    });
    fake.enqueue(
      {
        toolCalls: [
          { name: 'set_assignment_status', input: { assignment: 'lab 7', status: 'published' } },
        ],
      },
      { text: 'Lab 7 is published.' },
      {
        toolCalls: [
          { name: 'update_assignment', input: { assignment: 'Lab 7', total_points: 80 } },
        ],
      },
      { text: 'Lab 7 is now worth 80 points.' },
      {
        toolCalls: [
          {
            name: 'update_rubric',
            input: {
              assignment: 'Lab 7',
              rubric_markdown: '- Correctness (60 pts)\n- Style (20 pts)',
            },
          },
        ],
      },
      { text: 'Rubric updated.' },
    );
    expect(await askModel('publish lab 7')).toMatchObject({
      action_taken: 'set_assignment_status',
      response: 'Lab 7 is published.',
    });
    expect(await askModel('make lab 7 worth 80 points')).toMatchObject({
      action_taken: 'update_assignment',
    });
    expect(await askModel('set the rubric of lab 7')).toMatchObject({
      action_taken: 'update_rubric',
      response: 'Rubric updated.',
    });
    expect(await assignmentRow(lab.id)).toMatchObject({
      status: 'published',
      total_points: 80,
      rubric_markdown: '- Correctness (60 pts)\n- Style (20 pts)',
    });
  });

  it('cannot read or change another teacher’s course by naming it', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'course_info', input: { course: 'Secret Seminar' } }] },
      { text: 'I could not find that course.' },
      {
        toolCalls: [
          {
            name: 'set_assignment_status',
            input: { assignment: secretHomework.id, status: 'published' },
          },
          { name: 'update_course', input: { course: secret.id, title: 'Hijacked' } },
        ],
      },
      { text: 'I could not find those.' },
    );
    const read = await askModel('show me Secret Seminar');
    expect(read).toMatchObject({ success: true, action_taken: 'not_found' });
    expect(toolResultSent(1)).not.toContain('Secret Homework');

    const change = await askModel('publish the secret homework and rename the seminar');
    expect(change).toMatchObject({ success: true, action_taken: 'not_found' });
    expect(await assignmentRow(secretHomework.id)).toMatchObject({ status: 'draft' });
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, secret.id));
    expect(row).toMatchObject({ title: 'Secret Seminar' });
  });

  it('only proposes a delete; the assignment goes after "yes" in the same thread', async () => {
    const doomed = await buildAssignment(t.database.db, cs500.id, { title: 'Old Quiz' });
    const thread = await newThread();
    fake.enqueue(
      { toolCalls: [{ name: 'delete_assignment', input: { assignment: 'old quiz' } }] },
      { text: 'Are you sure you want to delete "Old Quiz"? Reply yes or no.' },
    );
    const proposed = await askModel('delete the old quiz', thread);
    expect(proposed).toMatchObject({ success: true, action_taken: 'confirm_required' });
    expect(await assignmentRow(doomed.id)).toBeDefined();

    // The confirmation never reaches the model: the agent service reads it.
    const confirmed = await askModel('yes', thread);
    expect(confirmed).toMatchObject({ success: true, action_taken: 'delete_assignment' });
    expect(fake.requests).toHaveLength(2);
    expect(await assignmentRow(doomed.id)).toBeUndefined();
  });

  it('sends the thread’s earlier exchanges with a new message', async () => {
    const thread = await newThread();
    fake.enqueue({ text: 'Hello! How can I help?' }, { text: 'You said hello.' });
    await askModel('hello Mylo', thread);
    await askModel('what did I just say?', thread);
    const turns = sent(1).messages.filter((m) => m.role !== 'system');
    expect(turns.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello Mylo'],
      ['assistant', 'Hello! How can I help?'],
      ['user', 'what did I just say?'],
    ]);
  });

  it('answers SPEC’s error reply when the provider fails, having changed nothing', async () => {
    const before = await t.database.db.select().from(assignments);
    fake.enqueue({ status: 500 });
    const reply = await askModel('create an assignment called Lab 99 in CS500');
    expect(reply).toEqual(AGENT_ERROR_REPLY);
    expect(reply.response).toBe(
      "I'm sorry, I encountered an error processing your request. Please try again.",
    );
    expect(await t.database.db.select().from(assignments)).toHaveLength(before.length);
  });
});

describe('the LLM engine on its own', () => {
  const engine = (options: Parameters<typeof createLlmAgent>[1]) =>
    createLlmAgent(llmConfig(fake.url), options);
  const request = (message: string) => {
    const deps = t.app.serviceDeps;
    const tools = createAgentTools({
      actor: { id: teacher.id, role: 'teacher' as const },
      services: createAgentServices(deps),
      threadId: null,
      now: PINNED_NOW,
    });
    return { message, history: [], tools, now: PINNED_NOW };
  };

  it('stops after maxSteps when the model keeps calling tools, and still answers', async () => {
    for (let step = 0; step < 3; step += 1) {
      fake.enqueue({ toolCalls: [{ name: 'explain_features', input: {} }] });
    }
    const reply = await engine({ maxSteps: 3 }).respond(request('tell me everything'));
    expect(fake.requests).toHaveLength(3);
    expect(reply.success).toBe(true);
    expect(reply.action_taken).toBe('explain_features');
    expect(reply.response.length).toBeGreaterThan(20);
  });

  it('gives up when the provider does not answer in time, having run nothing', async () => {
    const before = await t.database.db.select().from(assignments);
    fake.enqueue({ hang: true });
    await expect(
      engine({ timeoutMs: 200 }).respond(request('create an assignment called Lab 5 in CS500')),
    ).rejects.toThrow('The AI provider did not answer in time.');
    expect(await t.database.db.select().from(assignments)).toHaveLength(before.length);
  });

  it('reports the provider’s HTTP status', async () => {
    fake.enqueue({ status: 503 });
    await expect(engine({}).respond(request('hi'))).rejects.toThrow(
      'The AI provider returned an error (HTTP 503).',
    );
  });

  it('returns a tool’s refusal to the model instead of failing the turn', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'create_assignment', input: { course: 'CS500', title: '' } }] },
      { text: 'The assignment needs a title.' },
    );
    const reply = await engine({}).respond(request('create an assignment in CS500'));
    expect(reply).toMatchObject({ success: true, response: 'The assignment needs a title.' });
    expect(toolResultSent(1).length).toBeGreaterThan(0);
  });
});

describe('thread titles from the model', () => {
  const title = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: teacher.headers,
      payload: { first_message: 'create an assignment called Lab 1 in CS500' },
    });

  it('uses the model’s title, trimmed of quotes', async () => {
    fake.enqueue({ text: '"New Lab 1 Assignment."' });
    const response = await title('/api/agent/generate-thread-title');
    expect(response.json()).toEqual({ success: true, title: 'New Lab 1 Assignment' });
    expect(fake.requests[0]!.rawBody).toContain('Lab 1 in CS500');
  });

  it('falls back to the first three words when the model fails', async () => {
    fake.enqueue({ status: 500 });
    const response = await title('/api/agent/generate-thread-title');
    expect(response.json()).toMatchObject({ success: false, title: 'create an assignment' });
  });

  it('keeps the test variant offline', async () => {
    const response = await title('/api/agent/test/generate-thread-title');
    expect(response.json()).toMatchObject({ success: true });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the LLM engine with Anthropic', () => {
  it('creates a course through Anthropic’s tool-use format', async () => {
    const anthropic = await startFakeAnthropic();
    const other = await buildTestApp({
      clock: () => PINNED_NOW,
      config: {
        llm: { provider: 'anthropic', apiKey: 'k', baseUrl: anthropic.url, model: 'claude-test' },
      },
    });
    try {
      const someone = await signedInUser(other, 'teacher');
      anthropic.enqueue(
        { toolCalls: [{ name: 'create_course', input: { title: 'Chemistry' } }] },
        { text: 'Created Chemistry.' },
      );
      const reply = await asker(other)(someone, 'create a course called Chemistry', {
        url: '/api/agent/process',
      });
      expect(reply).toMatchObject({
        success: true,
        action_taken: 'create_course',
        response: 'Created Chemistry.',
      });
      const [row] = await other.database.db
        .select()
        .from(courses)
        .where(eq(courses.teacher_id, someone.id));
      expect(row).toMatchObject({ title: 'Chemistry' });
      expect(anthropic.requests[1]!.rawBody).toContain('tool_result');
    } finally {
      await other.close();
      await anthropic.close();
    }
  });
});
