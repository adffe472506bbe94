// Thread titles (SPEC §4): a short Title Case summary of the first request, at most six words;
// when none can be made, the first three words of the message.
import { CHAT } from '@domain/limits';
import { parseCommand } from './offline/command-parser';

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

/** What the first request was about, from the offline grammar; the message's words otherwise. */
function summarise(message: string): string {
  const command = parseCommand(message);
  if (command.kind === 'tool') {
    const { input } = command;
    const named = str(input.assignment) || str(input.course) || str(input.title);
    const summary = {
      list_courses: 'My Courses',
      course_info: `Course ${named}`,
      assignment_info: `About ${named}`,
      create_course: `New Course ${named}`,
      update_course: `Update ${named}`,
      create_assignment: str(input.title) ? `New Assignment ${str(input.title)}` : 'New Assignment',
      update_assignment: `Update ${named}`,
      set_assignment_status: `${input.status === 'published' ? 'Publish' : input.status === 'closed' ? 'Close' : 'Unpublish'} ${named}`,
      update_rubric: `Rubric for ${named}`,
      delete_assignment: `Delete ${named}`,
      count_submissions: `Submissions for ${named}`,
      list_ungraded_submissions: 'Submissions to Grade',
      explain_features: 'Platform Features',
    }[command.tool];
    return titleCase(summary);
  }
  const words = message.replace(/[^\p{L}\p{N}\s'#-]/gu, ' ');
  return titleCase(words.replace(/^(?:please|can you|could you|hi|hey)\s+/i, ''));
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
