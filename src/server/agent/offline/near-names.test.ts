// A name that only looks like one of the teacher's is a question, never a write, for every
// write tool of the offline engine (issue 12). "Graph Quiz" did not exist when it moved the due
// date of "Graph Traversal: BFS and DFS"; now it asks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asker, PINNED_NOW } from '../../test/agent-helpers';
import { plainText } from '../../test/agent-eval/run-eval';
import { buildPeople, resetClass, type EvalPeople } from '../../test/agent-eval/world';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
let people: EvalPeople;
let ask: ReturnType<typeof asker>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => PINNED_NOW });
  people = await buildPeople(t);
  ask = asker(t);
});
beforeEach(() => resetClass(t, people));
afterAll(() => t.close());

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
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: people.maya.headers });
  const courses = (await get('/api/courses')).json<{ items: { id: string }[] }>().items;
  const assignments = [];
  for (const course of courses) {
    assignments.push(
      ...(await get(`/api/courses/${course.id}/assignments`)).json<{ items: unknown[] }>().items,
    );
  }
  return { courses, assignments };
}

describe('the offline engine asks about a near name and changes nothing', () => {
  it.each([
    [
      'update_assignment (due date)',
      'move the due date of Graph Quiz to December 20 at 11:59pm',
      'Graph Traversal',
    ],
    [
      'update_assignment (points)',
      'make the Graph Traversal Quiz worth 20 points',
      'Graph Traversal',
    ],
    [
      'update_assignment (title)',
      'rename Hash Tabel Implementation to Hashing',
      'Hash Table Implementation',
    ],
    [
      'update_assignment (description)',
      'set the description of Hash Tabel to Open addressing',
      'Hash Table Implementation',
    ],
    ['set_assignment_status', 'publish heeps and priority queus', 'Heaps and Priority Queues'],
    [
      'update_rubric',
      'change the rubric of Graph Travesal to: - BFS (5 points)',
      'Graph Traversal',
    ],
    ['delete_assignment', 'remove the Graph Quiz assignment', 'Graph Traversal'],
    ['update_course', 'rename the CS50 course to CS 501', 'CS500'],
    [
      'create_assignment (course)',
      'create an assignment called Stacks Lab in Data Structure and Algorithmz',
      'Data Structures and Algorithms',
    ],
  ])('%s: "%s"', async (_, message, suggestion) => {
    const thread = await newThread();
    const before = await mayasClass();
    const reply = await ask(people.maya, message, { threadId: thread });
    expect(reply).toMatchObject({ success: true, action_taken: 'clarify' });
    expect(plainText(reply.response)).toMatch(/Did you mean/);
    expect(plainText(reply.response)).toContain(suggestion);
    expect(await mayasClass()).toEqual(before);
    // Anything but an answer drops the question: a later "yes" does nothing.
    await ask(people.maya, 'list my courses', { threadId: thread });
    await ask(people.maya, 'yes', { threadId: thread });
    expect(await mayasClass()).toEqual(before);
  });

  it('acts on the suggestion only after the teacher says yes in the same thread', async () => {
    const thread = await newThread();
    await ask(
      people.maya,
      'create an assignment called Stacks Lab in Data Structure and Algorithmz',
      {
        threadId: thread,
      },
    );
    const done = await ask(people.maya, 'yes', { threadId: thread });
    expect(done).toMatchObject({ success: true, action_taken: 'create_assignment' });
    expect(plainText(done.response)).toContain(
      'Created Stacks Lab in Data Structures and Algorithms',
    );
  });
});
