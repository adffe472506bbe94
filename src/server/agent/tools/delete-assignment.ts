// Deleting an assignment takes two turns in one thread: the tool only *proposes* it (stored on
// the thread as its pending action); the teacher's next message confirms or cancels it
// (pending-actions.ts). The confirmation is read by the agent service itself, never by an engine, so no model output
// and no text inside a course can delete anything without the teacher typing "yes".
import { z } from 'zod';
import type { PendingAction } from '../../chat/chat.service';
import { defineTool, md, reply, type ToolReply } from '../agent-tool';
import { assignmentRef } from './assignment-tools';
import { resolveAssignment } from './resolve';
import type { ToolContext } from './tool-context';

export interface PendingDelete extends PendingAction {
  kind: 'delete_assignment';
  assignmentId: string;
  title: string;
}

export function deleteAssignmentTool(ctx: ToolContext) {
  return defineTool({
    name: 'delete_assignment',
    description:
      'Propose deleting an assignment and its submissions. Nothing is deleted until the teacher replies "yes" in this thread.',
    inputSchema: z.object(assignmentRef),
    async execute({ assignment, course }): Promise<ToolReply> {
      const found = await resolveAssignment(ctx, assignment, course);
      if (!found.ok) return found.reply;
      const a = found.item;
      if (!ctx.threadId) {
        const text = `To delete **${md(a.title)}**, ask me inside a chat thread so you can confirm it there, or delete it from the assignment page.`;
        return reply(
          'confirm_unavailable',
          text,
          { assignment: { id: a.id, title: a.title } },
          false,
        );
      }
      const pending: PendingDelete = {
        kind: 'delete_assignment',
        assignmentId: a.id,
        title: a.title,
      };
      await ctx.services.chat.setPendingAction(ctx.actor, ctx.threadId, pending);
      const text = `Are you sure you want to delete "${md(a.title)}"? This action cannot be undone. Reply **yes** to confirm or **no** to cancel.`;
      return reply('confirm_required', text, { pending_action: pending });
    },
  });
}
