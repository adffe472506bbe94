// Runs Mylo's evaluation set (cases.ts) through the HTTP API, as Maya, in a fresh chat thread
// per case, and checks each outcome through the API: both teachers' courses and assignments
// are read before and after, and every difference must be one the case names.
import type { TestApp } from '../build-test-app';
import { asker } from '../agent-helpers';
import {
  CATEGORIES,
  EVAL_CASES,
  type AssignmentFields,
  type Category,
  type Change,
  type EvalCase,
} from './cases';
import { buildPeople, resetClass, type EvalPeople } from './world';

export interface CaseResult {
  evalCase: EvalCase;
  passed: boolean;
  /** What went wrong, in a teacher's words. */
  problems: string[];
  /** Something the teacher did not name was created, changed or deleted. */
  unintended: boolean;
  replies: string[];
}

interface CourseState {
  id: string;
  teacher: string;
  title: string;
  description: string | null;
}
interface AssignmentState {
  id: string;
  course: string;
  title: string;
  status: string;
  total_points: number;
  due_date: string | null;
  description: string | null;
  rubric_markdown: string | null;
}
interface Snapshot {
  courses: Map<string, CourseState>;
  assignments: Map<string, AssignmentState>;
}

const ASSIGNMENT_FIELDS = [
  'title',
  'status',
  'total_points',
  'due_date',
  'description',
  'rubric_markdown',
] as const;

async function getJson<T>(t: TestApp, headers: Record<string, string>, url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
  return response.json<T>();
}

/** Both teachers' courses and assignments, read through the API as each teacher. */
async function snapshot(t: TestApp, people: EvalPeople): Promise<Snapshot> {
  const state: Snapshot = { courses: new Map(), assignments: new Map() };
  for (const teacher of [people.maya, people.omar]) {
    const { items } = await getJson<{ items: CourseState[] }>(t, teacher.headers, '/api/courses');
    for (const course of items) {
      state.courses.set(course.id, {
        id: course.id,
        teacher: teacher.full_name,
        title: course.title,
        description: course.description,
      });
      const assignments = await getJson<{ items: AssignmentState[] }>(
        t,
        teacher.headers,
        `/api/courses/${course.id}/assignments`,
      );
      for (const a of assignments.items) {
        state.assignments.set(a.id, {
          id: a.id,
          course: course.title,
          title: a.title,
          status: a.status,
          total_points: a.total_points,
          due_date: a.due_date,
          description: a.description,
          rubric_markdown: a.rubric_markdown,
        });
      }
    }
  }
  return state;
}

/** What a teacher reads: no Markdown emphasis or escapes, straight apostrophes. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\\([\\`*_[\]<>|])/g, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/[‘’]/g, "'");
}

function fieldProblems(label: string, actual: AssignmentState, wanted: AssignmentFields): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    if (key === 'rubric') {
      if (!actual.rubric_markdown?.includes(String(value))) {
        problems.push(`${label}: rubric is ${JSON.stringify(actual.rubric_markdown)}`);
      }
      continue;
    }
    const got = actual[key as keyof AssignmentState];
    if (got !== value) {
      problems.push(
        `${label}: ${key} is ${JSON.stringify(got)}, expected ${JSON.stringify(value)}`,
      );
    }
  }
  return problems;
}

/** Compares the two snapshots with the changes the case names. */
function checkChanges(before: Snapshot, after: Snapshot, expected: Change[]) {
  const problems: string[] = [];
  let unintended = false;
  const claimed = new Set<string>();

  for (const change of expected) {
    if ('created' in change && change.created === 'course') {
      const made = [...after.courses.values()].find(
        (c) => !before.courses.has(c.id) && c.title === change.title,
      );
      if (!made) problems.push(`course "${change.title}" was not created`);
      else {
        claimed.add(made.id);
        if (change.description !== undefined && made.description !== change.description) {
          problems.push(`course description is ${JSON.stringify(made.description)}`);
        }
      }
    } else if ('created' in change) {
      const made = [...after.assignments.values()].find(
        (a) =>
          !before.assignments.has(a.id) && a.course === change.course && a.title === change.title,
      );
      if (!made) problems.push(`"${change.title}" was not created in ${change.course}`);
      else {
        claimed.add(made.id);
        const { created: _c, course: _course, ...fields } = change;
        problems.push(...fieldProblems(`new "${change.title}"`, made, fields));
      }
    } else if ('updated' in change && change.updated === 'course') {
      const was = [...before.courses.values()].find((c) => c.title === change.title);
      const now = was && after.courses.get(was.id);
      if (!was || !now) problems.push(`course "${change.title}" is gone`);
      else {
        claimed.add(was.id);
        for (const [key, value] of Object.entries(change.set)) {
          const got = now[key as 'title' | 'description'];
          if (got !== value) problems.push(`course ${key} is ${JSON.stringify(got)}`);
        }
        for (const key of ['title', 'description'] as const) {
          if (!(key in change.set) && was[key] !== now[key]) {
            problems.push(`course ${key} changed to ${JSON.stringify(now[key])}`);
            unintended = true;
          }
        }
      }
    } else {
      const was = [...before.assignments.values()].find(
        (a) => a.course === change.course && a.title === change.title,
      );
      if (!was) throw new Error(`the world has no "${change.title}" in ${change.course}`);
      claimed.add(was.id);
      const now = after.assignments.get(was.id);
      if ('deleted' in change) {
        if (now) problems.push(`"${change.title}" was not deleted`);
      } else if (!now) {
        problems.push(`"${change.title}" was deleted`);
        unintended = true;
      } else {
        problems.push(...fieldProblems(`"${change.title}"`, now, change.set));
        const asked = new Set(
          Object.keys(change.set).map((k) => (k === 'rubric' ? 'rubric_markdown' : k)),
        );
        for (const key of ASSIGNMENT_FIELDS) {
          if (!asked.has(key) && was[key] !== now[key]) {
            problems.push(`"${change.title}": ${key} changed to ${JSON.stringify(now[key])}`);
            unintended = true;
          }
        }
      }
    }
  }

  // Anything else that differs was not named by the teacher.
  const report = (text: string) => {
    problems.push(text);
    unintended = true;
  };
  for (const [id, was] of before.courses) {
    if (claimed.has(id)) continue;
    const now = after.courses.get(id);
    if (!now) report(`course "${was.title}" (${was.teacher}) was deleted`);
    else if (now.title !== was.title || now.description !== was.description) {
      report(`course "${was.title}" (${was.teacher}) changed`);
    }
  }
  for (const [id, now] of after.courses) {
    if (!before.courses.has(id) && !claimed.has(id)) report(`course "${now.title}" was created`);
  }
  for (const [id, was] of before.assignments) {
    if (claimed.has(id)) continue;
    const now = after.assignments.get(id);
    if (!now) report(`"${was.title}" (${was.course}) was deleted`);
    else {
      const changed = ASSIGNMENT_FIELDS.filter((key) => was[key] !== now[key]);
      if (changed.length) report(`"${was.title}" (${was.course}) changed: ${changed.join(', ')}`);
    }
  }
  for (const [id, now] of after.assignments) {
    if (!before.assignments.has(id) && !claimed.has(id)) {
      report(`"${now.title}" was created in ${now.course}`);
    }
  }
  return { problems, unintended };
}

function checkReply(evalCase: EvalCase, reply: string): string[] {
  const text = plainText(reply).toLowerCase();
  const problems: string[] = [];
  for (const phrase of evalCase.says ?? []) {
    if (!text.includes(phrase.toLowerCase())) problems.push(`the reply does not say "${phrase}"`);
  }
  for (const phrase of evalCase.never ?? []) {
    if (text.includes(phrase.toLowerCase())) problems.push(`the reply says "${phrase}"`);
  }
  if (evalCase.asks && !text.includes('?')) problems.push('the reply asks nothing');
  return problems;
}

export interface EvalRun {
  results: CaseResult[];
  /** Per category: cases and passes, in CATEGORIES order. */
  byCategory: { category: Category; cases: number; passed: number }[];
  passed: number;
  unintendedChanges: number;
}

/** Every case, each on a freshly built class, through `/api/agent/test` (the offline engine). */
export async function runEvaluation(
  t: TestApp,
  options: { url?: string; cases?: EvalCase[] } = {},
): Promise<EvalRun> {
  const people = await buildPeople(t);
  const ask = asker(t);
  const results: CaseResult[] = [];
  for (const evalCase of options.cases ?? EVAL_CASES) {
    await resetClass(t, people);
    const thread = await t.app.inject({
      method: 'POST',
      url: '/api/chat/threads',
      headers: people.maya.headers,
      payload: {},
    });
    const threadId = thread.json<{ id: string }>().id;
    const before = await snapshot(t, people);
    const replies: string[] = [];
    const problems: string[] = [];
    try {
      for (const message of [evalCase.say].flat()) {
        const reply = await ask(people.maya, message, {
          threadId,
          ...(options.url && { url: options.url }),
        });
        replies.push(reply.response);
      }
    } catch (error) {
      problems.push(`the request failed: ${(error as Error).message}`);
    }
    const after = await snapshot(t, people);
    const changes = checkChanges(before, after, evalCase.changes ?? []);
    problems.push(...changes.problems, ...checkReply(evalCase, replies.at(-1) ?? ''));
    results.push({
      evalCase,
      passed: problems.length === 0,
      problems,
      unintended: changes.unintended,
      replies,
    });
  }
  const byCategory = CATEGORIES.map((category) => {
    const inCategory = results.filter((r) => r.evalCase.category === category);
    return {
      category,
      cases: inCategory.length,
      passed: inCategory.filter((r) => r.passed).length,
    };
  });
  return {
    results,
    byCategory,
    passed: results.filter((r) => r.passed).length,
    unintendedChanges: results.filter((r) => r.unintended).length,
  };
}

/** The table `npm run eval:agent` prints and writes into bench/results.md. */
export function renderEvalTable(run: EvalRun): string {
  const percent = (passed: number, cases: number) =>
    cases === 0 ? '–' : `${((100 * passed) / cases).toFixed(0)} %`;
  const rows = run.byCategory.map(
    ({ category, cases, passed }) =>
      `| ${category} | ${cases} | ${passed} | ${percent(passed, cases)} |`,
  );
  const total = run.results.length;
  return [
    '| Category | Requests | Right | Success rate |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| **All** | **${total}** | **${run.passed}** | **${percent(run.passed, total)}** |`,
  ].join('\n');
}

/** One line per failed case: what was said and what went wrong. */
export function describeFailures(run: EvalRun): string[] {
  return run.results
    .filter((r) => !r.passed)
    .map(
      (r) =>
        `[${r.evalCase.category}] ${[r.evalCase.say].flat().join(' → ')}: ${r.problems.join('; ')}`,
    );
}
