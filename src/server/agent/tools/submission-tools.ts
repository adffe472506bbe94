// Submissions: how many students handed in an assignment, and which work still needs a grade.
import { z } from 'zod';
import { defineTool, md, reply } from '../agent-tool';
import { assignmentRef } from './assignment-tools';
import { countsOf, resolveAssignment, resolveCourse, type CourseItem } from './resolve';
import type { ToolContext } from './tool-context';

/** A long list is cut here; the reply says how many more there are. */
const MAX_LISTED = 20;

export function submissionTools(ctx: ToolContext) {
  const { courses, assignments, submissions, enrollments } = ctx.services;

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
        const handedIn = (await submissions.listForAssignment(ctx.actor, a.id)).filter(
          (s) => s.status !== 'draft',
        );
        const enrolled = await enrollments.listForCourse(ctx.actor, a.course_id);
        const submitters = new Set(handedIn.map((s) => s.student_id));
        const counts = {
          submitted: handedIn.length,
          graded: handedIn.filter((s) => s.grade !== null).length,
          ungraded: handedIn.filter((s) => s.grade === null).length,
          not_submitted: enrolled.filter((e) => !submitters.has(e.student_id)).length,
          enrolled: enrolled.length,
        };
        const text = [
          `**${counts.submitted}** of ${counts.enrolled} enrolled student(s) submitted **${md(a.title)}** (${md(a.course.title)}).`,
          `- Graded: ${counts.graded}\n- Still to grade: ${counts.ungraded}\n- Not submitted yet: ${counts.not_submitted}`,
        ].join('\n\n');
        return reply('count_submissions', text, {
          assignment: { id: a.id, title: a.title },
          ...counts,
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
        let scope: CourseItem[];
        if (course) {
          const found = await resolveCourse(ctx, course);
          if (!found.ok) return found.reply;
          scope = [found.item];
        } else {
          scope = await courses.list(ctx.actor, 'mine');
        }
        const ungraded = [];
        for (const c of scope) {
          const pending = (await assignments.listForCourse(ctx.actor, c.id)).filter(
            (a) => countsOf(a).ungraded > 0,
          );
          for (const a of pending) {
            const rows = await submissions.listForAssignment(ctx.actor, a.id);
            for (const s of rows.filter((r) => r.grade === null && r.status !== 'draft')) {
              ungraded.push({
                id: s.id,
                student: s.student.full_name,
                assignment: { id: a.id, title: a.title },
                course: { id: c.id, title: c.title },
                submitted_at: s.submitted_at,
              });
            }
          }
        }
        const where = course && scope[0] ? ` in ${md(scope[0].title)}` : '';
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
        const text = `${ungraded.length} submission(s) still need grading${where}:\n\n${lines.join('\n')}${more}`;
        return reply('list_ungraded_submissions', text, { submissions: ungraded });
      },
    }),
  };
}
