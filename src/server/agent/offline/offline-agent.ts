// The offline Mylo engine (DESIGN §1 principle 3): no model. It reads the teacher's own courses
// and assignments through the tools, understands the message (understand.ts), checks every
// tool call's input, and only then runs them, in order, stopping at the first that fails or
// asks a question. A question about which item was meant is kept as the reply's `pending`, so
// the teacher's "yes" or "the one in CS500" finishes it (pending-actions.ts).
import type { AgentEngine, AgentRequest } from '../agent-engine';
import { md, reply, runTool, type AgentTool, type ToolReply } from '../agent-tool';
import type { PendingRetry } from '../pending-actions';
import { understand, type Catalog, type ToolCall } from './understand';

export const CAPABILITIES_MARKDOWN = `- **Your courses**: "list my courses", "what assignments are in CS500?", "how many students are in CS500?"
- **Create**: "make a new homework for CS500 called Recursion Practice, 20 pts, due Dec 4 at noon", "create a course called Biology 101 with the description Intro to cells"
- **Change**: "move the due date of Lab 1 to March 14 at 5pm", "extend Homework 1 by 3 days", "make Lab 1 worth 80 points and publish it", "rename Lab 1 to Lab One", "change the rubric of Lab 1 to: - Correctness (10 points)"
- **Publish, hide or close**: "make Lab 1 visible to students", "hide Lab 1", "close submissions for Lab 1"
- **Delete an assignment**: "delete Lab 1" (I'll ask you to confirm)
- **Questions about the class**: "how many kids turned in Homework 1?", "who hasn't turned in Homework 1?", "who hasn't been graded yet?", "what's the average grade on Homework 1?", "what's due this week?", "which submissions were late?", "show me the rubric for Lab 1", "when is Lab 1 due?"
- **About the platform**: "explain the features of this platform"`;

export const HELP_MARKDOWN = `I'm not sure what you mean yet. Here is what I can do:

${CAPABILITIES_MARKDOWN}`;

export function createOfflineAgent(): AgentEngine {
  return {
    name: 'offline',
    async respond(request) {
      const catalog = await readCatalog(request);
      const plan = understand(request.message, catalog, {
        now: request.now ?? new Date(),
        ...(request.utcOffsetMinutes !== undefined && {
          utcOffsetMinutes: request.utcOffsetMinutes,
        }),
        earlier: request.history.map((exchange) => exchange.message),
      });
      switch (plan.kind) {
        case 'help':
          return reply('help', HELP_MARKDOWN);
        case 'reply':
          return reply(plan.action, plan.text, null, plan.action !== 'invalid_input');
        case 'new_assignment': {
          const missing = completeNewAssignment(request, catalog, plan.input);
          if (missing) return missing;
          return runCalls(request, [{ tool: 'create_assignment', input: plan.input }]);
        }
        case 'tools':
          return runCalls(request, plan.calls);
      }
    },
  };
}

/** The teacher's own courses and assignments, through the same tools (and services). */
async function readCatalog(request: AgentRequest): Promise<Catalog> {
  const courses = (await request.tools.list_courses.execute({})).data as {
    courses: Catalog['courses'];
  };
  const assignments = (await request.tools.list_assignments.execute({})).data as {
    assignments: Catalog['assignments'];
  };
  return { courses: courses.courses, assignments: assignments.assignments };
}

/** Every input is checked before the first tool runs; then they run in order. */
async function runCalls(request: AgentRequest, calls: ToolCall[]): Promise<ToolReply> {
  const toolOf = (name: string) => (request.tools as unknown as Record<string, AgentTool>)[name]!;
  for (const { tool, input } of calls) {
    const parsed = toolOf(tool).inputSchema.safeParse(input);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => issue.message);
      return reply('invalid_input', `I couldn't do that: ${problems.join(' ')}`, null, false);
    }
  }
  const replies: ToolReply[] = [];
  for (const [index, { tool, input }] of calls.entries()) {
    const result = await runTool(toolOf(tool), input);
    replies.push(result);
    if (result.retry) {
      const pending: PendingRetry = {
        kind: 'retry_tool',
        ...result.retry,
        calls: calls.slice(index),
      };
      return { ...combine(replies), pending };
    }
    if (!result.success) break;
  }
  return combine(replies);
}

/** Several calls answer as one reply: every tool's words, the last tool's action and data. */
function combine(replies: ToolReply[]): ToolReply {
  const last = replies.at(-1)!;
  const { retry: _retry, ...rest } = last;
  return { ...rest, response: replies.map((r) => r.response).join('\n\n') };
}

/**
 * "Create a new assignment for my course": pick the course from the page the teacher is on or
 * their only course, and ask for what is still missing.
 */
function completeNewAssignment(
  request: AgentRequest,
  catalog: Catalog,
  input: Record<string, unknown>,
): ToolReply | null {
  const own = catalog.courses;
  if (own.length === 0) {
    return reply('clarify', 'You need a course first. Try "create a course called Biology 101".');
  }
  if (input.course === undefined) {
    const current = own.find((course) => course.id === request.courseId);
    const only = own.length === 1 ? own[0] : undefined;
    if (current ?? only) input.course = (current ?? only)?.id;
  }
  if (input.title !== undefined && input.course !== undefined) return null;
  const courseList = own.map((c) => `- ${md(c.title)}`).join('\n');
  const course = own.find((c) => c.id === input.course);
  const example = `For example: "create an assignment called Lab 1 in ${md(course?.title ?? own[0]?.title ?? 'CS500')} worth 50 points due next Friday at 5pm".`;
  let text: string;
  if (input.title !== undefined) {
    text = `Which course should **${md(String(input.title))}** go in? Your courses:\n\n${courseList}`;
    const pending: PendingRetry = {
      kind: 'retry_tool',
      field: 'course',
      mode: 'choose',
      candidates: own.map(({ id, title }) => ({ id, title })),
      calls: [{ tool: 'create_assignment', input }],
    };
    return reply('clarify', text, { courses: own }, true, { pending });
  } else if (course) {
    text = `Sure! What should the new assignment in **${md(course.title)}** be called? ${example}`;
  } else {
    text = `Sure! What should the assignment be called, and which course is it for? Your courses:\n\n${courseList}\n\n${example}`;
  }
  return reply('clarify', text, { courses: own });
}
