// The offline engine's grammar: one teacher message -> one tool call (or help). Pure, so every
// phrase is unit-tested (command-parser.test.ts lists them); names stay as typed and are
// matched loosely by the tools. "X in COURSE" splits at the last " in "/" for ": quote a title
// that contains one ('create an assignment "Lab in Python" in CS500').
import * as chrono from 'chrono-node';
import type { AgentToolName } from '../agent-tools';

export type Command =
  | {
      kind: 'tool';
      tool: AgentToolName;
      input: Record<string, unknown>;
      /** Tried when the first tool finds nothing by that name ("show X": course, then assignment). */
      fallback?: { tool: AgentToolName; input: Record<string, unknown> };
    }
  | { kind: 'help' };

const tool = (
  name: AgentToolName,
  input: Record<string, unknown> = {},
  fallback?: { tool: AgentToolName; input: Record<string, unknown> },
): Command => ({ kind: 'tool', tool: name, input, ...(fallback && { fallback }) });

/** "my course", "the course", "this class": no name given. */
const GENERIC_COURSE = /^(?:(?:my|the|this|a|our)\s+)?(?:course|class)$/i;

/** Drops politeness, the agent's name and closing punctuation; quotes stay for titles. */
export function normalizeMessage(message: string): string {
  return message
    .trim()
    .replace(/^(?:(?:hey|hi|ok(?:ay)?|mylo)[,!]?\s+)+/i, '')
    .replace(
      /^(?:please|can you|could you|would you|will you|i want to|i'd like to|help me)\s+/i,
      '',
    )
    .replace(/^please\s+/i, '')
    .replace(/[\s,]*(?:please)?[\s?.!]*$/i, '');
}

/** A name as typed, without quotes, a leading "the" or a trailing kind word. */
function cleanName(raw: string | undefined, kind: 'course' | 'assignment'): string | undefined {
  if (!raw) return undefined;
  const name = raw
    .trim()
    .replace(/^["“'‘](.*)["”'’]$/, '$1')
    .replace(/^the\s+/i, '')
    .replace(kind === 'course' ? /\s+(?:course|class)$/i : /\s+assignment$/i, '')
    .replace(kind === 'course' ? /^(?:course|class)\s+/i : /^assignment\s+/i, '')
    .trim();
  if (!name || (kind === 'course' && GENERIC_COURSE.test(raw.trim()))) return undefined;
  return name;
}

/** A new title as typed, without surrounding quotes. */
const unquote = (raw: string | undefined) => raw?.trim().replace(/^["“'‘](.*)["”'’]$/, '$1');

/** "X in COURSE" -> X and COURSE, split at the last " in " (quote a title that contains one). */
function splitCourse(text: string): { name: string; course?: string } {
  const quoted = /^["“](.+)["”]\s+(?:in|for)\s+(.+)$/i.exec(text);
  if (quoted?.[1] && quoted[2]) return { name: quoted[1], course: quoted[2] };
  const match = /^(.+)\s+(?:in|for|from)\s+(?!(?:\d+\s+)?points?\b)(.+)$/i.exec(text);
  if (!match?.[1] || !match[2]) return { name: text };
  return { name: match[1], course: match[2] };
}

const assignmentTarget = (text: string) => {
  const { name, course } = splitCourse(text);
  return {
    assignment: cleanName(name, 'assignment'),
    ...(course && { course: cleanName(course, 'course') }),
  };
};

const STATUS_VERBS: Record<string, 'published' | 'draft' | 'closed'> = {
  publish: 'published',
  reopen: 'published',
  unpublish: 'draft',
  hide: 'draft',
  close: 'closed',
};

export function parseCommand(message: string): Command {
  const text = normalizeMessage(message);
  let m: RegExpExecArray | null;

  if (
    /^(?:(?:explain|describe|show|tell me about|what are)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?(?:main\s+)?features|what can (?:you|mylo|this platform|the platform) do|what (?:is|does) this (?:platform|app|site)(?: do)?|help)\b/i.test(
      text,
    )
  ) {
    return tool('explain_features');
  }
  if (
    /^(?:(?:list|show|what are|which are|get)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?my courses|my courses|what courses do i (?:have|teach)|which courses do i (?:have|teach))$/i.test(
      text,
    )
  ) {
    return tool('list_courses');
  }
  if (
    (m =
      /^(?:create|make|add|start|set up|new)\s+(?:a\s+|an\s+)?(?:new\s+)?course(?:\s+(?:called|named|titled))?\s+(.+)$/i.exec(
        text,
      ))
  ) {
    return tool('create_course', { title: unquote(m[1]) });
  }
  if (
    (m = /^(?:create|make|add|set up|new)\s+(?:a\s+|an\s+)?(?:new\s+)?assignment\b\s*(.*)$/i.exec(
      text,
    ))
  ) {
    return tool('create_assignment', parseNewAssignment(m[1] ?? ''));
  }
  if (
    (m =
      /^(?:how many|count(?: the)?|number of)\s+(?:students\s+|people\s+)?(?:have\s+|has\s+)?(?:submitted|turned in|handed in|submissions\s+(?:for|of|on|to|in))\s+(.+?)(?:\s+so far)?$/i.exec(
        text,
      ))
  ) {
    return tool('count_submissions', assignmentTarget(m[1] ?? ''));
  }
  if (
    /\b(?:ungraded|(?:need|needs|still need|left|waiting)\s+(?:to be\s+)?grad(?:ing|ed)|to grade)\b/i.test(
      text,
    )
  ) {
    const course =
      /\s(?:in|for)\s+(.+?)(?:\s+(?:still|that|which|are|is|need|needs|waiting)\b.*)?$/i.exec(
        text,
      )?.[1];
    return tool('list_ungraded_submissions', course ? { course: cleanName(course, 'course') } : {});
  }
  if (
    (m =
      /^(?:what|which|show|list)(?:\s+me)?\s+(?:the\s+)?assignments\s+(?:are\s+|do i have\s+)?(?:in|for|of)\s+(.+)$/i.exec(
        text,
      ))
  ) {
    return tool('course_info', { course: cleanName(m[1], 'course') });
  }
  if (
    (m =
      /^(?:change|set|update|replace|make)\s+(?:the\s+)?rubric\s+(?:of|for|on)\s+(.+?)\s+(?:to|as)[:\s]\s*([\s\S]+)$/i.exec(
        text,
      ))
  ) {
    return tool('update_rubric', { ...assignmentTarget(m[1] ?? ''), rubric_markdown: m[2] });
  }
  if (
    (m =
      /^(?:change|set|update|move)\s+(?:the\s+)?(?:due date|deadline)\s+(?:of|for|on)\s+(.+?)\s+to\s+(.+)$/i.exec(
        text,
      ))
  ) {
    return tool('update_assignment', { ...assignmentTarget(m[1] ?? ''), due_date: m[2] });
  }
  if (
    (m =
      /^(?:change|set|update)\s+(?:the\s+)?(?:points|total points|total)\s+(?:of|for|on)\s+(.+?)\s+to\s+(\d+)(?:\s*points?)?$/i.exec(
        text,
      )) ||
    (m = /^make\s+(.+?)\s+worth\s+(\d+)(?:\s*points?)?$/i.exec(text))
  ) {
    return tool('update_assignment', {
      ...assignmentTarget(m[1] ?? ''),
      total_points: Number(m[2]),
    });
  }
  if ((m = /^rename\s+(?:the\s+)?course\s+(.+?)\s+to\s+(.+)$/i.exec(text))) {
    return tool('update_course', {
      course: cleanName(m[1], 'course'),
      title: unquote(m[2]),
    });
  }
  if ((m = /^rename\s+(?:the\s+)?(?:assignment\s+)?(.+?)\s+to\s+(.+)$/i.exec(text))) {
    return tool('update_assignment', {
      ...assignmentTarget(m[1] ?? ''),
      title: unquote(m[2]),
    });
  }
  if ((m = /^(publish|unpublish|reopen|hide|close)\s+(.+)$/i.exec(text))) {
    const status = STATUS_VERBS[(m[1] ?? '').toLowerCase()];
    return tool('set_assignment_status', { ...assignmentTarget(m[2] ?? ''), status });
  }
  if ((m = /^(?:delete|remove)\s+(?!(?:the\s+|my\s+)?course\b)(.+)$/i.exec(text))) {
    return tool('delete_assignment', assignmentTarget(m[1] ?? ''));
  }
  if (
    (m =
      /^(?:show|describe|tell me about|info(?:rmation)? (?:on|about)|details (?:of|for|on))\s+(?:the\s+)?(course|assignment)?\s*(.+)$/i.exec(
        text,
      ))
  ) {
    const [, kind, name = ''] = m;
    if (kind?.toLowerCase() === 'course')
      return tool('course_info', { course: cleanName(name, 'course') });
    const asAssignment = { tool: 'assignment_info' as const, input: assignmentTarget(name) };
    if (kind) return tool(asAssignment.tool, asAssignment.input);
    return tool('course_info', { course: cleanName(name, 'course') }, asAssignment);
  }
  return { kind: 'help' };
}

/** After "create an assignment": called TITLE, in COURSE, worth N points, due WHEN, as STATUS. */
function parseNewAssignment(rest: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  let text = ` ${rest} `;
  text = text.replace(
    /\s(?:worth|for|with|out of)?\s*(\d+)\s*(?:points?|pts|marks)\s/i,
    (_, n: string) => {
      input.total_points = Number(n);
      return ' ';
    },
  );
  text = text.replace(
    /[\s,]+(?:and\s+)?(?:as\s+(?:a\s+)?)?(draft|published)\s/i,
    (_, status: string) => {
      input.status = status.toLowerCase();
      return ' ';
    },
  );
  const due = /[\s,]+(?:and\s+)?(?:due|deadline|by)(?:\s+(?:on|at|by))?\s+/i.exec(text);
  if (due) {
    const after = text.slice(due.index + due[0].length);
    const [found] = chrono.parse(after, new Date(), { forwardDate: true });
    if (found && found.index === 0) {
      input.due_date = found.text;
      text = text.slice(0, due.index) + ' ' + after.slice(found.text.length);
    } else if (!found) {
      input.due_date = after.trim();
      text = text.slice(0, due.index);
    }
  }
  text = ` ${text.replace(/[\s,]+/g, ' ').trim()} `;
  const quoted = /(?:called|named|titled)?\s*["“](.+?)["”]/i.exec(text);
  if (quoted) {
    input.title = quoted[1];
    text = text.replace(quoted[0], ' ');
  }
  const course = /^(.*)\s(?:in|for)\s+(.+?)\s*$/i.exec(text);
  if (course) {
    input.course = cleanName(course[2], 'course');
    text = course[1] ?? '';
  }
  if (!input.title) {
    const title = text.trim().replace(/^(?:called|named|titled)\s+/i, '');
    if (title) input.title = title;
  }
  if (input.course === undefined) delete input.course;
  return input;
}
