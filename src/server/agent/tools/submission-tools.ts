// Submissions: how many students handed in an assignment, and which work still needs a grade.
import { z } from 'zod';
import { defineTool, md, reply } from '../agent-tool';
import { assignmentRef } from './assignment-tools';
import { plural } from './class-tools';
import { resolveAssignment, resolveCourse, type CourseItem } from './resolve';
import type { ToolContext } from './tool-context';

/** A long list is cut here; the reply says how many more there are. */
const MAX_LISTED = 20;

export function submissionTools(ctx: ToolContext) {
  const { submissions } = ctx.services;

  return {
    count_submissions: defineTool({
      name: 'count_submissions',
      description:
        'Count the submissions for an assignment: submitted, graded, ungraded, and enrolled students who have not submitted.',
      inputSchema: z.object(assignmentRef),
      async execute({ assignment, course }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const a = found.item;
        const counts = await submissions.countForAssignment(ctx.actor, a.id);
        const text = [
          `**${counts.submitted}** of ${plural(counts.enrolled, 'enrolled student')} submitted **${md(a.title)}** (${md(a.course.title)}).`,
          `- Graded: ${counts.graded}\n- Still to grade: ${counts.ungraded}\n- Not submitted yet: ${counts.not_submitted}\n- Handed in late: ${counts.late}`,
        ].join('\n\n');
        return reply('count_submissions', text, {
          assignment: { id: a.id, title: a.title },
          submitted: counts.submitted,
          graded: counts.graded,
          ungraded: counts.ungraded,
          not_submitted: counts.not_submitted,
          late: counts.late,
          enrolled: counts.enrolled,
        });
      },
    }),

    list_ungraded_submissions: defineTool({
      name: 'list_ungraded_submissions',
      description: 'List submitted work that has no grade yet, across all courses or in one.',
      inputSchema: z.object({
        course: z.string().trim().min(1).optional().describe('Limit to this course (title or id)'),
      }),
      async execute({ course }) {
        let scope: CourseItem | undefined;
        if (course) {
          const found = await resolveCourse(ctx, course);
          if (!found.ok) return found.reply;
          scope = found.item;
        }
        const ungraded = (
          await submissions.listUngraded(ctx.actor, scope ? { courseId: scope.id } : {})
        ).map(({ student, ...rest }) => ({ ...rest, student: student.full_name }));
        const where = scope ? ` in ${md(scope.title)}` : '';
        if (ungraded.length === 0) {
          return reply(
            'list_ungraded_submissions',
            `Nothing to grade${where}: every submission has a grade.`,
            { submissions: [] },
          );
        }
        const lines = ungraded
          .slice(0, MAX_LISTED)
          .map((s) => `- ${md(s.student)}: **${md(s.assignment.title)}** (${md(s.course.title)})`);
        const more =
          ungraded.length > MAX_LISTED ? `\n\n…and ${ungraded.length - MAX_LISTED} more.` : '';
        const needs = ungraded.length === 1 ? 'needs' : 'need';
        const text = `${plural(ungraded.length, 'submission')} still ${needs} grading${where}:\n\n${lines.join('\n')}${more}`;
        return reply('list_ungraded_submissions', text, { submissions: ungraded });
      },
    }),
  };
}
