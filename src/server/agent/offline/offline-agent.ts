// The offline Mylo engine (DESIGN §1 principle 3): no model, a command grammar over the tools.
// It reads only the current message; the history matters only for a pending confirmation,
// which the agent service handles before any engine runs.
import type { AgentEngine, AgentRequest } from '../agent-engine';
import { md, reply, runTool, type ToolReply } from '../agent-tool';
import { parseCommand } from './command-parser';

export const HELP_MARKDOWN = `I'm not sure what you mean yet. Here is what I can do:

- **List your courses**: "list my courses"
- **Show a course**: "what assignments are in CS500"
- **Create a course**: "create a course called Biology 101"
- **Create an assignment**: "create an assignment called Lab 1 in CS500 worth 50 points due next Friday at 5pm"
- **Publish or unpublish**: "publish Lab 1", "unpublish Lab 1", "close Lab 1"
- **Change an assignment**: "change the due date of Lab 1 to May 3 at noon", "make Lab 1 worth 80 points", "change the rubric of Lab 1 to ..."
- **Delete an assignment**: "delete Lab 1" (I'll ask you to confirm)
- **Submissions**: "how many students submitted homework 1", "which submissions still need grading"
- **About the platform**: "explain the features of this platform"`;

export function createOfflineAgent(): AgentEngine {
  return {
    name: 'offline',
    async respond(request) {
      const command = parseCommand(request.message);
      if (command.kind === 'help') return reply('help', HELP_MARKDOWN);
      const { tools } = request;
      if (command.tool === 'create_assignment') {
        const missing = await completeNewAssignment(request, command.input);
        if (missing) return missing;
      }
      const first = await runTool(tools[command.tool], command.input);
      if (first.action_taken !== 'not_found' || !command.fallback) return first;
      const second = await runTool(tools[command.fallback.tool], command.fallback.input);
      return second.action_taken === 'not_found' ? first : second;
    },
  };
}

/**
 * "Create a new assignment for my course": pick the course from the page the teacher is on or
 * their only course, and ask for what is still missing.
 */
async function completeNewAssignment(
  request: AgentRequest,
  input: Record<string, unknown>,
): Promise<ToolReply | null> {
  const listed = await request.tools.list_courses.execute({});
  const own = (listed.data as { courses: { id: string; title: string }[] }).courses;
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
  } else if (course) {
    text = `Sure! What should the new assignment in **${md(course.title)}** be called? ${example}`;
  } else {
    text = `Sure! What should the assignment be called, and which course is it for? Your courses:\n\n${courseList}\n\n${example}`;
  }
  return reply('clarify', text, { courses: own });
}
