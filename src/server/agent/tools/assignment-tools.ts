// Assignments: describe, create, update, publish / unpublish / close, and rubric changes.
import { z } from 'zod';
import { TEXT_LIMITS, TOTAL_POINTS } from '@domain/limits';
import {
  assignmentInputSchema,
  assignmentStatusSchema,
  assignmentTitleSchema,
  totalPointsSchema,
} from '@domain/schemas/assignments';
import { defineTool, md, reply } from '../agent-tool';
import { formatDueDate, parseDueDate } from './due-date';
import { countsOf, resolveAssignment, resolveCourse, type AssignmentItem } from './resolve';
import type { ToolContext } from './tool-context';

export const assignmentRef = {
  assignment: z
    .string()
    .trim()
    .min(1, 'Which assignment? Give its name.')
    .describe("The assignment's title (matched loosely) or id"),
  course: z.string().trim().min(1).optional().describe('Its course, when the title is ambiguous'),
};

const dueDate = z
  .string()
  .trim()
  .min(1)
  .optional()
  .describe('When it is due: an ISO date-time or words like "next Friday at 5pm"');

const STATUS_WORDS = { published: 'Published', draft: 'Unpublished (draft)', closed: 'Closed' };

export const assignmentSummary = (a: AssignmentItem) => ({
  id: a.id,
  title: a.title,
  course_id: a.course_id,
  status: a.status,
  total_points: a.total_points,
  due_date: a.due_date,
});

export function assignmentTools(ctx: ToolContext) {
  const { assignments } = ctx.services;
  const due = (a: AssignmentItem) => formatDueDate(a.due_date, ctx.utcOffsetMinutes);

  /** The due date as an ISO instant, or the reply explaining it could not be read. */
  function readDueDate(text: string | undefined) {
    if (text === undefined) return { ok: true as const, value: undefined };
    const value = parseDueDate(text, ctx.now, ctx.utcOffsetMinutes);
    if (value) return { ok: true as const, value };
    const message = `I couldn't understand the due date "${md(text)}". Try something like "next Friday at 5pm" or "2025-05-01 17:00".`;
    return { ok: false as const, reply: reply('invalid_input', message, null, false) };
  }

  return {
    assignment_info: defineTool({
      name: 'assignment_info',
      description:
        'Describe one assignment: course, status, points, due date, rubric and counts (or only its due date or rubric).',
      inputSchema: z.object({
        ...assignmentRef,
        focus: z
          .enum(['all', 'due_date', 'rubric'])
          .default('all')
          .describe('all, or only the due date or the rubric'),
      }),
      async execute({ assignment, course, focus }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const a = found.item;
        const data = { assignment: assignmentSummary(a) };
        const named = `**${md(a.title)}** (${md(a.course.title)})`;
        if (focus === 'due_date') {
          const text = a.due_date ? `${named} is due ${due(a)}.` : `${named} has no due date.`;
          return reply('assignment_info', text, data);
        }
        if (focus === 'rubric') {
          const text = a.rubric_markdown
            ? `The rubric of ${named}:\n\n${a.rubric_markdown}`
            : `${named} has no rubric yet.`;
          return reply('assignment_info', text, data);
        }
        const text = [
          `**${md(a.title)}** in ${md(a.course.title)}`,
          `- Status: ${a.status}\n- Points: ${a.total_points}\n- Due: ${due(a)}\n- Submissions: ${countsOf(a).submitted} (${countsOf(a).ungraded} ungraded)`,
          a.rubric_markdown ? `Rubric:\n\n${a.rubric_markdown}` : 'It has no rubric yet.',
        ].join('\n\n');
        return reply('assignment_info', text, data);
      },
    }),

    create_assignment: defineTool({
      name: 'create_assignment',
      description: `Create an assignment in one of the teacher's courses (${TOTAL_POINTS.default} points and draft unless asked).`,
      inputSchema: z.object({
        course: assignmentRef.course.unwrap().describe("The course's title or id"),
        title: assignmentTitleSchema,
        description: z.string().trim().min(1).optional(),
        rubric_markdown: z
          .string()
          .trim()
          .min(1)
          .max(TEXT_LIMITS.markdown, 'The rubric is too long.')
          .optional()
          .describe('The grading rubric (Markdown), when the teacher gives one'),
        total_points: totalPointsSchema.default(TOTAL_POINTS.default),
        due_date: dueDate,
        status: assignmentStatusSchema.default('draft'),
      }),
      async execute({ course, due_date, ...fields }) {
        const found = await resolveCourse(ctx, course);
        if (!found.ok) return found.reply;
        const when = readDueDate(due_date);
        if (!when.ok) return when.reply;
        const input = assignmentInputSchema.parse({ ...fields, due_date: when.value });
        const created = await assignments.create(ctx.actor, found.item.id, input);
        const text = `Created **${md(created.title)}** in ${md(found.item.title)}: ${created.total_points} points, due ${due(created)}, status ${created.status}.`;
        return reply('create_assignment', text, { assignment: assignmentSummary(created) });
      },
    }),

    update_assignment: defineTool({
      name: 'update_assignment',
      description: "Change an assignment's title, description, points or due date.",
      inputSchema: z.object({
        ...assignmentRef,
        title: assignmentTitleSchema.optional(),
        description: z.string().trim().min(1).optional(),
        total_points: totalPointsSchema.optional(),
        due_date: dueDate,
        move_due_date_by_days: z
          .number()
          .int()
          .min(-365)
          .max(365)
          .optional()
          .describe('Move the current due date later (positive) or earlier (negative) by days'),
      }),
      async execute({ assignment, course, due_date, move_due_date_by_days: shift, ...changes }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const when = readDueDate(due_date);
        if (!when.ok) return when.reply;
        let dueValue = when.value;
        if (shift !== undefined && dueValue === undefined) {
          if (!found.item.due_date) {
            const text = `**${md(found.item.title)}** has no due date to move yet. Tell me the date, for example "make it due next Friday at 5pm".`;
            return reply('invalid_input', text, null, false);
          }
          dueValue = new Date(
            new Date(found.item.due_date).getTime() + shift * 86_400_000,
          ).toISOString();
        }
        if (Object.values(changes).every((v) => v === undefined) && !dueValue) {
          const ask = 'What should I change: the title, description, points or due date?';
          return reply('invalid_input', ask, null, false);
        }
        const updated = await assignments.update(ctx.actor, found.item.id, {
          ...changes,
          ...(dueValue && { due_date: dueValue }),
        });
        const text = `Updated **${md(updated.title)}**: ${updated.total_points} points, due ${due(updated)}.`;
        return reply('update_assignment', text, { assignment: assignmentSummary(updated) });
      },
    }),

    set_assignment_status: defineTool({
      name: 'set_assignment_status',
      description: 'Publish an assignment (students see it), unpublish it (draft) or close it.',
      inputSchema: z.object({ ...assignmentRef, status: assignmentStatusSchema }),
      async execute({ assignment, course, status }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const updated = await assignments.update(ctx.actor, found.item.id, { status });
        const effect = {
          published: 'Students enrolled in the course can now see it and submit.',
          draft: 'Students no longer see it.',
          closed: 'It no longer accepts submissions.',
        }[status];
        const text = `${STATUS_WORDS[status]}: **${md(updated.title)}**. ${effect}`;
        return reply('set_assignment_status', text, { assignment: assignmentSummary(updated) });
      },
    }),

    update_rubric: defineTool({
      name: 'update_rubric',
      description: "Replace an assignment's grading rubric (Markdown).",
      inputSchema: z.object({
        ...assignmentRef,
        rubric_markdown: z
          .string()
          .trim()
          .min(1, 'The rubric cannot be empty.')
          .max(TEXT_LIMITS.markdown, 'The rubric is too long.'),
      }),
      async execute({ assignment, course, rubric_markdown }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const updated = await assignments.update(ctx.actor, found.item.id, { rubric_markdown });
        const text = `Updated the rubric of **${md(updated.title)}**:\n\n${rubric_markdown}`;
        return reply('update_rubric', text, { assignment: assignmentSummary(updated) });
      },
    }),
  };
}
