// Off-topic detection against the assignment's title and description: how much of what the
// assignment names (the title's words most, then the description's; numbers such as "1789" or
// "9:30" too) the submission uses, exactly or by a close synonym. A good essay on the wrong
// question shares the discipline's words, but not the assignment's subject. A rubric that spells
// out the subject is evidence too, and work dated to another period is off topic (037); so are the
// terms the assignment keeps coming back to (058).
import { datedYears, type AssignmentProfile } from './assignment-profile';
import type { TextUnit } from './text-units';
import type { WordMatcher } from './word-match';

/** At or below this share of the assignment's subject, the work is off-topic. */
export const OFF_TOPIC = 0.35;
/** From this share the work is on topic. */
export const ON_TOPIC = 0.5;
/** The title names the subject; the description fills it in. */
const TITLE_SHARE = 0.6;
/**
 * A description with this many terms names the subject by itself (a word problem's people,
 * places and numbers): work that covers it is on topic even in words other than the title's
 * (a solution about Ana and Ben riding 60 km never needs the word "cyclists"). Without the
 * title's words the evidence is thinner, so it must cover this much more of the description.
 */
const SELF_SUFFICIENT_DESCRIPTION = 8;
const DESCRIPTION_ALONE_MARGIN = 0.1;
/**
 * A rubric with this many terms spells out what the work must be about ("oxygen bubbles",
 * "carbon dioxide as the limiting factor"): work that covers as much of it as the topic needs is
 * on topic even in words other than the title's and the description's. An excellent answer in the
 * student's own words ("the green pigment", "a sprig of Elodea", "brighter") otherwise lost every
 * point for never writing "photosynthesis" or "intensity" (decision 037's probe). An
 * answer to another question shares the discipline's words but covers little of a rubric's: the
 * corpus's off-topic cases cover at most 0.28 of theirs.
 */
const SELF_SUFFICIENT_RUBRIC = 8;

/**
 * With this many terms the assignment comes back to, they say by themselves what the work must be
 * about: work that names them is on topic whatever words it uses for the title's (058).
 */
const SELF_SUFFICIENT_CORE = 4;

export interface TopicAssessment {
  /** 0 to 1: the weighted share of the assignment's subject the submission names. */
  share: number;
  /** 0 (off-topic) to 1 (on topic): what every criterion's points are scaled by. */
  factor: number;
  /** The subject's words the submission never uses, most important first. */
  missing: string[];
  /** The work's own dates, when they place it in another period than the assignment's. */
  otherPeriod: number[];
}

export function assessTopic(
  units: TextUnit[],
  profile: AssignmentProfile,
  matcher: WordMatcher,
): TopicAssessment {
  // Code is read for what it does as well as what it is named: a loop that halves a range and
  // tests an element for equality is a search by halving, whatever its function is called.
  const words = new Set(units.flatMap((unit) => [...unit.content, ...unit.does]));
  const missing: [string, number][] = [];
  // The share of `terms` the work names; what it never names goes to `unnamed`, for the warning.
  const shareOf = (terms: Map<string, number>, unnamed?: [string, number][]) => {
    let total = 0;
    let found = 0;
    for (const [term, weight] of terms) {
      const match = words.has(term) ? 1 : matcher.strict(term, words);
      total += weight;
      found += weight * match;
      if (match === 0) unnamed?.push([term, weight * (terms === profile.subject.title ? 2 : 1)]);
    }
    return total > 0 ? found / total : null;
  };
  const title = shareOf(profile.subject.title, missing);
  const description = shareOf(withListsAsTerms(profile, words), missing);
  const combined =
    title === null
      ? (description ?? 1)
      : description === null
        ? title
        : TITLE_SHARE * title + (1 - TITLE_SHARE) * description;
  // The rubric's words count only as evidence of the topic, never among what the warning says
  // is missing: a criterion's details are the grade's business, not the topic's.
  const rubric =
    profile.subject.rubric.size >= SELF_SUFFICIENT_RUBRIC
      ? (shareOf(profile.subject.rubric) ?? 0)
      : 0;
  const core =
    profile.subject.core.size >= SELF_SUFFICIENT_CORE ? (shareOf(profile.subject.core) ?? 0) : 0;
  const share = Math.max(
    description !== null && profile.subject.description.size >= SELF_SUFFICIENT_DESCRIPTION
      ? Math.max(combined, description - DESCRIPTION_ALONE_MARGIN)
      : combined,
    rubric,
    core,
  );
  const otherPeriod = rubric > OFF_TOPIC ? [] : anotherPeriod(units, profile.years);
  const factor = otherPeriod.length
    ? 0
    : Math.min(1, Math.max(0, (share - OFF_TOPIC) / (ON_TOPIC - OFF_TOPIC)));
  return {
    share,
    factor,
    missing: missing.sort((a, b) => b[1] - a[1]).map(([term]) => term),
    otherPeriod,
  };
}

/**
 * The description's terms with each list of figures as one term, named as the first figure of it
 * the work uses (or the list's first, for the warning): picking 390 from twelve resistor values is
 * using the list.
 */
function withListsAsTerms(profile: AssignmentProfile, words: Set<string>): Map<string, number> {
  const { description, numberLists } = profile.subject;
  if (numberLists.length === 0) return description;
  const terms = new Map(description);
  for (const list of numberLists) {
    const weights = list.map((figure) => terms.get(figure) ?? 0);
    for (const figure of list) terms.delete(figure);
    const weight = Math.max(...weights);
    if (weight > 0) terms.set(list.find((figure) => words.has(figure)) ?? list[0]!, weight);
  }
  return terms;
}

/** How far a date may be from the assignment's and still be about its period. */
const SAME_PERIOD_YEARS = 10;
/**
 * Years a work must date for its own dates to say which period it is about: two could be the
 * historians it quotes ("as Clark argued in 2012 and MacMillan in 2013").
 */
const DATED_YEARS = 3;

/**
 * The work's own dates, when they place it in another period: the assignment names its years
 * ("1914"), the work names years of its own, and none is near them ("1936", "1938", "1939": the
 * Second World War's causes handed in for the First's). Years in brackets are left out:
 * "(Clark, 2012)" cites a book, it does not date the subject.
 */
function anotherPeriod(units: TextUnit[], assignmentYears: number[]): number[] {
  if (assignmentYears.length === 0) return [];
  const years = new Set<number>();
  for (const unit of units) {
    const prose = unit.text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
    for (const year of datedYears(prose)) years.add(year);
  }
  if (years.size < DATED_YEARS) return [];
  const near = (year: number) =>
    assignmentYears.some((asked) => Math.abs(asked - year) <= SAME_PERIOD_YEARS);
  return [...years].some(near) ? [] : [...years].sort((a, b) => a - b);
}
