// The offline engine's understanding (issue 12, docs/decisions/016): one teacher message, as
// typed, into the tool calls it asks for, or into a reply (what Mylo cannot do, a question
// back). Nothing here runs a tool or reads the database: the caller passes the teacher's own
// courses and assignments (the catalog), and every call is built, dates and points checked,
// before the first tool runs.
//
// 1. The intent comes from cue words in their dictionary form (compromise), in any order and
//    with fillers ("hey can you", "please", "I need").
// 2. The details (dates, moves of a date, points, a quoted or "called …" title, a
//    description, a rubric, a course) are found wherever they stand (slots.ts).
// 3. What is left, without the words that only carry the intent, names the target. A write
//    gets the name as typed; the tools act only on what it identifies (name-matching.ts) and
//    answer a near name with "Did you mean …?".
import type { AgentToolName } from '../agent-tools';
import { identifies, KIND_WORDS, matchByName, nameTokens } from '../name-matching';
import type { DueWindow, RosterView } from '../tools/class-tools';
import { digitsForNumberWords, lemmaText, wordsOf, type Word } from './language';
import {
  findDates,
  findNewDescription,
  findPoints,
  findQuoted,
  findRubric,
  findShift,
  findUnreadableDate,
  type Clock,
  type Span,
} from './slots';

export interface CatalogCourse {
  id: string;
  title: string;
}
export interface CatalogAssignment {
  id: string;
  title: string;
  course: { id: string; title: string };
}
export interface Catalog {
  courses: CatalogCourse[];
  assignments: CatalogAssignment[];
}

export interface ToolCall {
  tool: AgentToolName;
  input: Record<string, unknown>;
}

export type Plan =
  | { kind: 'tools'; calls: ToolCall[] }
  | { kind: 'reply'; action: string; text: string }
  | { kind: 'new_assignment'; input: Record<string, unknown> }
  | { kind: 'help' };

export interface UnderstandContext extends Clock {
  /** Earlier messages of the thread, newest last: "it" means what they named last. */
  earlier?: string[];
}

const tools = (...calls: ToolCall[]): Plan => ({ kind: 'tools', calls });
const call = (tool: AgentToolName, input: Record<string, unknown> = {}): ToolCall => ({
  tool,
  input,
});
const say = (action: string, text: string): Plan => ({ kind: 'reply', action, text });

// ---------------------------------------------------------------------------------------------
// Honest limits: what Mylo cannot do, and what it can instead.

export const LIMITS = {
  message:
    "I can't send emails, messages or reminders to students. I can tell you who hasn't handed something in (\"who hasn't turned in Homework 1?\") so you can contact them yourself, and I can publish, change or close assignments.",
  grading:
    'I can\'t grade submissions from the chat. Open a submission to grade it, or use **Grade with Mylo** there for a suggested grade you review before saving. I can list what still needs grading ("which submissions still need grading?").',
  deleteCourse:
    "I can't delete a course from the chat: that removes all its assignments and submissions, so do it from the course page, where you confirm it. I can delete a single assignment (after you confirm), or rename a course.",
  enrolment:
    'I can\'t enrol or unenrol students: students join courses themselves. I can tell you who is enrolled ("how many students are in CS500?").',
  files:
    "I can't upload, download or hand in files. Students hand in their PDFs on the assignment page; I can tell you who has handed in.",
  extension:
    'I can\'t give one student a different due date: a due date is the same for the whole class. I can move the due date for everyone ("extend Homework 1 by 2 days").',
} as const;

// ---------------------------------------------------------------------------------------------
// Cue words (matched on lemmas: "turned in" is "turn in", "hasn't" is "has not").

const QUESTION_START =
  /^ (?:how|who|whom|whose|which|what|whats|when|where|why|is|are|was|were|do|does|did|has|have|any|anything|list|show|tell|give|display|count|get|see|view|check|summarize|summarise|can i see|let me see|i want to see|i would like to see)\b/;
const CREATE_VERB =
  /^ (?:create|make|add|set up|setup|new|start|post|put up|put|give|assign|open|draft|write|need|want|like)\b/;
const SUBMIT =
  /\b(?:submit|submission|turn in|turned in|hand in|handed in|hand-in|upload|send in|owe)\b/;
const GRADED_POSITIVE = /\b(?:graded|grade)\b/;
const UNGRADED =
  /\b(?:ungraded|not (?:been |yet )?grade[d]?|not (?:been )?marked|need(?:s)? (?:to be )?grad|need(?:s)? grading|to grade|left to grade|leave to grade|need(?:s)? a grade|wait(?:ing)? (?:for|on) (?:a )?grade|without (?:a )?grade|grade yet|yet to be grade)/;
const NEGATION = /\b(?:not|never|no|yet to|missing|miss|without|outstanding|owe)\b/;
const STATS =
  /\b(?:average|avg|mean|median|spread|range|distribution|standard deviation|std|stdev|deviation|highest|lowest|(?:high|low|top|best|worst|max|min)(?:est|imum)? (?:score|grade|mark)|statistic|stat|how well|on average|class average)\b/;
const WINDOW: [RegExp, DueWindow][] = [
  [/\bnext week\b/, 'next_week'],
  [/\bthis week(?:end)?\b|\bthe week\b/, 'this_week'],
  [/\btomorrow\b/, 'tomorrow'],
  [/\btoday\b|\btonight\b/, 'today'],
  [/\b(?:next (?:7|seven) days|coming up|upcoming|soon|this coming)\b/, 'next_7_days'],
];

/** Words that carry the intent or the grammar, never part of a target's name. */
const IGNORABLE = new Set(
  `a an the this that these those it its them they their there here some any all every each
  i me my mine we us our you your please pls kindly hey hi hello ok okay mylo thanks thank
  can could would will shall should may might must do does did done be is are was were been being
  am has have had having get got let go going want like need needs wanna gonna
  to of for in on at by from with about into onto out up down over off as than then and or but so
  also just now yet still already again too very really quite much many more most less few lot
  how who whom whose which what whats when where why whether if
  show tell give list display see view check find look count number total summarize summarise
  create make add set setup new start post put change update edit modify move push extend
  postpone delay bump shift rename retitle call named called titled title name
  publish unpublish release hide unhide close reopen open stop accept accepting lock visible
  invisible available unavailable public private hidden draft live
  delete remove drop trash erase rid destroy scrap
  student students kid kids people person class learner learners everyone everybody anyone
  submission submissions submit submitted turn turned hand handed send sent upload uploaded in
  grade grades graded grading ungraded mark marks marked score scores scored
  point points pt pts worth due deadline date dates time late early missing outstanding
  average avg mean median spread range distribution standard deviation std stdev highest lowest
  statistic statistics stat stats well
  assignment assignments one ones rubric description details detail info information about
  so far far enrolled enrol enroll quick overview fine sure great cool left leave remaining
  back forward again anymore owe owes high higher highest low lower lowest top best worst`.split(
    /\s+/,
  ),
);

const PRONOUN = /\b(?:it|that|this one|that one|them)\b/;

// ---------------------------------------------------------------------------------------------
// Names: spotting the teacher's courses and assignments in the words.

interface Token extends Span {
  text: string;
}

const tokenize = (text: string): Token[] =>
  [...text.matchAll(/[\p{L}\p{N}]+(?:[#&'’.+-][\p{L}\p{N}]+)*|#\d+|&/gu)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));

const overlaps = (a: Span, spans: readonly Span[]) =>
  spans.some((s) => a.start < s.end && s.start < a.end);

interface Mention<T> extends Span {
  item: T;
  tier: 'exact' | 'words';
}

/** The longest run of words that is one of the items' titles or short forms (exact). */
function spotExact<T extends { title: string }>(
  text: string,
  items: readonly T[],
  kind: 'course' | 'assignment',
  masked: readonly Span[],
  options: { wordsTierFrom?: number } = {},
): Mention<T>[] {
  const tokens = tokenize(text);
  let best: Mention<T>[] = [];
  let bestLength = 0;
  for (let i = 0; i < tokens.length; i++) {
    for (let j = Math.min(tokens.length, i + 10); j > i; j--) {
      const span = { start: tokens[i]!.start, end: tokens[j - 1]!.end };
      if (overlaps(span, masked)) continue;
      const words = nameTokens(text.slice(span.start, span.end));
      if (words.length === 0 || words.length < bestLength) continue;
      const found = items.filter((item) => {
        const tier = identifies(words, item.title, kind);
        return (
          tier === 'exact' ||
          (tier === 'words' && words.length >= (options.wordsTierFrom ?? Infinity))
        );
      });
      if (found.length === 0) continue;
      if (words.length > bestLength) {
        best = [];
        bestLength = words.length;
      }
      for (const item of found) {
        best.push({ ...span, item, tier: identifies(words, item.title, kind) ?? 'words' });
      }
    }
  }
  return best;
}

const PHRASE_ENDS =
  /^\s*(?:$|[,.;:?!|]|(?:course|class|due|worth|with|called|named|titled|that|which|for|to|in|on|and (?:publish|make|set|give|it|due))\b)/i;

const PREPOSITION_BEFORE =
  /(?:\s*,)?\s*\b(?:in|for|to|from|of|on|into|under)\s+(?:the\s+|my\s+|our\s+)?$/i;
const COURSE_AFTER = /^\s+(?:course|class)\b/i;

/** Widen a course mention over "in the … course". */
function widenCourse(text: string, span: Span): Span {
  const before = PREPOSITION_BEFORE.exec(text.slice(0, span.start));
  const after = COURSE_AFTER.exec(text.slice(span.end));
  return {
    start: before ? before.index : span.start,
    end: span.end + (after ? after[0].length : 0),
  };
}

interface CourseMention extends Span {
  /** The course as typed (its name, or the id when it was spotted). */
  query: string;
  id?: string;
}

/** The course the message names: spotted exactly, or (for a near name) after "in/for/to". */
function findCourse(
  text: string,
  catalog: Catalog,
  masked: readonly Span[],
): CourseMention | undefined {
  // Some of a course's words ("data structures") count only as a whole phrase, not when the
  // name goes on ("Data Structure and Algorithmz").
  const spotted = spotExact(text, catalog.courses, 'course', masked, { wordsTierFrom: 2 }).filter(
    (m) => m.tier === 'exact' || PHRASE_ENDS.test(text.slice(m.end)),
  );
  const ids = new Set(spotted.map((m) => m.item.id));
  if (spotted.length > 0 && ids.size === 1) {
    const first = spotted[0]!;
    return { ...widenCourse(text, first), query: first.item.id, id: first.item.id };
  }
  // "… in the data structure and algorithmz course": a course name that does not identify one.
  const named =
    /(?:\s*,)?\s*\b(?:in|for|to|into)\s+(?:the\s+|my\s+)?([\p{L}\p{N}][^,;:?!]*?)\s+(course|class)\b/iu.exec(
      text,
    );
  if (named?.[1] && !overlaps({ start: named.index, end: named.index + named[0].length }, masked)) {
    return { start: named.index, end: named.index + named[0].length, query: named[1].trim() };
  }
  return undefined;
}

/** The assignment a message names; `query` is what the teacher typed when none is spotted. */
interface Target {
  /** An assignment id, a course id, or the words as typed. */
  query: string;
  kind: 'assignment' | 'course' | 'unknown';
}

/**
 * What the message names, besides the masked details: an exact title spotted among only
 * ignorable words; else every remaining content word as the name typed; else "it" (the last
 * thing the thread named); else nothing.
 */
function findTarget(
  text: string,
  catalog: Catalog,
  masked: readonly Span[],
  context: UnderstandContext,
  prefer: 'assignment' | 'course' = 'assignment',
): Target | undefined {
  const words = wordsOf(text);
  const content = (spans: readonly Span[]) =>
    words.filter((w) => w.text && !overlaps(w, spans) && !isIgnorable(w));

  const order: ('assignment' | 'course')[] =
    prefer === 'course' ? ['course', 'assignment'] : ['assignment', 'course'];
  for (const kind of order) {
    const items = kind === 'course' ? catalog.courses : catalog.assignments;
    const spotted = spotExact(text, items, kind, masked);
    if (spotted.length > 0 && content([...masked, ...spotted]).length === 0) {
      const ids = new Set(spotted.map((m) => m.item.id));
      const first = spotted[0]!;
      // The same title twice: name it as typed, so the tool asks which one.
      const query = ids.size === 1 ? first.item.id : text.slice(first.start, first.end);
      return { query, kind };
    }
  }
  const remaining = content(masked);
  if (remaining.length > 0) {
    const typed = joinWords(text, remaining);
    const tokens = nameTokens(typed);
    if (tokens.length > 0) {
      const isCourse =
        catalog.courses.some((c) => identifies(tokens, c.title, 'course')) &&
        !catalog.assignments.some((a) => identifies(tokens, a.title, 'assignment'));
      return { query: typed, kind: isCourse ? 'course' : 'unknown' };
    }
  }
  if (PRONOUN.test(lemmaText(words)) || remaining.length === 0) {
    const previous = earlierTarget(catalog, context);
    if (previous) return previous;
  }
  return undefined;
}

/** Whether a name is, or looks like, one of the teacher's (else the message is not about one). */
function isKnownName(query: string, catalog: Catalog): boolean {
  return (
    matchByName(catalog.assignments, query, 'assignment').kind !== 'none' ||
    matchByName(catalog.courses, query, 'course').kind !== 'none'
  );
}

function isIgnorable(word: Word): boolean {
  const lower = word.text.toLowerCase().replace(/[’']s$/, '');
  if (/^[\p{P}\p{S}]+$/u.test(word.text)) return true;
  if (IGNORABLE.has(lower) || IGNORABLE.has(word.lemma)) return true;
  return (
    [
      'Determiner',
      'Preposition',
      'Pronoun',
      'Conjunction',
      'Auxiliary',
      'Copula',
      'Modal',
      'QuestionWord',
      'Negative',
      'Expression',
    ].some((tag) => word.tags.has(tag)) && !/\d/.test(word.text)
  );
}

/** The words as typed, from the first content word to the last, minus masked gaps. */
function joinWords(text: string, words: readonly Word[]): string {
  return words
    .map((w) => text.slice(w.start, w.end))
    .join(' ')
    .replace(/^[\s"“”'‘’,:;.-]+|[\s"“”'‘’,:;.?!-]+$/g, '');
}

/** The assignment (or course) the thread's latest earlier message named exactly. */
function earlierTarget(catalog: Catalog, context: UnderstandContext): Target | undefined {
  for (const message of [...(context.earlier ?? [])].reverse().slice(0, 5)) {
    for (const kind of ['assignment', 'course'] as const) {
      const items = kind === 'course' ? catalog.courses : catalog.assignments;
      const ids = new Set(
        spotExact(message, items, kind, [], { wordsTierFrom: 2 }).map((m) => m.item.id),
      );
      if (ids.size === 1) return { query: [...ids][0]!, kind };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The message as a whole.

/** Greetings, politeness and the agent's name around the request. */
export function stripPoliteness(message: string): string {
  let text = message.trim().replace(/\s+/g, (space) => (space.includes('\n') ? '\n' : ' '));
  const lead =
    /^(?:(?:hey|hi|hello|ok(?:ay)?|so|um+|quick question|mylo|yo)\b[,!.:]?\s*|(?:please|pls|kindly)\s+|(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?|i\s+(?:want|need|would like|'d like|’d like)\s+(?:you\s+)?to\s+|i'?d like to\s+|help me\s+(?:to\s+)?|go ahead and\s+|let'?s\s+|just\s+)/i;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(lead, '');
  }
  return text.replace(/[\s,]*(?:please|pls|thanks|thank you|thx)?[\s?.!]*$/i, '');
}

const isQuestion = (lemmas: string, text: string) =>
  QUESTION_START.test(lemmas) || /\?\s*$/.test(text.trim());

export function understand(message: string, catalog: Catalog, context: UnderstandContext): Plan {
  const raw = stripPoliteness(message);
  const text = digitsForNumberWords(raw);
  const lemmas = lemmaText(wordsOf(text));
  if (!lemmas.trim()) return { kind: 'help' };

  const limit = limits(lemmas, text, catalog);
  if (limit) return limit;
  if (
    /\b(?:feature|what can (?:you|mylo|i|we) do|what do you do|what (?:can|could) i (?:use|ask)|how do(?:es)? (?:this|it|mylo|the platform|the app) work|overview|what is (?:this|mylo)|capabilit|what you can do|help me with|^ help )/.test(
      lemmas,
    )
  ) {
    return tools(call('explain_features'));
  }
  if (
    /^ (?:hi|hello|hey|thanks|thank you|ok|okay|cool|great|good morning|good afternoon)\s*$/.test(
      lemmas,
    )
  ) {
    return say(
      'greeting',
      'Hi! Tell me what you\'d like to do, for example "what\'s due this week?" or "create an assignment called Lab 2 in CS500".',
    );
  }

  const question = isQuestion(lemmas, text) && !CREATE_VERB.test(lemmas);
  if (question) {
    const read = readRequest(text, lemmas, catalog, context);
    if (read) return read;
  }
  const write = writeRequest(text, lemmas, catalog, context);
  if (write) return write;
  const read = readRequest(text, lemmas, catalog, context);
  return read ?? { kind: 'help' };
}

// ---------------------------------------------------------------------------------------------
// Limits.

function limits(lemmas: string, text: string, catalog: Catalog): Plan | undefined {
  if (
    /^ (?:email|e-mail|mail|text|message|sms|notify|remind|ping|dm|contact|call|write to|announce)\b/.test(
      lemmas,
    ) ||
    /\bsend\b.*\b(?:email|e-mail|mail|message|reminder|notification|announcement|note|text|sms)\b/.test(
      lemmas,
    ) ||
    /\b(?:email|e-mail|announcement)\b.*\b(?:student|class|kid|parent|everyone)\b/.test(lemmas)
  ) {
    return say('cannot_message', LIMITS.message);
  }
  if (
    /^ (?:auto-?grade|auto grade|autograde|grade|mark|score|regrade|re-grade|re grade)\b/.test(
      lemmas,
    ) ||
    /\b(?:grade|mark|score)\s+(?:all|every|everything|everyone|them|the rest|each)\b/.test(lemmas)
  ) {
    return say('cannot_grade', LIMITS.grading);
  }
  if (
    /^ (?:enrol|enroll|unenrol|unenroll|kick|invite|register)\b/.test(lemmas) ||
    /^ (?:add|remove|drop)\b.*\b(?:student|kid)\b.*\b(?:to|from)\b/.test(lemmas)
  ) {
    return say('cannot_enrol', LIMITS.enrolment);
  }
  if (/\bextension\b/.test(lemmas) && !/\b(?:everyone|all|class|whole)\b/.test(lemmas)) {
    return say('cannot_extend_one', LIMITS.extension);
  }
  if (/^ (?:upload|download|attach)\b/.test(lemmas)) return say('cannot_files', LIMITS.files);
  if (/^ (?:delete|remove|drop|trash|erase|get rid of|destroy|scrap)\b/.test(lemmas)) {
    const courseWord =
      /^ \S+(?: rid of)? (?:the |my |this |that )?(?:whole |entire )?(?:course|class)\b/.test(
        lemmas,
      );
    const namesCourse = findCourse(text, catalog, []) !== undefined;
    const namesAssignment = spotExact(text, catalog.assignments, 'assignment', []).length > 0;
    if (
      courseWord ||
      (namesCourse && !namesAssignment && !/\bassignment|homework|lab|quiz|essay\b/.test(lemmas))
    ) {
      return say('cannot_delete_course', LIMITS.deleteCourse);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Reads.

function readRequest(
  text: string,
  lemmas: string,
  catalog: Catalog,
  context: UnderstandContext,
): Plan | undefined {
  const course = findCourse(text, catalog, []);
  const masked: Span[] = course ? [course] : [];
  const courseInput = course ? { course: course.query } : {};
  const target = () => findTarget(text, catalog, masked, context);
  const assignmentTarget = () => {
    const found = target();
    return found && found.kind !== 'course' ? found : undefined;
  };

  const window = WINDOW.find(([cue]) => cue.test(lemmas))?.[1];
  if (window && /\bdue\b|\bdeadline\b|\bassignment\b|\bhomework\b/.test(lemmas)) {
    return tools(call('assignments_due', { when: window, ...courseInput }));
  }
  if (/\blate\b/.test(lemmas) && !/\blater\b/.test(lemmas)) {
    const found = assignmentTarget();
    return tools(
      call('late_submissions', { ...(found && { assignment: found.query }), ...courseInput }),
    );
  }
  if (STATS.test(lemmas) || /\bhow did\b.*\bdo\b|\bwhat did\b.*\b(?:get|score)\b/.test(lemmas)) {
    const found = assignmentTarget();
    if (found) return tools(call('grade_statistics', { assignment: found.query, ...courseInput }));
    return say(
      'clarify',
      'Which assignment? For example: "what is the average grade on Homework 1?"',
    );
  }
  if (/\brubric\b/.test(lemmas)) {
    const found = assignmentTarget();
    if (found)
      return tools(
        call('assignment_info', { assignment: found.query, ...courseInput, focus: 'rubric' }),
      );
  }
  const submitCue = SUBMIT.test(lemmas);
  const ungradedCue = UNGRADED.test(lemmas);
  const many = /\b(?:how many|count|number of|total)\b/.test(lemmas);
  if (
    submitCue ||
    ungradedCue ||
    (GRADED_POSITIVE.test(lemmas) && /\bwho\b|\bwhich student\b/.test(lemmas))
  ) {
    const found = assignmentTarget();
    if (ungradedCue) {
      if (found && !many) {
        return tools(
          call('submission_roster', { assignment: found.query, ...courseInput, show: 'ungraded' }),
        );
      }
      if (found)
        return tools(call('count_submissions', { assignment: found.query, ...courseInput }));
      return tools(call('list_ungraded_submissions', courseInput));
    }
    if (found) {
      const negated = NEGATION.test(lemmas.replace(/\bnot (?:yet )?grade[d]?\b/, ''));
      if (many && !negated)
        return tools(call('count_submissions', { assignment: found.query, ...courseInput }));
      const show: RosterView = negated
        ? 'missing'
        : submitCue
          ? 'handed_in'
          : GRADED_POSITIVE.test(lemmas)
            ? 'graded'
            : 'all';
      return tools(call('submission_roster', { assignment: found.query, ...courseInput, show }));
    }
    if (course && !submitCue) return tools(call('list_ungraded_submissions', courseInput));
  }
  if (
    /\b(?:how many|number of|count)\b.*\b(?:student|kid|people|learner|enrol|enroll)\b|\bwho\b.*\b(?:enrol|enroll|in (?:the )?class|taking)\b|\broster\b|\blist (?:the |my |all )?student\b/.test(
      lemmas,
    )
  ) {
    if (course?.query) return tools(call('course_students', { course: course.query }));
    const found = target();
    if (found?.kind === 'course') return tools(call('course_students', { course: found.query }));
    if (catalog.courses.length === 1)
      return tools(call('course_students', { course: catalog.courses[0]!.id }));
    return say(
      'clarify',
      `Which course? ${catalog.courses.map((c) => `**${c.title}**`).join(', ') || 'You have no courses yet.'}`,
    );
  }
  if (/\bdue\b|\bdeadline\b/.test(lemmas) && !findDates(text, context).length) {
    const found = assignmentTarget();
    if (found)
      return tools(
        call('assignment_info', { assignment: found.query, ...courseInput, focus: 'due_date' }),
      );
  }
  if (
    /\b(?:my|all|which|what) (?:course|class)\b|\b(?:list|show)(?: me)? (?:the |all )?(?:course|class)\b|\b(?:course|class) (?:do|have) i\b|\bi teach\b/.test(
      lemmas,
    ) &&
    !course
  ) {
    return tools(call('list_courses'));
  }
  if (
    /\bassignment\b|\bhomework\b|\bwork\b/.test(lemmas) &&
    /\b(?:what|which|list|show|all|any|my)\b/.test(lemmas)
  ) {
    if (course) return tools(call('course_info', { course: course.query }));
    // "what assignments are in Secret Seminar": a course by a name the teacher does not have.
    const typed =
      /\b(?:in|for|of)\s+(?:the\s+|my\s+)?([^,;:?!]+?)(?:\s+(?:course|class))?[\s?.!]*$/i.exec(
        text,
      );
    if (typed?.[1] && !isKnownName(typed[1], { courses: [], assignments: catalog.assignments })) {
      return tools(call('course_info', { course: typed[1].trim() }));
    }
    const found = target();
    if (!found) return tools(call('list_assignments'));
  }
  if (course) {
    const found = findTarget(text, catalog, masked, { ...context, earlier: [] });
    if (!found) return tools(call('course_info', { course: course.query }));
    return tools(call('assignment_info', { assignment: found.query, ...courseInput }));
  }
  const found = findTarget(text, catalog, [], { ...context, earlier: [] }, 'course');
  if (found?.kind === 'course') return tools(call('course_info', { course: found.query }));
  if (
    found &&
    isKnownName(found.query, catalog) &&
    /\b(?:show|tell|describe|detail|info|about|what|how|see|view|open)\b/.test(lemmas)
  ) {
    return tools(call('assignment_info', { assignment: found.query }));
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Writes.

type Status = 'published' | 'draft' | 'closed';

function statusCue(lemmas: string): Status | undefined {
  if (
    /\b(?:unpublish|un-publish|hide|make (?:\S+ ){0,6}(?:invisible|hidden|private|unavailable)|take (?:\S+ ){0,6}down|back to (?:a )?draft|(?:make|set|turn|put|move) (?:\S+ ){0,6}(?:into |to |as |back to )?(?:a )?draft)\b/.test(
      lemmas,
    )
  )
    return 'draft';
  if (
    /\b(?:close|stop accept|no longer accept|do not accept|lock|end submission|shut)\b/.test(lemmas)
  )
    return 'closed';
  if (
    /\b(?:publish|release|unhide|reopen|re-open|make (?:\S+ ){0,6}(?:visible|available|public|live)|open (?:\S+ ){0,6}(?:up )?(?:to|for) (?:the )?student|show (?:\S+ ){0,6}to (?:the )?student|let (?:the )?student see|start accept|open (?:\S+ ){0,3}submission)\b/.test(
      lemmas,
    )
  )
    return 'published';
  return undefined;
}

const WRITE_VERB =
  /\b(?:change|set|update|edit|modify|move|push|extend|postpone|delay|bump|shift|make|rename|retitle|call|give|lower|raise|increase|decrease|reduce|bring)\b/;

function writeRequest(
  text: string,
  lemmas: string,
  catalog: Catalog,
  context: UnderstandContext,
): Plan | undefined {
  // Delete (a course was answered by limits()).
  if (/^ (?:delete|remove|drop|trash|erase|get rid of|destroy|scrap)\b/.test(lemmas)) {
    const found = findTarget(text, catalog, courseSpans(text, catalog), context);
    const course = findCourse(text, catalog, []);
    if (!found)
      return say(
        'clarify',
        'Which assignment should I delete? Give its name, for example "delete Lab 1".',
      );
    return tools(
      call('delete_assignment', {
        assignment: found.query,
        ...(course && { course: course.query }),
      }),
    );
  }

  const creating = isCreate(text, lemmas, catalog);
  if (creating === 'course') return createCourse(text);
  if (creating === 'assignment') return createAssignment(text, catalog, context);

  // Rename: "rename X to Y", "change the title of X to Y", "call X Y instead".
  const rename =
    /\b(?:rename|retitle)\s+(?:the\s+)?(.+?)\s+(?:to|as|into)\s+(.+)$/i.exec(text) ??
    /\b(?:change|set|update|edit)\s+(?:the\s+)?(?:title|name)\s+(?:of\s+|for\s+|on\s+)?(.+?)\s+(?:to|as|into)\s+(.+)$/i.exec(
      text,
    );
  if (rename?.[1] && rename[2]) {
    const newTitle = cleanTitle(rename[2]);
    const head = text.slice(0, rename.index + rename[0].length - rename[2].length);
    return renameOrDescribe(
      head,
      catalog,
      context,
      { title: newTitle },
      /\b(?:course|class)\b/i.test(rename[1]),
    );
  }
  // Description: "change the description of X to Y", "set X's description to Y".
  const description =
    /\b(?:description|summary|intro)\s+(?:of\s+|for\s+|on\s+)?(.*?)\s*(?:to|as|:|=)\s+(.+)$/i.exec(
      text,
    ) ?? /\bdescribe\s+(.+?)\s+as\s+(.+)$/i.exec(text);
  if (description?.[2] && WRITE_VERB.test(lemmas.replace(/\bdescribe\b/, 'set'))) {
    const head = text.slice(0, text.length - description[2].length - 1);
    const value = description[2].trim().replace(/^["“](.*)["”]$/, '$1');
    return renameOrDescribe(
      head,
      catalog,
      context,
      { description: value },
      /\b(?:course|class)\b/i.test(text),
    );
  }
  // Rubric: "change the rubric of X to: …".
  const rubric = findRubric(text);
  if (rubric && rubric.value) {
    const masked = [{ start: rubric.valueStart, end: text.length }, ...courseSpans(text, catalog)];
    const course = findCourse(text, catalog, []);
    const found = findTarget(text, catalog, masked, context);
    if (!found)
      return say(
        'clarify',
        'Which assignment is the rubric for? For example: "change the rubric of Lab 1 to: - Correctness (10 points)".',
      );
    return tools(
      call('update_rubric', {
        assignment: found.query,
        ...(course && { course: course.query }),
        rubric_markdown: rubric.value,
      }),
    );
  }

  return updateAssignment(text, lemmas, catalog, context);
}

function badDate(date: { text: string; partial?: boolean }): Plan {
  return say(
    'invalid_input',
    date.partial
      ? `I couldn't understand the date "${date.text}". Try something like "March 14 at 5pm" or "next Friday".`
      : `I couldn't use the date "${date.text}": a due date must be within ten years from now.`,
  );
}

function courseSpans(text: string, catalog: Catalog): Span[] {
  const course = findCourse(text, catalog, []);
  return course ? [course] : [];
}

/** An existing course or assignment gets a new title or description. */
function renameOrDescribe(
  head: string,
  catalog: Catalog,
  context: UnderstandContext,
  changes: { title?: string; description?: string },
  courseWord: boolean,
): Plan {
  const course = findCourse(head, catalog, []);
  const masked = course ? [course] : [];
  const found = findTarget(head, catalog, masked, context, courseWord ? 'course' : 'assignment');
  if (courseWord || (!found && course) || found?.kind === 'course') {
    const courseQuery = found?.kind === 'course' ? found.query : (course?.query ?? found?.query);
    if (!courseQuery) return say('clarify', 'Which course? Give its name.');
    return tools(call('update_course', { course: courseQuery, ...changes }));
  }
  if (!found) return say('clarify', 'Which assignment? Give its name.');
  return tools(
    call('update_assignment', {
      assignment: found.query,
      ...(course && { course: course.query }),
      ...changes,
    }),
  );
}

/** Points, due date (or a move of it) and status, on one assignment, in any order. */
function updateAssignment(
  text: string,
  lemmas: string,
  catalog: Catalog,
  context: UnderstandContext,
): Plan | undefined {
  const status = statusCue(lemmas);
  const points = findPoints(text);
  const shift = findShift(text);
  const dates = findDates(text, context).filter(
    (d) => !shift || d.end <= shift.start || d.start >= shift.end,
  );
  const dueCue = /\b(?:due|deadline|extend|postpone|push|delay|move|bump|shift)\b/.test(lemmas);
  const date = dueCue || dates.length ? dates.at(-1) : undefined;
  const unreadable = findUnreadableDate(text);
  if (!status && !points && !shift && !date && !(dueCue && unreadable)) return undefined;

  if (dueCue && !date && !shift && unreadable) {
    return say(
      'invalid_input',
      `I couldn't understand the date "${unreadable.text}". Try something like "March 14 at 5pm" or "next Friday".`,
    );
  }
  if (date && !date.iso) return badDate(date);
  const course = findCourse(text, catalog, []);
  const masked: Span[] = [
    ...(course ? [course] : []),
    ...(points ? [points] : []),
    ...(shift ? [shift] : []),
    ...(date ? [date] : []),
    ...(unreadable ? [unreadable] : []),
  ];
  const found = findTarget(text, catalog, masked, context);
  if (!found) {
    return say(
      'clarify',
      'Which assignment? Give its name, for example "make Lab 1 worth 80 points".',
    );
  }
  if (found.kind === 'course' && (points || date || shift || status)) {
    return say('clarify', `That's a course. Which of its assignments did you mean?`);
  }
  const ref = { assignment: found.query, ...(course && { course: course.query }) };
  const calls: ToolCall[] = [];
  const changes = {
    ...(points && { total_points: points.points }),
    ...(date?.iso && { due_date: date.iso }),
    ...(shift && !date && { move_due_date_by_days: shift.days }),
  };
  if (Object.keys(changes).length) calls.push(call('update_assignment', { ...ref, ...changes }));
  if (status) calls.push(call('set_assignment_status', { ...ref, status }));
  return calls.length ? tools(...calls) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Creating.

const KIND_NOUN =
  /\b(?:assignment|homework|hw|lab|quiz|essay|project|worksheet|exercise|problem set|test|exam|task|activity|report|paper|presentation|reading|reflection|journal)\b/i;

function isCreate(
  text: string,
  lemmas: string,
  catalog: Catalog,
): 'course' | 'assignment' | undefined {
  const newKind =
    /\bnew (?:assignment|homework|hw|lab|quiz|essay|project|worksheet|exercise|test|exam|task|activity|report|paper|reading)\b/.test(
      lemmas,
    );
  if (!CREATE_VERB.test(lemmas) && !/^ (?:i )?(?:need|want|would like)\b/.test(lemmas) && !newKind)
    return undefined;
  const verbAndObject =
    /^ (?:(?:i )?(?:need|want|would like) )?(?:create|make|add|set up|setup|new|start|post|put up|put|give|assign|open|draft|write|need|want|like)?\s*(?:me |us )?(?:a |an |another |one more |the )?(?:new |brand new )?(\S+)/.exec(
      lemmas,
    );
  const object = verbAndObject?.[1] ?? '';
  if (/^(?:course|class)$/.test(object)) return 'course';
  if (
    /^ (?:create|make|add|set up|start|new|open)\b.*\b(?:new )?(?:course|class) (?:call|name|title)/.test(
      lemmas,
    ) &&
    !/\bin (?:the )?\S+ (?:course|class)\b/.test(lemmas)
  )
    return 'course';
  // A status or a move of the due date changes something that exists ("put lab 1 back to draft").
  const named0 =
    /\b(?:call|called|name|named|title|titled|entitled)\b/.test(lemmas) ||
    findQuoted(text) !== undefined;
  if (!named0 && !/\bnew\b/.test(lemmas) && (statusCue(lemmas) === 'draft' || findShift(text)))
    return undefined;
  // "make X worth 20 / visible / due …" changes X.
  if (
    /^ make\b/.test(lemmas) &&
    !/\bnew\b/.test(lemmas) &&
    /\b(?:worth|visible|invisible|available|unavailable|due|draft|public|private|hidden|live|close|open)\b/.test(
      lemmas,
    )
  )
    return undefined;
  if (/^ (?:give|put)\b/.test(lemmas) && !KIND_NOUN.test(text)) return undefined;
  if (
    /^ add\b/.test(lemmas) &&
    /^ add (?:\d+|a|an|one|two|three) (?:more |extra )?(?:day|week|point)/.test(lemmas)
  )
    return undefined;
  if (/^ add\b.*\b(?:rubric|description)\b/.test(lemmas)) return undefined;
  const named =
    /\b(?:call|called|name|named|title|titled|entitled)\b/.test(lemmas) ||
    findQuoted(text) !== undefined ||
    /:\s*\S/.test(text);
  if (KIND_NOUN.test(text) || named || /\bnew\b/.test(lemmas)) return 'assignment';
  if (/^ add\b/.test(lemmas) && findCourse(text, catalog, []) !== undefined) return 'assignment';
  return undefined;
}

const TITLE_STOP =
  /\s*(?:$|[,;|]|\.(?:\s|$)|\?|!|\s+(?:worth|due|with|which|that|and (?:publish|make|set|give|it|due)|it'?s|it is|as (?:a )?(?:draft|published))\b)/i;

/** A title as typed: quotes, trailing punctuation and a leading "the" gone; all-lower case capitalised. */
function cleanTitle(raw: string): string {
  let title = raw
    .trim()
    .replace(/^["“'‘](.*)["”'’]$/, '$1')
    .replace(/[\s.,;!?]+$/, '')
    .trim();
  if (title === title.toLowerCase() && /[a-z]/.test(title)) {
    title = title
      .split(' ')
      .map((word, i) =>
        i > 0 &&
        ['a', 'an', 'and', 'of', 'the', 'in', 'on', 'to', 'for', 'with', 'or'].includes(word)
          ? word
          : word.charAt(0).toUpperCase() + word.slice(1),
      )
      .join(' ');
  }
  return title;
}

/** The text with the spans replaced by a separator (so a title stops where a detail began). */
function blankOut(text: string, spans: readonly Span[]): string {
  let out = text;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, span.start)} | ${out.slice(span.end)}`;
  }
  return out;
}

function createCourse(text: string): Plan {
  const description = findNewDescription(text);
  const rest = blankOut(text, description ? [description] : []);
  const quoted = findQuoted(rest);
  const called = /\b(?:called|named|titled|entitled)\s+(.+)$/i.exec(rest);
  const after = /\b(?:course|class)\s*:?\s+(?!called|named|titled)(.+)$/i.exec(rest);
  const raw = quoted?.value ?? called?.[1] ?? after?.[1];
  const title = raw ? cleanTitle(raw.split(TITLE_STOP)[0] ?? '') : '';
  if (!title)
    return say(
      'clarify',
      'What should the new course be called? For example: "create a course called Biology 101".',
    );
  return tools(
    call('create_course', { title, ...(description && { description: description.value }) }),
  );
}

function createAssignment(text: string, catalog: Catalog, context: UnderstandContext): Plan {
  const input: Record<string, unknown> = {};
  const spans: Span[] = [];
  const rubric = findRubric(text);
  if (rubric?.value) {
    input.rubric_markdown = rubric.value;
    spans.push({ start: rubric.start, end: text.length });
  }
  const description = findNewDescription(text);
  if (description && !overlaps(description, spans)) {
    input.description = description.value;
    spans.push(description);
  }
  const quoted = findQuoted(text);
  if (quoted && !overlaps(quoted, spans)) spans.push(quoted);
  const points = findPoints(text);
  if (points && !overlaps(points, spans)) {
    input.total_points = points.points;
    spans.push(points);
  }
  const dates = findDates(text, context).filter((d) => !overlaps(d, spans));
  const unreadable = findUnreadableDate(text);
  if (dates.length) {
    const date = dates.at(-1)!;
    if (!date.iso) return badDate(date);
    input.due_date = date.iso;
    const due =
      /(?:\s*,)?\s*(?:and\s+)?(?:it'?s\s+|it is\s+)?(?:due|deadline|by)(?:\s+(?:on|at|by|is))?\s*$/i.exec(
        text.slice(0, date.start),
      );
    spans.push({ start: due ? due.index : date.start, end: date.end });
  } else if (unreadable && /\bdue\b/i.test(text)) {
    return say(
      'invalid_input',
      `I couldn't understand the date "${unreadable.text}". Try something like "March 14 at 5pm" or "next Friday".`,
    );
  }
  const status = /\b(?:publish(?:ed)?|visible|live)\b/i.test(text)
    ? 'published'
    : /\bdraft\b/i.test(text)
      ? 'draft'
      : undefined;
  if (status) input.status = status;

  const course = findCourse(text, catalog, spans);
  if (course) {
    input.course = course.query;
    spans.push(course);
  }
  const rest = blankOut(text, spans)
    .replace(
      /(?:,\s*)?\b(?:and\s+)?(?:as\s+(?:a\s+)?)?(?:publish(?:ed)?|draft)\b(?:\s+it)?(?:\s+(?:right away|now|immediately))?/gi,
      ' | ',
    )
    .replace(/\b(?:visible|live)\s+to\s+students\b/gi, ' | ');

  let title = quoted?.value;
  if (!title) {
    const called = /\b(?:called|named|titled|entitled|title it|name it|call it)\s+(.+)$/i.exec(
      rest,
    );
    const colon = /:\s*(.+)$/.exec(rest);
    const raw = called?.[1] ?? colon?.[1];
    if (raw) title = raw.split(TITLE_STOP)[0];
  }
  if (!title) {
    // "add homework 2 to cs500", "can you add Lab 1 to CS500?": what is left is the title.
    const residual = rest
      .split(/\s*\|\s*/)[0]!
      .replace(
        /^\s*(?:(?:i\s+)?(?:need|want|would like)\s+(?:to\s+)?)?(?:create|make|add|set\s+up|setup|new|start|post|put\s+up|put|give|assign|open|draft|write)?\s*(?:me\s+|us\s+)?(?:a\s+|an\s+|another\s+|one\s+more\s+)?(?:new\s+|brand\s+new\s+)?/i,
        '',
      )
      .replace(/^(?:assignment|task)\b\s*/i, '')
      .split(TITLE_STOP)[0];
    const residualTitle = (residual ?? '').trim();
    const words = nameTokens(residualTitle);
    if (residualTitle && words.some((w) => !KIND_WORDS.has(w) || /\d/.test(w)))
      title = residualTitle;
  }
  if (title) {
    // "… in Data Structure and Algorithmz" when no course was spotted: the course, not the title.
    if (!course) {
      const tail = /^(.+?)\s+(?:in|for|to|into)\s+(?:the\s+)?(.+?)(?:\s+(?:course|class))?$/i.exec(
        title.trim(),
      );
      if (tail?.[1] && tail[2]) {
        input.course = tail[2];
        title = tail[1];
      }
    }
    const clean = cleanTitle(title);
    if (clean) input.title = clean;
  }
  return { kind: 'new_assignment', input };
}
