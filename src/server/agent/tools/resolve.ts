// Turns a name the teacher typed into one of their own courses or assignments, or into the
// reply that asks which one (several match) or says what exists (none match).
import type { AssignmentService } from '../../assignments/assignments.service';
import type { CourseService } from '../../courses/courses.service';
import { md, reply, type ToolReply } from '../agent-tool';
import { matchByName } from '../name-matching';
import type { ToolContext } from './tool-context';

export type CourseItem = Awaited<ReturnType<CourseService['list']>>[number];
export type AssignmentItem = Awaited<ReturnType<AssignmentService['listForCourse']>>[number];

/** Submission counts: teacher reads carry them (the only reads tools make). */
export const countsOf = (a: AssignmentItem) => ({
  submitted: 'submission_count' in a ? Number(a.submission_count) : 0,
  ungraded: 'ungraded_count' in a ? Number(a.ungraded_count) : 0,
});
type Resolved<T> = { ok: true; item: T } | { ok: false; reply: ToolReply };

const bullet = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');

export async function resolveCourse(
  ctx: ToolContext,
  query: string,
): Promise<Resolved<CourseItem>> {
  const own = await ctx.services.courses.list(ctx.actor, 'mine');
  const match = matchByName(own, query, (course) => course.title);
  if (match.kind === 'one') return { ok: true, item: match.item };
  if (match.kind === 'many') {
    const text = `Several of your courses match "${md(query)}". Which one did you mean?\n\n${bullet(match.items.map((c) => `**${md(c.title)}**`))}`;
    return { ok: false, reply: reply('clarify', text, { candidates: idsAndTitles(match.items) }) };
  }
  const existing = own.length
    ? `Your courses are:\n\n${bullet(own.map((c) => md(c.title)))}`
    : "You don't have any courses yet.";
  const text = `I couldn't find a course called "${md(query)}" among your courses. ${existing}`;
  return { ok: false, reply: reply('not_found', text, { candidates: idsAndTitles(own) }) };
}

/** Among all the teacher's assignments, or those of one course when `courseQuery` is given. */
export async function resolveAssignment(
  ctx: ToolContext,
  query: string,
  courseQuery?: string,
): Promise<Resolved<AssignmentItem>> {
  let scope: CourseItem[];
  if (courseQuery) {
    const course = await resolveCourse(ctx, courseQuery);
    if (!course.ok) return course;
    scope = [course.item];
  } else {
    scope = await ctx.services.courses.list(ctx.actor, 'mine');
  }
  const all: AssignmentItem[] = [];
  for (const course of scope) {
    all.push(...(await ctx.services.assignments.listForCourse(ctx.actor, course.id)));
  }
  const match = matchByName(all, query, (assignment) => assignment.title);
  if (match.kind === 'one') return { ok: true, item: match.item };
  const label = (a: AssignmentItem) => `**${md(a.title)}** (${md(a.course.title)})`;
  if (match.kind === 'many') {
    const text = `Several of your assignments match "${md(query)}". Which one did you mean?\n\n${bullet(match.items.map(label))}`;
    return { ok: false, reply: reply('clarify', text, { candidates: idsAndTitles(match.items) }) };
  }
  const existing = all.length
    ? `Your assignments are:\n\n${bullet(all.map(label))}`
    : "You don't have any assignments yet.";
  const text = `I couldn't find an assignment called "${md(query)}". ${existing}`;
  return { ok: false, reply: reply('not_found', text, { candidates: idsAndTitles(all) }) };
}

const idsAndTitles = (items: { id: string; title: string }[]) =>
  items.map(({ id, title }) => ({ id, title }));
