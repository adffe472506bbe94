// Questions about the class, answered from the services with exact numbers: who is enrolled,
// who handed an assignment in (or not, graded or not, late), how the grades are spread, what is
// due this week or next, and the teacher's assignments. Both engines use these tools.
import { z } from 'zod';
import { defineTool, md, reply } from '../agent-tool';
import { assignmentRef } from './assignment-tools';
import { formatDueDate } from './due-date';
import { resolveAssignment, resolveCourse, type CourseItem } from './resolve';
import type { ToolContext } from './tool-context';

/** "1 student", "4 students". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const MAX_LISTED = 30;
const bullets = (lines: string[]) =>
  [
    ...lines.slice(0, MAX_LISTED).map((line) => `- ${line}`),
    ...(lines.length > MAX_LISTED ? [`- …and ${lines.length - MAX_LISTED} more`] : []),
  ].join('\n');

const ROSTER_VIEWS = ['all', 'handed_in', 'missing', 'graded', 'ungraded', 'late'] as const;
export type RosterView = (typeof ROSTER_VIEWS)[number];

export const DUE_WINDOWS = ['today', 'tomorrow', 'this_week', 'next_week', 'next_7_days'] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];

const DAY = 86_400_000;

/** [from, to) of a window in the teacher's local calendar (weeks start on Monday). */
export function dueWindow(window: DueWindow, now: Date, utcOffsetMinutes = 0) {
  const offset = utcOffsetMinutes * 60_000;
  const local = new Date(now.getTime() + offset);
  const midnight =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset;
  const monday = midnight - ((local.getUTCDay() + 6) % 7) * DAY;
  const windows: Record<DueWindow, [number, number]> = {
    today: [midnight, midnight + DAY],
    tomorrow: [midnight + DAY, midnight + 2 * DAY],
    this_week: [monday, monday + 7 * DAY],
    next_week: [monday + 7 * DAY, monday + 14 * DAY],
    next_7_days: [now.getTime(), now.getTime() + 7 * DAY],
  };
  const [from, to] = windows[window];
  return { from: new Date(from), to: new Date(to) };
}

const WINDOW_WORDS: Record<DueWindow, string> = {
  today: 'today',
  tomorrow: 'tomorrow',
  this_week: 'this week',
  next_week: 'next week',
  next_7_days: 'in the next 7 days',
};

export function classTools(ctx: ToolContext) {
  const { submissions, assignments, enrollments } = ctx.services;
  const when = (date: Date | string | null) => formatDueDate(date, ctx.utcOffsetMinutes);

  async function scope(course: string | undefined) {
    if (!course) return { ok: true as const, item: undefined as CourseItem | undefined };
    return resolveCourse(ctx, course);
  }

  return {
    list_assignments: defineTool({
      name: 'list_assignments',
      description:
        "List the teacher's assignments (all courses, or one) with status, points and due date.",
      inputSchema: z.object({ course: assignmentRef.course }),
      async execute({ course }) {
        const found = await scope(course);
        if (!found.ok) return found.reply;
        const list = found.item
          ? await assignments.listForCourse(ctx.actor, found.item.id)
          : await assignments.listOwned(ctx.actor);
        const where = found.item ? ` in ${md(found.item.title)}` : '';
        const lines = list.map(
          (a) =>
            `**${md(a.title)}** (${md(a.course.title)}): ${a.status}, ${a.total_points} points, due ${when(a.due_date)}`,
        );
        const text = list.length
          ? `You have ${plural(list.length, 'assignment')}${where}:\n\n${bullets(lines)}`
          : `You have no assignments${where} yet.`;
        return reply('list_assignments', text, {
          assignments: list.map((a) => ({
            id: a.id,
            title: a.title,
            status: a.status,
            total_points: a.total_points,
            due_date: a.due_date,
            course: { id: a.course.id, title: a.course.title },
          })),
        });
      },
    }),

    course_students: defineTool({
      name: 'course_students',
      description: 'How many students are enrolled in a course, and who they are.',
      inputSchema: z.object({
        course: assignmentRef.course.unwrap().describe("The course's title or id"),
      }),
      async execute({ course }) {
        const found = await resolveCourse(ctx, course);
        if (!found.ok) return found.reply;
        const list = await enrollments.listForCourse(ctx.actor, found.item.id);
        const names = list.map((e) => md(e.student.full_name)).sort((a, b) => a.localeCompare(b));
        const count = plural(list.length, 'student');
        const text = list.length
          ? `${count} ${list.length === 1 ? 'is' : 'are'} enrolled in **${md(found.item.title)}**:\n\n${bullets(names)}`
          : `No students are enrolled in **${md(found.item.title)}** yet.`;
        return reply('course_students', text, {
          course: { id: found.item.id, title: found.item.title },
          enrolled: list.length,
        });
      },
    }),

    submission_roster: defineTool({
      name: 'submission_roster',
      description:
        'Who handed an assignment in, who has not (missing), who is graded or still ungraded, and who was late, by name.',
      inputSchema: z.object({
        ...assignmentRef,
        show: z
          .enum(ROSTER_VIEWS)
          .default('all')
          .describe('Which students: all (grouped), handed_in, missing, graded, ungraded or late'),
      }),
      async execute({ assignment, course, show }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const a = found.item;
        const roster = await submissions.rosterForAssignment(ctx.actor, a.id);
        const name = (r: (typeof roster)[number]) => md(r.student.full_name);
        const groups = {
          handed_in: roster.filter((r) => r.handed_in),
          missing: roster.filter((r) => !r.handed_in),
          graded: roster.filter((r) => r.graded),
          ungraded: roster.filter((r) => r.ungraded),
          late: roster.filter((r) => r.late),
        };
        const title = `**${md(a.title)}** (${md(a.course.title)})`;
        const withGrade = (r: (typeof roster)[number]) =>
          r.grade === null ? name(r) : `${name(r)}: ${r.grade}/${a.total_points}`;
        const sentences: Record<Exclude<RosterView, 'all'>, (n: number) => string> = {
          handed_in: (n) => `${plural(n, 'student')} handed in ${title}`,
          missing: (n) =>
            `${plural(n, 'student')} ${n === 1 ? 'has' : 'have'} not handed in ${title}`,
          graded: (n) => `${plural(n, 'student')} ${n === 1 ? 'is' : 'are'} graded on ${title}`,
          ungraded: (n) =>
            `${plural(n, 'submission')} of ${title} still ${n === 1 ? 'needs' : 'need'} a grade`,
          late: (n) => `${plural(n, 'student')} handed in ${title} late`,
        };
        const section = (view: Exclude<RosterView, 'all'>) => {
          const people = groups[view];
          const lines = people.map(view === 'graded' ? withGrade : name);
          return `${sentences[view](people.length)}${people.length ? `:\n\n${bullets(lines)}` : '.'}`;
        };
        const text =
          show === 'all'
            ? [
                `${groups.handed_in.length} of ${roster.length} students handed in ${title}.`,
                section('graded'),
                section('ungraded'),
                section('missing'),
                ...(groups.late.length ? [section('late')] : []),
              ].join('\n\n')
            : section(show);
        const ids = (list: typeof roster) =>
          list.map((r) => ({ id: r.student.id, full_name: r.student.full_name }));
        return reply('submission_roster', text, {
          assignment: { id: a.id, title: a.title },
          handed_in: ids(groups.handed_in),
          missing: ids(groups.missing),
          graded: ids(groups.graded),
          ungraded: ids(groups.ungraded),
          late: ids(groups.late),
        });
      },
    }),

    grade_statistics: defineTool({
      name: 'grade_statistics',
      description:
        'Average, median, lowest, highest and spread of the grades given on an assignment.',
      inputSchema: z.object(assignmentRef),
      async execute({ assignment, course }) {
        const found = await resolveAssignment(ctx, assignment, course);
        if (!found.ok) return found.reply;
        const a = found.item;
        const stats = await submissions.gradeStatistics(ctx.actor, a.id);
        const title = `**${md(a.title)}** (${md(a.course.title)})`;
        const n = (value: number | null) =>
          value === null ? '–' : String(Math.round(value * 100) / 100);
        const text =
          stats.graded === 0
            ? `No submission of ${title} has a grade yet, so there is no average.`
            : [
                `Grades on ${title}, out of ${a.total_points}, from ${plural(stats.graded, 'graded submission')}:`,
                [
                  `- Average: ${n(stats.average)}`,
                  `- Median: ${n(stats.median)}`,
                  `- Lowest to highest: ${n(stats.lowest)} to ${n(stats.highest)} (a spread of ${n((stats.highest ?? 0) - (stats.lowest ?? 0))})`,
                  `- Standard deviation: ${n(stats.std_dev)}`,
                ].join('\n'),
              ].join('\n\n');
        return reply('grade_statistics', text, {
          assignment: { id: a.id, title: a.title },
          ...stats,
        });
      },
    }),

    assignments_due: defineTool({
      name: 'assignments_due',
      description:
        "The teacher's assignments due today, tomorrow, this week, next week or in the next 7 days (weeks start on Monday, in the teacher's time zone).",
      inputSchema: z.object({
        when: z.enum(DUE_WINDOWS).describe('today, tomorrow, this_week, next_week or next_7_days'),
        course: assignmentRef.course,
      }),
      async execute({ when: window, course }) {
        const found = await scope(course);
        if (!found.ok) return found.reply;
        const { from, to } = dueWindow(window, ctx.now, ctx.utcOffsetMinutes);
        const list = await assignments.listDueBetween(ctx.actor, {
          from,
          to,
          ...(found.item && { courseId: found.item.id }),
        });
        const where = found.item ? ` in ${md(found.item.title)}` : '';
        const lines = list.map(
          (a) => `**${md(a.title)}** (${md(a.course.title)}): ${when(a.due_date)}, ${a.status}`,
        );
        const text = list.length
          ? `Due ${WINDOW_WORDS[window]}${where}:\n\n${bullets(lines)}`
          : `Nothing is due ${WINDOW_WORDS[window]}${where}.`;
        return reply('assignments_due', text, {
          from: from.toISOString(),
          to: to.toISOString(),
          assignments: list.map((a) => ({
            id: a.id,
            title: a.title,
            due_date: a.due_date,
            status: a.status,
          })),
        });
      },
    }),

    late_submissions: defineTool({
      name: 'late_submissions',
      description:
        'Work handed in after its due date: across all courses, in one course, or for one assignment.',
      inputSchema: z.object({
        assignment: assignmentRef.assignment.optional(),
        course: assignmentRef.course,
      }),
      async execute({ assignment, course }) {
        let where = '';
        const filter: { courseId?: string; assignmentId?: string } = {};
        if (assignment) {
          const found = await resolveAssignment(ctx, assignment, course);
          if (!found.ok) return found.reply;
          filter.assignmentId = found.item.id;
          where = ` for **${md(found.item.title)}** (${md(found.item.course.title)})`;
        } else if (course) {
          const found = await resolveCourse(ctx, course);
          if (!found.ok) return found.reply;
          filter.courseId = found.item.id;
          where = ` in **${md(found.item.title)}**`;
        }
        const late = await submissions.listLate(ctx.actor, filter);
        const lines = late.map(
          (s) =>
            `${md(s.student.full_name)}: **${md(s.assignment.title)}** (${md(s.course.title)}), handed in ${when(s.submitted_at)}, due ${when(s.assignment.due_date)}`,
        );
        const text = late.length
          ? `${plural(late.length, 'late submission')}${where}:\n\n${bullets(lines)}`
          : `No late submissions${where}.`;
        return reply('late_submissions', text, {
          submissions: late.map((s) => ({
            id: s.id,
            student: s.student.full_name,
            assignment: s.assignment.title,
            course: s.course.title,
          })),
        });
      },
    }),
  };
}
