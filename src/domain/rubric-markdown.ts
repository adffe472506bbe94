// Reading Markdown the way teachers write rubrics: where the points are in a line, what a line
// is (heading, list item, table, paragraph), and the text without its Markdown marks.
// Pure, so the rubric preview in the browser and the grader on the server agree.

export type RubricLine =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'item'; indent: number; text: string }
  | { kind: 'text'; indent: number; text: string }
  | { kind: 'table'; rows: string[][] };

/** Lines of Markdown, code blocks and rules dropped, consecutive table rows grouped. */
export function rubricLines(markdown: string): RubricLine[] {
  const lines: RubricLine[] = [];
  let fence: string | null = null;
  let table: string[][] | null = null;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, '  ');
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith('|') || (table && trimmed.includes('|'))) {
      if (!table) lines.push({ kind: 'table', rows: (table = []) });
      if (!/^\|?\s*:?-{2,}/.test(trimmed)) table.push(tableCells(trimmed));
      continue;
    }
    table = null;
    if (!trimmed || /^([-*_])(\s*\1){2,}$/.test(trimmed)) continue;
    const indent = line.length - line.trimStart().length;
    const heading = /^(#{1,6})\s+(.*?)(\s+#+)?$/.exec(trimmed);
    const item = /^(?:[-*+]|\d{1,3}[.)]|[a-zA-Z][.)])\s+(.*)$/.exec(trimmed);
    if (heading) lines.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    else if (item) lines.push({ kind: 'item', indent, text: item[1]!.replace(TASK_BOX, '') });
    else lines.push({ kind: 'text', indent, text: trimmed.replace(/^>\s*/, '') });
  }
  return lines;
}

/** "- [ ] **Testing**: …": a checklist's box, ticked or not, is not part of the criterion. */
const TASK_BOX = /^\[[ xX]\]\s+/;

function tableCells(row: string): string[] {
  return row
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => plainText(cell.replace(/\\\|/g, '|')));
}

/** Markdown emphasis, links, code marks and HTML removed; whitespace collapsed. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?!\w)/g, '$1$2')
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const NUMBER = String.raw`(\d{1,4}(?:\.\d+)?)`;
const RANGE = String.raw`(?:\d{1,4}(?:\.\d+)?\s*(?:-|–|to)\s*)?`;
const UNIT = String.raw`(?:points?|pts?\.?|marks?|%)`;
// Most specific first: a bracketed figure, then a figure with a unit, then "x/10".
const POINT_PATTERNS = [
  new RegExp(
    String.raw`[(\[]\s*(?:max(?:imum)?\.?:?\s*|up to\s+|worth\s+|out of\s+)?${RANGE}${NUMBER}\s*${UNIT}?\s*(?:total|each)?\s*[)\]]`,
    'i',
  ),
  new RegExp(String.raw`(?<![\w.\/])${RANGE}${NUMBER}\s*${UNIT}(?!\w)`, 'i'),
  new RegExp(String.raw`(?:^|(?<=[\s(:\[]))(?:[x_?]+\s*)?\/\s*${NUMBER}(?![\w\/])`, 'i'),
];

export interface PointsInLine {
  points: number;
  /** The criterion's name: the text before the points, or the bold name that opens it. */
  name: string;
  /** What describes it: the text after the points ("Correctness (10 pts): works on every
   * input"), after a bold name's text before them. */
  rest: string;
}

const LEADING_BOLD = /^\s*(\*\*|__)(.+?)\1/;
/** "Part A", "Question 3", "Task 2.1": a bold label that numbers a part, not a criterion's name. */
const NUMBERED_PART = /^(?:part|section|question|q|task|step|criterion)\s*[\w.]{1,4}$/i;

/**
 * The bold text a line opens with, as a name ("**Risks**: …" and "**Risks:** …" -> "Risks"), and
 * whether a colon or a dash sets it off from what follows; null when the line opens with none.
 */
export function leadingBold(markdown: string): { name: string; setOff: boolean } | null {
  const match = LEADING_BOLD.exec(markdown);
  if (!match) return null;
  const rest = markdown.slice(match[0].length);
  const setOff =
    /(?::|\s[-\u2013\u2014])\s*$/.test(match[2]!) || /^\s*(?::|[-\u2013\u2014]\s)/.test(rest);
  return { name: cleanName(plainText(match[2]!)), setOff };
}

/**
 * "**Testing**: have you tested the edge cases? (6 marks)": a bold name set off by a colon or a
 * dash names the criterion, and what follows it up to the points describes it. A bold label that
 * numbers a part ("**Part A**: Method (10 marks)") does not: the whole is the name.
 */
function boldName(line: string, before: string): string | null {
  const bold = leadingBold(line);
  if (!bold?.setOff || !bold.name || NUMBERED_PART.test(bold.name)) return null;
  return before.startsWith(bold.name) && before.length > bold.name.length ? bold.name : null;
}

/** Finds "(20 points)", "— 10 pts", ": 5 points", "[5]", "x/10" in a line. */
export function pointsInLine(line: string): PointsInLine | null {
  const text = plainText(line);
  for (const pattern of POINT_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const points = Number(match[1]);
    if (!Number.isFinite(points)) continue;
    const before = cleanName(text.slice(0, match.index));
    const after = cleanName(text.slice(match.index + match[0].length));
    const bold = boldName(line, before);
    if (bold) {
      const described = cleanName(before.slice(bold.length));
      return { points, name: bold, rest: [described, after].filter(Boolean).join(' ') };
    }
    if (before) return { points, name: before, rest: after };
    // "- 10 pts: Correctness — works": the name follows the points.
    const [name = '', ...rest] = after.split(/\s*(?::|\s[-–—]\s)\s*/);
    return { points, name: cleanName(name), rest: rest.join(': ') };
  }
  return null;
}

/** The leading number of a table cell such as "10", "10 pts", "0-10" or "x/10". */
export function pointsInCell(cell: string): number | null {
  const match =
    /^(?:[x_?]*\s*\/\s*)?(?:\d{1,4}(?:\.\d+)?\s*(?:-|–|to)\s*)?(\d{1,4}(?:\.\d+)?)/i.exec(
      cell.trim(),
    );
  return match ? Number(match[1]) : null;
}

/** Trims separators, enumerations and empty brackets left around a criterion name. */
export function cleanName(text: string): string {
  return text
    .replace(/[([]\s*[)\]]/g, ' ')
    .replace(/^\s*(?:\d{1,3}[.)]|[a-z][.)]|[ivx]{1,4}[.)])\s+/i, '')
    .replace(/^[\s:;,.|–—-]+|[\s:;,|–—-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isTotalLine(name: string): boolean {
  return /^(grand\s+|sub-?)?total\b/i.test(name) || /^(total|sum)$/i.test(name);
}
