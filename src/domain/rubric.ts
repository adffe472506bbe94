// Markdown rubric -> criteria with points (DESIGN §9). Teachers write rubrics as headings, lists
// or tables with the points somewhere in the line; the grader needs a list of criteria whose
// points add up to the assignment's total. Pure: the browser and the server share it.
import {
  cleanName,
  isTotalLine,
  plainText,
  pointsInCell,
  pointsInLine,
  rubricLines,
  type RubricLine,
} from './rubric-markdown';
import { structureCriteria } from './rubric-structure';

export interface RubricCriterion {
  name: string;
  maxPoints: number;
  /** The text under or next to the criterion in the rubric. */
  description: string;
}

export interface ParsedRubric {
  criteria: RubricCriterion[];
  /** How points were found. */
  source: 'rubric' | 'description' | 'overall';
  /** True when the rubric's own points did not add up to the total and were scaled. */
  scaled: boolean;
}

export const OVERALL_CRITERION = 'Overall submission';
const STEP = 0.5;

export function parseRubric(
  rubricMarkdown: string | null,
  totalPoints: number,
  descriptionMarkdown?: string | null,
): ParsedRubric {
  const total = Number.isFinite(totalPoints) && totalPoints > 0 ? totalPoints : 0;
  const rubric = rubricMarkdown?.trim() ?? '';
  const withPoints = rubric ? criteriaWithPoints(rubricLines(rubric)) : [];
  if (withPoints.length > 0) {
    const sum = withPoints.reduce((acc, c) => acc + c.points, 0);
    const offGrid = withPoints.some((c) => !Number.isInteger(c.points / STEP));
    const scaled = offGrid || Math.abs(sum - total) > 1e-9;
    const points = scaled
      ? distribute(
          withPoints.map((c) => c.points),
          total,
        )
      : null;
    const criteria = withPoints.map((c, index) => ({
      name: c.name,
      maxPoints: points ? points[index]! : c.points,
      description: c.description,
    }));
    return { criteria: uniqueNames(criteria), source: 'rubric', scaled };
  }
  const fromRubric = rubric ? structureCriteria(rubric) : [];
  const fromDescription = fromRubric.length ? [] : structureCriteria(descriptionMarkdown ?? '');
  const structure = fromRubric.length ? fromRubric : fromDescription;
  if (structure.length > 0) {
    const points = distribute(
      structure.map(() => 1),
      total,
    );
    const criteria = structure.map((c, index) => ({ ...c, maxPoints: points[index]! }));
    return {
      criteria: uniqueNames(criteria),
      source: fromRubric.length ? 'rubric' : 'description',
      scaled: false,
    };
  }
  const description = [rubric, descriptionMarkdown ?? '']
    .map((text) => plainText(text))
    .filter(Boolean)
    .join('\n');
  return {
    criteria: [{ name: OVERALL_CRITERION, maxPoints: total, description }],
    source: 'overall',
    scaled: false,
  };
}

/**
 * Splits `total` in proportion to `weights`, in half-point steps, the last share absorbing the
 * rounding so the shares add up exactly. Falls back to largest remainders when that would make
 * the last share negative (many tiny weights).
 */
export function distribute(weights: number[], total: number): number[] {
  const sum = weights.reduce((acc, w) => acc + w, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const exact = weights.map((w) => (w / sum) * total);
  const shares = exact.map((value) => Math.round(value / STEP) * STEP);
  const head = shares.slice(0, -1).reduce((acc, s) => acc + s, 0);
  const last = total - head;
  if (last >= 0) return [...shares.slice(0, -1), last];
  const floors = exact.map((value) => Math.floor(value / STEP) * STEP);
  let left = Math.round((total - floors.reduce((acc, f) => acc + f, 0)) / STEP);
  const order = exact
    .map((value, index) => ({ index, remainder: value - floors[index]! }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left-- <= 0) break;
    floors[index]! += STEP;
  }
  return floors;
}

interface Candidate {
  name: string;
  points: number;
  description: string;
  children: Candidate[];
}

// Nesting depth of a line: headings rank by level (1-6), list items and text lines below them
// by indentation, table rows below those. A line belongs to the nearest open line of lower rank.
const RANK = { item: 10, table: 40 } as const;
// A heading like "## Grading rubric (100 points)" is a title over the real criteria.
const TITLE_NAME = /\b(rubric|grading|marking|marks|assessment|scoring|criteria)\b/i;

function criteriaWithPoints(lines: RubricLine[]): Candidate[] {
  const roots: Candidate[] = [];
  // Open headings and list items, innermost last; a criterion owns what is nested under it.
  const stack: { rank: number; candidate: Candidate | null }[] = [];
  const owner = () => [...stack].reverse().find((entry) => entry.candidate)?.candidate ?? null;
  const close = (rank: number) => {
    while (stack.length && stack[stack.length - 1]!.rank >= rank) stack.pop();
  };
  const open = (rank: number, found: Omit<Candidate, 'children'> | null, text: string) => {
    close(rank);
    const parent = owner();
    if (found && isTotalLine(found.name)) return;
    if (!found) {
      if (parent) addDescription(parent, text);
      stack.push({ rank, candidate: null });
      return;
    }
    const candidate = { ...found, children: [] };
    (parent ? parent.children : roots).push(candidate);
    stack.push({ rank, candidate });
  };

  for (const line of lines) {
    if (line.kind === 'table') {
      for (const row of tableCriteria(line.rows)) open(RANK.table, row, '');
      close(RANK.table);
      continue;
    }
    const found = pointsInLine(line.text);
    const criterion = found?.name
      ? { name: found.name, points: found.points, description: found.rest }
      : null;
    const rank = line.kind === 'heading' ? line.level : RANK.item + line.indent;
    if (line.kind !== 'text') open(rank, criterion, plainText(line.text));
    else if (criterion) open(rank, criterion, '');
    else {
      const parent = owner();
      if (parent) addDescription(parent, plainText(line.text));
    }
  }
  return flatten(roots);
}

function flatten(candidates: Candidate[]): Candidate[] {
  return candidates.flatMap((candidate) => {
    const splits =
      candidate.children.length >= 2 &&
      (candidates.length === 1 || TITLE_NAME.test(candidate.name));
    if (splits) return flatten(candidate.children);
    for (const child of candidate.children) {
      addDescription(candidate, `${child.name} (${child.points} points)`);
      if (child.description) addDescription(candidate, child.description);
    }
    return candidate.points > 0 ? [{ ...candidate, children: [] }] : [];
  });
}

function addDescription(candidate: Candidate, text: string) {
  if (!text) return;
  candidate.description = candidate.description ? `${candidate.description}\n${text}` : text;
}

const POINTS_HEADER =
  /^(points?|pts\.?|score|marks?|max(imum)?( points| score)?|weight(ing)?|value)$/i;
const NAME_HEADER =
  /criteri|name|component|item|category|section|aspect|area|element|dimension|skill|part|requirement|task|topic/i;

/** Rows of a table with a Points/Pts/Score/Marks column, in any column order. */
function tableCriteria(rows: string[][]): Omit<Candidate, 'children'>[] {
  const [header, ...body] = rows;
  if (!header) return [];
  const pointsAt = header.findIndex((cell) => POINTS_HEADER.test(cell.trim()));
  if (pointsAt < 0) return inlineTableCriteria(rows);
  let nameAt = header.findIndex((cell, i) => i !== pointsAt && NAME_HEADER.test(cell));
  if (nameAt < 0) nameAt = pointsAt === 0 ? 1 : 0;
  return body.flatMap((cells) => {
    const points = pointsInCell(cells[pointsAt] ?? '');
    const name = cleanName(cells[nameAt] ?? '');
    if (points === null || !name) return [];
    const description = cells
      .filter((cell, i) => i !== pointsAt && i !== nameAt && cell.trim())
      .join('; ');
    return [{ name, points, description }];
  });
}

/** A table without a points column may still say "Correctness (10 pts)" in its first cell. */
function inlineTableCriteria(rows: string[][]): Omit<Candidate, 'children'>[] {
  return rows.flatMap((cells) => {
    const found = pointsInLine(cells[0] ?? '');
    if (!found?.name) return [];
    const description = [found.rest, ...cells.slice(1)].filter(Boolean).join('; ');
    return [{ name: found.name, points: found.points, description }];
  });
}

function uniqueNames(criteria: RubricCriterion[]): RubricCriterion[] {
  const seen = new Map<string, number>();
  return criteria.map((criterion) => {
    const key = criterion.name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? criterion : { ...criterion, name: `${criterion.name} (${count})` };
  });
}
