// Criteria without points: when a rubric gives none, its own structure (or else the assignment
// description's) says what the work consists of. Headings win when there are at least two that
// name parts of the work; otherwise the longest list does.
import { cleanName, leadingBold, plainText, rubricLines, type RubricLine } from './rubric-markdown';

export interface StructureCriterion {
  name: string;
  description: string;
}

const MAX_CRITERIA = 10;
const MAX_NAME_WORDS = 8;
// Headings that frame an assignment rather than name a part of the work.
const FRAMING_HEADING =
  /^(overview|introduction|intro|background|context|scenario|goal|goals|task|tasks|the task|notes?|format|submission|submitting|how to submit|deadline|due date|resources|references|reading|further reading|links|example|examples|expected (behaviou?r|output)|summary|description|instructions)\b/i;

export function structureCriteria(markdown: string): StructureCriterion[] {
  const lines = rubricLines(markdown);
  const headings = headingCriteria(lines);
  if (headings.length >= 2) return headings.slice(0, MAX_CRITERIA);
  const list = longestList(lines);
  return list.length >= 2 ? list.slice(0, MAX_CRITERIA) : [];
}

function headingCriteria(lines: RubricLine[]): StructureCriterion[] {
  const levels = lines.flatMap((line) => (line.kind === 'heading' ? [line.level] : []));
  if (levels.length === 0) return [];
  // The level used most is where the parts are (a single "# Title" above them is not a part).
  const level = mostCommon(levels);
  const criteria: StructureCriterion[] = [];
  let current: StructureCriterion | null = null;
  for (const line of lines) {
    if (line.kind === 'heading' && line.level <= level) {
      const name = cleanName(plainText(line.text));
      current =
        line.level === level && name && /[a-z]/i.test(name) && !FRAMING_HEADING.test(name)
          ? { name, description: '' }
          : null;
      if (current) criteria.push(current);
    } else if (current) {
      const text = line.kind === 'table' ? line.rows.map((r) => r.join(' ')).join('\n') : line.text;
      current.description = [current.description, plainText(text)].filter(Boolean).join('\n');
    }
  }
  return criteria;
}

function longestList(lines: RubricLine[]): StructureCriterion[] {
  const lists: StructureCriterion[][] = [];
  let list: StructureCriterion[] | null = null;
  let itemIndent = 0;
  for (const line of lines) {
    if (line.kind === 'item' && (!list || line.indent <= itemIndent)) {
      if (!list) lists.push((list = []));
      itemIndent = line.indent;
      const text = plainText(line.text);
      if (/[a-z]/i.test(text)) list.push({ name: itemName(line.text), description: text });
    } else if (list && (line.kind === 'item' || (line.kind === 'text' && line.indent > 0))) {
      const last = list[list.length - 1];
      if (last) last.description = `${last.description}\n${plainText(line.text)}`;
    } else {
      list = null;
    }
  }
  return lists.reduce<StructureCriterion[]>((best, l) => (l.length > best.length ? l : best), []);
}

/** "**Risks**: what can go wrong" -> "Risks"; "Write a short analysis: inputs" -> "Write a short analysis". */
function itemName(markdown: string): string {
  const bold = leadingBold(markdown)?.name;
  const text = plainText(markdown);
  const lead = bold || (/^(.{3,80}?)(?::\s|\s[–—-]\s)/.exec(text)?.[1] ?? text);
  const words = cleanName(plainText(lead)).split(' ');
  const name = words
    .slice(0, MAX_NAME_WORDS)
    .join(' ')
    .replace(/[.;,]+$/, '');
  const short = words.length > MAX_NAME_WORDS ? `${name}…` : name;
  return short.charAt(0).toUpperCase() + short.slice(1);
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}
