// Thread titles (SPEC §4): a short Title Case summary of the first request, at most six words;
// when none can be made, the first three words of the message.
import { CHAT } from '@domain/limits';
import type { AgentToolName } from './agent-tools';
import { stripPoliteness, understand } from './offline/understand';

const MAX_WORDS = 6;
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
]);

export interface ThreadTitleReply {
  success: boolean;
  title: string;
  error?: string;
}

/** SPEC's fallback: the first three words of the first message. */
export function fallbackTitle(firstMessage: string): string {
  const words = firstMessage.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, CHAT.fallbackTitleWords).join(' ') || CHAT.defaultThreadTitle;
}

function titleCase(text: string): string {
  const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  return words
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const SUMMARIES: Partial<Record<AgentToolName, (input: Record<string, unknown>) => string>> = {
  list_courses: () => 'My Courses',
  list_assignments: () => 'My Assignments',
  course_info: (input) => `Course ${str(input.course)}`,
  course_students: (input) => `Students in ${str(input.course)}`,
  assignment_info: (input) => `About ${str(input.assignment)}`,
  create_course: (input) => `New Course ${str(input.title)}`,
  update_course: (input) => `Update ${str(input.course)}`,
  create_assignment: (input) =>
    str(input.title) ? `New Assignment ${str(input.title)}` : 'New Assignment',
  update_assignment: (input) => `Update ${str(input.assignment)}`,
  set_assignment_status: (input) =>
    `${input.status === 'published' ? 'Publish' : input.status === 'closed' ? 'Close' : 'Unpublish'} ${str(input.assignment)}`,
  update_rubric: (input) => `Rubric for ${str(input.assignment)}`,
  delete_assignment: (input) => `Delete ${str(input.assignment)}`,
  count_submissions: (input) => `Submissions for ${str(input.assignment)}`,
  submission_roster: (input) => `Who Handed In ${str(input.assignment)}`,
  grade_statistics: (input) => `Grades on ${str(input.assignment)}`,
  assignments_due: () => 'Upcoming Due Dates',
  late_submissions: () => 'Late Submissions',
  list_ungraded_submissions: () => 'Submissions to Grade',
  explain_features: () => 'Platform Features',
};

/** What the first request was about, as the offline engine understands it; its words otherwise. */
function summarise(message: string): string {
  const plan = understand(message, { courses: [], assignments: [] }, { now: new Date() });
  const first = plan.kind === 'tools' ? plan.calls[0] : undefined;
  const input = plan.kind === 'new_assignment' ? plan.input : first ? first.input : undefined;
  const tool = plan.kind === 'new_assignment' ? 'create_assignment' : first?.tool;
  const summary = tool && input ? SUMMARIES[tool]?.(input) : undefined;
  if (summary) return titleCase(summary);
  const words = stripPoliteness(message).replace(/[^\p{L}\p{N}\s'#-]/gu, ' ');
  return titleCase(words);
}

export function generateThreadTitle(firstMessage: string): ThreadTitleReply {
  const title = summarise(firstMessage).trim();
  if (title) return { success: true, title };
  return {
    success: false,
    error: 'Could not summarise the first message.',
    title: fallbackTitle(firstMessage),
  };
}
