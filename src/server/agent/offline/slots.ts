// The details a request carries, found wherever they stand in the sentence: dates (chrono-node
// reads every phrasing it knows, relative to the request's time and the teacher's offset),
// moves of a date ("by 3 days", "back a week"), points, a quoted title, a description and a
// rubric. Each comes with its span, so what is left of the sentence names the target.
import * as chrono from 'chrono-node';
import { endOfDayUnlessTimed, isPlausibleDueDate } from '../tools/due-date';

export interface Span {
  start: number;
  end: number;
}

export interface DateSlot extends Span {
  text: string;
  /** chrono read only part of a date: a number follows ("in the year 3000"). */
  partial?: boolean;
  /** The due instant (ISO); undefined when the date is outside what a due date can be. */
  iso?: string;
}

export interface Clock {
  now: Date;
  utcOffsetMinutes?: number;
}

/** Words chrono reads as dates that are not due dates in a teacher's request. */
const NOT_A_DUE_DATE =
  /^(?:now|today|this week|next week|this weekend|tonight|so far|a week|\d+ (?:days?|weeks?)|\d{1,4}(?:\s*(?:to|-|and)\s*\d{1,4})?)$/i;

/** Every date in the message that could be a due date, in order. */
export function findDates(text: string, clock: Clock): DateSlot[] {
  const results = chrono.parse(
    text,
    {
      instant: clock.now,
      ...(clock.utcOffsetMinutes !== undefined && { timezone: clock.utcOffsetMinutes }),
    },
    { forwardDate: true },
  );
  return results
    .filter((found) => !NOT_A_DUE_DATE.test(found.text.trim()))
    .map((found) => {
      const iso = endOfDayUnlessTimed(found, clock.utcOffsetMinutes);
      const end = found.index + found.text.length;
      const next = /^[\s,]*(\d[\d:/.-]*)/.exec(text.slice(end));
      return {
        start: found.index,
        end,
        text: next ? `${found.text} ${next[1]}` : found.text,
        ...(next && { partial: true }),
        ...(!next && isPlausibleDueDate(new Date(iso), clock.now) && { iso }),
      };
    });
}

/** A date-like run chrono could not read ("275760-01-01", "31/31"): refused, never guessed. */
export function findUnreadableDate(text: string): (Span & { text: string }) | undefined {
  const found = /\b\d{1,6}[-/.]\d{1,2}[-/.]\d{1,6}\b/.exec(text);
  return found
    ? { start: found.index, end: found.index + found[0].length, text: found[0] }
    : undefined;
}

export interface ShiftSlot extends Span {
  days: number;
}

const AMOUNT = String.raw`(a|an|one|\d+)\s+(?:more\s+|extra\s+)?(day|week)s?`;

/** "extend … by 3 days", "push … back a week", "give them 2 more days", "move it up a day". */
export function findShift(text: string): ShiftSlot | undefined {
  const later =
    /\b(?:extend|push(?:ed)?|postpone|delay|move|give|add|bump)\b/i.test(text) &&
    !/\b(?:earlier|forward|up)\b/i.test(text);
  const earlier = /\b(?:earlier|forward|move\s+\S+\s+up|bring)\b/i.test(text);
  if (!later && !earlier) return undefined;
  const found = new RegExp(
    String.raw`(?:\b(?:by|back|for)\s+)?(?:\bback\s+)?\b${AMOUNT}(?:\s+(?:later|back|earlier|extra|more))?\b`,
    'i',
  ).exec(text);
  if (!found) return undefined;
  const amount = /^\d+$/.test(found[1]!) ? Number(found[1]) : 1;
  const days = amount * (found[2]!.toLowerCase() === 'week' ? 7 : 1);
  return { start: found.index, end: found.index + found[0].length, days: earlier ? -days : days };
}

export interface PointsSlot extends Span {
  points: number;
}

/** "worth 20 points", "20 pts", "out of 50", "points to 80", "make it worth 50 points". */
export function findPoints(text: string): PointsSlot | undefined {
  const lead = String.raw`(?:(?:and\s+|,\s*)?(?:make\s+it|it'?s|it\s+is|should\s+be|set\s+it\s+to|give\s+it)\s+)?`;
  const patterns = [
    new RegExp(
      String.raw`${lead}(?:worth\s+|out\s+of\s+|for\s+|with\s+|at\s+|to\s+)?(\d+)\s*(?:points?|pts?\.?|marks?)\b`,
      'i',
    ),
    new RegExp(String.raw`${lead}(?:worth|out\s+of)\s+(\d+)\b`, 'i'),
    /\b(?:points?|total)\s+(?:to|=|at|of)\s+(\d+)\b/i,
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found) {
      return { start: found.index, end: found.index + found[0].length, points: Number(found[1]) };
    }
  }
  return undefined;
}

export interface TextSlot extends Span {
  value: string;
}

/** A title in quotes: "Lab in Python" or ‘Lab in Python’ (not an apostrophe). */
export function findQuoted(text: string): TextSlot | undefined {
  const found = /(^|[\s:(])(["“”]([^"“”]+)["“”]|['‘]([^'‘’]+)['’](?=$|[\s,.;:!?)]))/.exec(text);
  if (!found) return undefined;
  const start = found.index + found[1]!.length;
  const value = (found[3] ?? found[4] ?? '').trim();
  return value ? { start, end: start + found[2]!.length, value } : undefined;
}

/** "- Correct traversal (5 points) - Complexity (5 points)" on one line -> one criterion a line. */
function rubricLines(value: string): string {
  const trimmed = value.trim();
  if (trimmed.includes('\n') || !/^[-*•]\s/.test(trimmed)) return trimmed;
  return trimmed.split(/\s+(?=[-*•]\s)/).join('\n');
}

/** "with the rubric: …", "rubric of X to: …": the rubric runs to the end of the message. */
export function findRubric(
  text: string,
): (TextSlot & { before: string; valueStart: number }) | undefined {
  const found =
    /\brubric\b(.*?)(?:\s*(?:to|as|is|=)(?:\s+follows)?\s*:?|:)\s*((?:[-*•#|]|\d+\.|\n)[\s\S]*|[\s\S]*\(\s*\d+\s*(?:points?|pts?|marks?)\s*\)[\s\S]*)$/i.exec(
      text,
    );
  if (!found) return undefined;
  const start = /(?:\s*,)?\s*(?:and\s+|with\s+)?(?:the\s+|a\s+|this\s+)?$/i.exec(
    text.slice(0, found.index),
  );
  return {
    start: start ? start.index : found.index,
    end: text.length,
    value: rubricLines(found[2] ?? ''),
    before: (found[1] ?? '').trim(),
    valueStart: found.index + found[0].length - (found[2] ?? '').length,
  };
}

/** "with the description Intro to cells" (to the end of the message or the next detail). */
export function findNewDescription(text: string): TextSlot | undefined {
  const found =
    /(?:\s*,)?\s*(?:with|and)\s+(?:the\s+|a\s+)?description\s*(?:of|:|as|is|=|saying|that says)?\s*["“]?(.+?)["”]?\s*(?=$|,\s*(?:due|worth|\d+\s*(?:points?|pts))|\s+(?:due|worth)\s)/i.exec(
      text,
    );
  if (!found?.[1]) return undefined;
  return { start: found.index, end: found.index + found[0].length, value: found[1].trim() };
}
