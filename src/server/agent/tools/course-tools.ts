// Courses: list, describe (with assignments), create and update — as the signed-in teacher.
import { z } from 'zod';
import { courseInputSchema, courseUpdateSchema } from '@domain/schemas/courses';
import { defineTool, md, reply } from '../agent-tool';
import { formatDueDate } from './due-date';
import { plural } from './class-tools';
import { countsOf, resolveCourse, type CourseItem } from './resolve';
import type { ToolContext } from './tool-context';

const courseRef = z
  .string()
  .trim()
  .min(1, 'Which course? Give its name.')
  .describe("The course's title (matched loosely) or id");

const summary = (c: CourseItem) => ({ id: c.id, title: c.title });

export function courseTools(ctx: ToolContext) {
  const { courses, assignments } = ctx.services;

  return {
    list_courses: defineTool({
      name: 'list_courses',
      description: "List the teacher's own courses with student and assignment counts.",
      inputSchema: z.object({}),
      async execute() {
        const own = await courses.list(ctx.actor, 'mine');
        if (own.length === 0) {
          return reply(
            'list_courses',
            'You don\'t have any courses yet. Try "create a course called Biology 101".',
            { courses: [] },
          );
        }
        const lines = own.map(
          (c) =>
            `- **${md(c.title)}**: ${plural(c.student_count, 'student')}, ${plural(c.assignment_count, 'assignment')}`,
        );
        return reply(
          'list_courses',
          `You have ${plural(own.length, 'course')}:\n\n${lines.join('\n')}`,
          {
            courses: own.map((c) => ({
              ...summary(c),
              student_count: c.student_count,
              assignment_count: c.assignment_count,
            })),
          },
        );
      },
    }),

    course_info: defineTool({
      name: 'course_info',
      description: "Describe one of the teacher's courses and list its assignments.",
      inputSchema: z.object({ course: courseRef }),
      async execute({ course: query }) {
        const found = await resolveCourse(ctx, query);
        if (!found.ok) return found.reply;
        const course = found.item;
        const list = await assignments.listForCourse(ctx.actor, course.id);
        const lines = list.map(
          (a) =>
            `- **${md(a.title)}** (${a.status}, ${a.total_points} points, due ${formatDueDate(a.due_date, ctx.utcOffsetMinutes)}): ${countsOf(a).submitted} submitted, ${countsOf(a).ungraded} ungraded`,
        );
        const text = [
          `**${md(course.title)}**${course.description ? `: ${md(course.description)}` : ''}`,
          `${plural(course.student_count, 'student')} enrolled.`,
          list.length ? `Assignments:\n\n${lines.join('\n')}` : 'It has no assignments yet.',
        ].join('\n\n');
        return reply('course_info', text, {
          course: summary(course),
          assignments: list.map((a) => ({ id: a.id, title: a.title, status: a.status })),
        });
      },
    }),

    create_course: defineTool({
      name: 'create_course',
      description: 'Create a new course owned by the teacher.',
      inputSchema: courseInputSchema,
      async execute(input) {
        const created = await courses.create(ctx.actor, input);
        return reply('create_course', `Created the course **${md(created.title)}**.`, {
          course: summary(created),
        });
      },
    }),

    update_course: defineTool({
      name: 'update_course',
      description: 'Rename a course or change its description.',
      inputSchema: courseUpdateSchema.extend({ course: courseRef }),
      async execute({ course: query, ...changes }) {
        const found = await resolveCourse(ctx, query);
        if (!found.ok) return found.reply;
        if (changes.title === undefined && changes.description === undefined) {
          return reply(
            'invalid_input',
            'What should I change: the title or the description?',
            null,
            false,
          );
        }
        const updated = await courses.update(ctx.actor, found.item.id, changes);
        return reply('update_course', `Updated the course **${md(updated.title)}**.`, {
          course: summary(updated),
        });
      },
    }),
  };
}
