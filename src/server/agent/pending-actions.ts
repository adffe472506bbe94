// What a thread waits for the teacher to confirm (chat_threads.pending_action), answered by the
// agent service itself before any engine runs, so no model output and no text inside a course
// can confirm anything on the teacher's behalf (docs/decisions/007, 016):
//   - a proposed delete: "yes" deletes, "no" keeps it;
//   - a request whose name only looked like one of the teacher's ("Did you mean Heaps and
//     Priority Queues?"): "yes" runs it on that one; or one of several ("Which course?"): naming
//     one ("the one in CS500") runs it on that one.
// Any other message drops what was pending and is handled as a new request.
import type { PendingAction } from '../chat/chat.service';
import { AppError } from '../errors';
import { md, reply, runTool, type AgentTool, type Retry, type ToolReply } from './agent-tool';
import type { AgentTools } from './agent-tools';
import { mentionsExactly } from './name-matching';
import type { PendingDelete } from './tools/delete-assignment';
import type { ToolContext } from './tools/tool-context';

export interface PendingRetry extends PendingAction, Retry {
  kind: 'retry_tool';
  calls: { tool: string; input: Record<string, unknown> }[];
}

const YES =
  /^(?:yes|y|yeah|yep|yup|sure|ok|okay|confirm(?:ed)?|correct|right|do it|go ahead|delete it|yes,? (?:please|delete it|do it|that one|go ahead|correct))[.!]*$/i;
const NO =
  /^(?:no|n|nope|cancel|stop|never ?mind|don'?t|no,? (?:thanks|cancel|keep it|don'?t)|keep it)[.!]*$/i;

/** The candidate the answer names: its course, its title, or its place in the list. */
export function pickCandidate(answer: string, retry: Retry): number | undefined {
  const { candidates } = retry;
  const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];
  const ordinal =
    /^(?:the\s+)?(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|[1-5])(?:\s+one)?[.!]*$/i.exec(
      answer.trim(),
    );
  if (ordinal?.[1]) {
    const word = ordinal[1].toLowerCase();
    const index = /^\d/.test(word) ? Number.parseInt(word, 10) - 1 : ordinals.indexOf(word);
    return index >= 0 && index < candidates.length ? index : undefined;
  }
  const byTitle = candidates.flatMap((c, i) =>
    mentionsExactly(answer, c.title, retry.field) ? [i] : [],
  );
  if (byTitle.length === 1) return byTitle[0];
  const byCourse = candidates.flatMap((c, i) =>
    c.course && mentionsExactly(answer, c.course, 'course') ? [i] : [],
  );
  return byCourse.length === 1 ? byCourse[0] : undefined;
}

/** Runs the calls with the chosen item in place of the name that was typed. */
async function runRetry(tools: AgentTools, pending: PendingRetry, id: string): Promise<ToolReply> {
  const replies: ToolReply[] = [];
  for (const { tool, input } of pending.calls) {
    const { course: _course, ...rest } = input;
    const chosen =
      pending.field === 'assignment' ? { ...rest, assignment: id } : { ...input, course: id };
    const agentTool = (tools as unknown as Record<string, AgentTool>)[tool];
    if (!agentTool) throw new Error(`pending action names an unknown tool: ${tool}`);
    const result = await runTool(agentTool, chosen);
    replies.push(result);
    if (!result.success || result.retry) break;
  }
  const last = replies.at(-1)!;
  return { ...last, response: replies.map((r) => r.response).join('\n\n') };
}

/**
 * The teacher's answer to the thread's pending action, or null when the message is not an
 * answer (the pending action is dropped either way, so a later "yes" cannot revive it).
 */
export async function answerPendingAction(
  ctx: ToolContext & { threadId: string },
  tools: AgentTools,
  message: string,
): Promise<ToolReply | null> {
  const { chat, assignments } = ctx.services;
  const pending = await chat.pendingAction(ctx.actor, ctx.threadId);
  if (!pending) return null;
  await chat.setPendingAction(ctx.actor, ctx.threadId, null);
  const answer = message.trim();

  if (pending.kind === 'retry_tool') {
    const retry = pending as PendingRetry;
    if (NO.test(answer)) return reply('cancelled', "Okay, I won't do that.");
    const index =
      YES.test(answer) && retry.candidates.length === 1 ? 0 : pickCandidate(answer, retry);
    if (index === undefined) return null;
    return runRetry(tools, retry, retry.candidates[index]!.id);
  }

  if (pending.kind !== 'delete_assignment' || (!YES.test(answer) && !NO.test(answer))) return null;
  const { assignmentId, title } = pending as PendingDelete;
  if (NO.test(answer)) {
    return reply('cancelled', `Okay, I won't delete "${md(title)}".`, {
      assignment: { id: assignmentId, title },
    });
  }
  try {
    await assignments.remove(ctx.actor, assignmentId);
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    return reply(
      'not_found',
      `"${md(title)}" no longer exists, so there was nothing to delete.`,
      null,
      false,
    );
  }
  return reply('delete_assignment', `Deleted "${md(title)}" and its submissions.`, {
    assignment: { id: assignmentId, title },
  });
}
