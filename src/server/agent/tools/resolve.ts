// Turns a name the teacher typed into one of their own courses or assignments, or into the
// reply that asks: which one (several match), "Did you mean …?" (only a near match), or says
// what exists (nothing matches). Only a name that identifies one item is acted on
// (name-matching.ts); a near match is never executed, whatever the engine.
import type { AssignmentService } from '../../assignments/assignments.service';
import type { CourseService } from '../../courses/courses.service';
import { md, reply, type Retry, type ToolReply } from '../agent-tool';
import { matchByName } from '../name-matching';
import type { ToolContext } from './tool-context';

export type CourseItem = Awaited<ReturnType<CourseService['list']>>[number];
export type AssignmentItem = Awaited<ReturnType<AssignmentService['listForCourse']>>[number];

/** Submission counts: teacher reads carry them (the only reads tools make). */
export const countsOf = (a: AssignmentItem) => ({
  submitted: 'submission_count' in a ? Number(a.submission_count) : 0,
  ungraded: 'ungraded_count' in a ? Number(a.ungraded_count) : 0,
});
export type Resolved<T> = { ok: true; item: T } | { ok: false; reply: ToolReply };

const bullet = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');

/** What the engine may offer to run again with one of these in place of the name typed. */
const retry = (
  field: Retry['field'],
  mode: Retry['mode'],
  items: { id: string; title: string; course?: { title: string } }[],
): Retry => ({
  field,
  mode,
  candidates: items.map((item) => ({
    id: item.id,
    title: item.title,
    ...(item.course && { course: item.course.title }),
  })),
});

export async function resolveCourse(
  ctx: ToolContext,
  query: string,
): Promise<Resolved<CourseItem>> {
  const own = await ctx.services.courses.list(ctx.actor, 'mine');
  const match = matchByName(own, query, 'course');
  if (match.kind === 'one') return { ok: true, item: match.item };
  const label = (c: CourseItem) => `**${md(c.title)}**`;
  if (match.kind === 'many') {
    const text = `Several of your courses match "${md(query)}". Which one did you mean?\n\n${bullet(match.items.map(label))}`;
    return {
      ok: false,
      reply: reply('clarify', text, { candidates: idsAndTitles(match.items) }, true, {
        retry: retry('course', 'choose', match.items),
      }),
    };
  }
  if (match.kind === 'near') {
    return { ok: false, reply: didYouMean('course', query, match.items, label) };
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
  let all: AssignmentItem[];
  if (courseQuery) {
    const course = await resolveCourse(ctx, courseQuery);
    if (!course.ok) return course;
    all = await ctx.services.assignments.listForCourse(ctx.actor, course.item.id);
  } else {
    all = await ctx.services.assignments.listOwned(ctx.actor);
  }
  const match = matchByName(all, query, 'assignment');
  if (match.kind === 'one') return { ok: true, item: match.item };
  const label = (a: AssignmentItem) => `**${md(a.title)}** (${md(a.course.title)})`;
  if (match.kind === 'many') {
    // The course page the teacher has open settles it.
    const here = match.items.filter((a) => a.course_id === ctx.courseId);
    if (here.length === 1) return { ok: true, item: here[0]! };
    const sameTitle = match.items.every((a) => a.title === match.items[0]!.title);
    const question = sameTitle
      ? `You have **${md(match.items[0]!.title)}** in ${match.items.length} courses. Which course did you mean?`
      : `Several of your assignments match "${md(query)}". Which one did you mean?`;
    const text = `${question}\n\n${bullet(match.items.map(label))}`;
    return {
      ok: false,
      reply: reply('clarify', text, { candidates: idsAndTitles(match.items) }, true, {
        retry: retry('assignment', 'choose', match.items),
      }),
    };
  }
  if (match.kind === 'near') {
    return { ok: false, reply: didYouMean('assignment', query, match.items, label) };
  }
  const existing = all.length
    ? `Your assignments are:\n\n${bullet(all.map(label))}`
    : "You don't have any assignments yet.";
  const text = `I couldn't find an assignment called "${md(query)}". ${existing}`;
  return { ok: false, reply: reply('not_found', text, { candidates: idsAndTitles(all) }) };
}

/** A name that only looks like one of the teacher's: ask, never act. */
function didYouMean<T extends { id: string; title: string; course?: { title: string } }>(
  kind: 'course' | 'assignment',
  query: string,
  items: T[],
  label: (item: T) => string,
): ToolReply {
  const [first] = items;
  const question =
    items.length === 1 && first
      ? `Did you mean ${label(first)}? Reply **yes** and I'll go ahead with it.`
      : `Did you mean one of these? Tell me which one.\n\n${bullet(items.map(label))}`;
  const text = `I couldn't find ${kind === 'course' ? 'a course' : 'an assignment'} called "${md(query)}". ${question}`;
  return reply('clarify', text, { candidates: idsAndTitles(items) }, true, {
    retry: retry(kind, items.length === 1 ? 'confirm' : 'choose', items),
  });
}

const idsAndTitles = (items: { id: string; title: string }[]) =>
  items.map(({ id, title }) => ({ id, title }));
