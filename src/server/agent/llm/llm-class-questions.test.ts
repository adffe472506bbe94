// Both engines answer the same questions about the class, and neither acts on a near name
// (issue 12). The LLM engine runs against the loopback OpenAI fake, which calls the tools the
// way a model would; the offline engine is asked the same question in words. The class is the
// evaluation set's (test/agent-eval/world.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asker, PINNED_NOW } from '../../test/agent-helpers';
import { plainText } from '../../test/agent-eval/run-eval';
import { buildPeople, resetClass, type EvalPeople } from '../../test/agent-eval/world';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startFakeOpenAi, type FakeLlmServer } from '../../test/fakes/fake-openai';

let fake: FakeLlmServer;
let t: TestApp;
let people: EvalPeople;
let ask: ReturnType<typeof asker>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({
    clock: () => PINNED_NOW,
    config: { llm: { provider: 'openai', apiKey: 'k', baseUrl: fake.url, model: 'gpt-test' } },
  });
  people = await buildPeople(t);
  ask = asker(t);
});
beforeEach(() => resetClass(t, people));
afterEach(() => {
  expect(fake.pending()).toBe(0);
  fake.requests.length = 0;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** What the tool answered, as the model received it in its second request. */
const toolResult = () =>
  plainText(
    (fake.requests[1]!.body as { messages: { role: string; content: unknown }[] }).messages
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content))
      .join('\n'),
  );

async function newThread() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: people.maya.headers,
  });
  return response.json<{ id: string }>().id;
}

/** Every course and assignment of Maya's, as the API shows them. */
async function mayasClass() {
  const courses = await t.app.inject({
    method: 'GET',
    url: '/api/courses',
    headers: people.maya.headers,
  });
  const items = courses.json<{ items: { id: string }[] }>().items;
  const assignments = [];
  for (const course of items) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${course.id}/assignments`,
      headers: people.maya.headers,
    });
    assignments.push(...response.json<{ items: unknown[] }>().items);
  }
  return { courses: courses.json<unknown>(), assignments };
}

describe('both engines answer the same questions about the class', () => {
  it.each([
    {
      question: 'how many students are in CS500?',
      tool: 'course_students',
      input: { course: 'CS500' },
      facts: ['4 students', 'Priya Patel'],
    },
    {
      question: "who hasn't turned in homework 1?",
      tool: 'submission_roster',
      input: { assignment: 'Homework 1', show: 'missing' },
      facts: ['Priya Patel'],
    },
    {
      question: "what's the average grade on homework 1?",
      tool: 'grade_statistics',
      input: { assignment: 'Homework 1' },
      facts: ['Average: 7.5', 'Median: 7.5', '6 to 9'],
    },
    {
      question: "what's due this week?",
      tool: 'assignments_due',
      input: { when: 'this_week' },
      facts: ['Term Project Proposal', 'Graph Traversal', 'Reading Quiz'],
    },
    {
      question: 'which submissions were late?',
      tool: 'late_submissions',
      input: {},
      facts: ['2 late submissions', 'Jordan Lee'],
    },
    {
      question: 'who has been graded on lab 1',
      tool: 'submission_roster',
      input: { assignment: 'lab 1', show: 'graded' },
      facts: ['Alex Rivera: 45/50', 'Sam Chen: 38/50'],
    },
  ])('$question', async ({ question, tool, input, facts }) => {
    const offline = plainText((await ask(people.maya, question)).response);
    fake.enqueue({ toolCalls: [{ name: tool, input }] }, { text: 'Here you are.' });
    const reply = await ask(people.maya, question, { url: '/api/agent/process' });
    expect(reply).toMatchObject({ success: true, action_taken: tool });
    for (const fact of facts) {
      expect(offline).toContain(fact);
      expect(toolResult()).toContain(fact);
    }
  });
});

describe('the LLM engine never acts on a near name', () => {
  it.each([
    ['update_assignment', { assignment: 'Graph Quiz', due_date: '2025-12-20T23:59:00Z' }],
    ['set_assignment_status', { assignment: 'heeps and priority queus', status: 'published' }],
    ['update_rubric', { assignment: 'Hash Tabel', rubric_markdown: '- Tests (10 points)' }],
    ['delete_assignment', { assignment: 'Graph Quiz' }],
    ['update_course', { course: 'CS50', title: 'CS 501' }],
    ['create_assignment', { course: 'Data Structure and Algorithmz', title: 'Stacks Lab' }],
  ])('%s asks "Did you mean …?" and changes nothing, even after "yes"', async (tool, input) => {
    const thread = await newThread();
    const before = await mayasClass();
    fake.enqueue(
      { toolCalls: [{ name: tool, input }] },
      { text: 'I could not find that. Did you mean the one I found?' },
      { text: 'Alright.' },
    );
    const reply = await ask(people.maya, 'do it', { url: '/api/agent/process', threadId: thread });
    expect(reply).toMatchObject({ action_taken: 'clarify' });
    expect(toolResult()).toContain('Did you mean');
    // A "yes" goes to the model; nothing was proposed that the agent service could carry out.
    await ask(people.maya, 'yes', { url: '/api/agent/process', threadId: thread });
    expect(await mayasClass()).toEqual(before);
  });
});

describe('the LLM engine after a change', () => {
  it('reports a change it made even when the provider fails afterwards, so it is not done twice', async () => {
    const thread = await newThread();
    fake.enqueue(
      {
        toolCalls: [
          {
            name: 'set_assignment_status',
            input: { assignment: 'Heaps and Priority Queues', status: 'published' },
          },
        ],
      },
      { status: 500 },
    );
    const reply = await ask(people.maya, 'publish heaps and priority queues', {
      url: '/api/agent/process',
      threadId: thread,
    });
    expect(reply).toMatchObject({ success: true, action_taken: 'set_assignment_status' });
    expect(reply.response).toContain('Heaps and Priority Queues');
    expect(reply.message?.response).toBe(reply.response);
  });
});
