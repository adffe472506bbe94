// Which criterion a piece of the work speaks to: the criterion's own words and near-synonyms in
// it, the heading it sits under, and the move the criterion asks for (code for an
// implementation, an opposing view for a rebuttal, quotations for textual evidence).
import { OVERALL_CRITERION, type RubricCriterion } from '@domain/rubric';
import { contentLemmas } from './assignment-profile';
import { isFigure, sameWord } from './language';
import type { TextUnit } from './text-units';
import { movesOf, movesWanted, type Move } from './work-moves';
import type { WordMatcher } from './word-match';
import { specificity } from './word-specificity';

export interface CriterionProfile {
  criterion: RubricCriterion;
  /** Lemma -> weight: the name's words weigh double, common words little. */
  terms: Map<string, number>;
  wants: Set<Move>;
  /** The criterion asks for something to be worked out: "calculated", "with the working shown". */
  asksForWorking: boolean;
}

const NAME_WEIGHT = 2;
/**
 * A criterion whose description spells out what it asks (this many terms: "heart rate and stroke
 * volume increase, so cardiac output rises…") is met by that, not by its name: "My heart was
 * pounding" names "Heart" and says none of it. Its name's words then weigh no more than the
 * description's (decision 057).
 */
const SPELLED_OUT = 8;
const SPELLED_OUT_NAME_WEIGHT = 0.5;
/** Common words still count a little toward a criterion. */
const SPECIFICITY_FLOOR = 0.3;
/** The assignment's subject, named by a criterion, says little about which criterion. */
const TITLE_SHARE = 0.3;
const HEADING_WEIGHT = 2;
/** A passage that makes the move a criterion asks for (code, an opposing view…) speaks to it. */
const MOVE_HITS = 1.5;
/**
 * "The power calculated", "showing your working", "working set out step by step": a result to work
 * out. Not "a calculated risk", "explain how it is calculated" or "a well worked out judgement"
 * (the review of decision 068); a criterion named for what a calculating part of the description
 * asks is one too (isCalculationPart, below).
 */
const ASKS_FOR_WORKING =
  /\bcalculat\w*\b(?!\s+(?:risks?|judge?ments?|decisions?|gambles?|moves?|guess(?:es)?|attempts?))|\b(?:show\w*|set\s+out|lay\s+out)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|your\s+)?working\b|\bworking\s+(?:is\s+|was\s+)?(?:shown|set\s+out|laid\s+out)/i;
const EXPLAINS_HOW =
  /\bhow\s+(?:[\w-]+\s+){0,4}(?:is|are|was|were)\s+calculated|\bhow\s+to\s+calculate/i;

/**
 * The criteria's profiles, built together: a word several criteria share (or the assignment's
 * title, which every criterion is about) tells little about which criterion a sentence serves.
 */
export function criterionProfiles(
  criteria: RubricCriterion[],
  titleLemmas: ReadonlySet<string>,
  calculationParts: readonly Set<string>[] = [],
): CriterionProfile[] {
  const own = criteria.map((criterion) => {
    const terms = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const lemma of contentLemmas(text)) {
        if (isFigure(lemma)) continue;
        const w = weight * (SPECIFICITY_FLOOR + (1 - SPECIFICITY_FLOOR) * specificity(lemma));
        terms.set(lemma, Math.max(terms.get(lemma) ?? 0, w));
      }
    };
    const described = new Set(contentLemmas(criterion.description)).size >= SPELLED_OUT;
    if (criterion.name !== OVERALL_CRITERION) {
      add(criterion.name, described ? SPELLED_OUT_NAME_WEIGHT : NAME_WEIGHT);
    }
    add(criterion.description, 1);
    return terms;
  });
  const alone = criteria.length === 1;
  return criteria.map((criterion, i) => {
    const terms = new Map<string, number>();
    for (const [lemma, weight] of own[i]!) {
      const sharing = own.filter((other) => other.has(lemma)).length;
      const title = !alone && titleLemmas.has(lemma) ? TITLE_SHARE : 1;
      terms.set(lemma, (weight * title) / sharing);
    }
    const text = `${criterion.name} ${criterion.description}`;
    return {
      criterion,
      terms,
      wants: movesWanted(text),
      asksForWorking:
        asksForWorking(text) || isCalculationPart(new Set(contentLemmas(text)), calculationParts),
    };
  });
}

/**
 * How strongly units speak to each criterion: a weighted count of the criterion's words (and
 * near-synonyms) in the unit and in its heading, plus the kind of work the criterion asks for.
 * Each distinct word of the submission is matched against the criteria's words once.
 */
export class RelevanceScorer {
  private readonly terms: string[][];
  private readonly weights: Float64Array[];
  private readonly rows = new Map<string, Float64Array[]>();
  private readonly best: Float64Array[];

  constructor(
    private readonly profiles: { terms: Map<string, number>; wants?: Set<Move> }[],
    private readonly matcher: WordMatcher,
  ) {
    this.terms = profiles.map((p) => [...p.terms.keys()]);
    this.weights = profiles.map((p) => Float64Array.from(p.terms.values()));
    this.best = this.terms.map((terms) => new Float64Array(terms.length));
  }

  /** Per profile, in order. */
  hits(unit: TextUnit, headingLemmas: string[]): number[] {
    const moves = movesOf(unit);
    return this.profiles.map((profile, c) => {
      let hits = this.weighted(c, unit.content) + HEADING_WEIGHT * this.weighted(c, headingLemmas);
      if (profile.wants && moves.some((m) => profile.wants!.has(m))) hits += MOVE_HITS;
      return hits;
    });
  }

  private weighted(c: number, lemmas: string[]): number {
    const size = this.terms[c]!.length;
    if (size === 0 || lemmas.length === 0) return 0;
    const best = this.best[c]!.fill(0);
    for (const lemma of lemmas) {
      const row = this.row(lemma)[c]!;
      for (let j = 0; j < size; j++) if (row[j]! > best[j]!) best[j] = row[j]!;
    }
    const weights = this.weights[c]!;
    let sum = 0;
    for (let j = 0; j < size; j++) sum += weights[j]! * best[j]!;
    return sum;
  }

  private row(lemma: string): Float64Array[] {
    let row = this.rows.get(lemma);
    if (!row) {
      row = this.terms.map((terms) => nearestOnly(terms, lemma, this.matcher));
      this.rows.set(lemma, row);
    }
    return row;
  }
}

/**
 * How `lemma` matches each of a criterion's terms: fully where it is the term; otherwise, through
 * the word vectors, only the term it is nearest to. Embeddings put words that merely occur
 * together close ("kitchen" and "room", "plastic" and "skin"): one word of the work standing in
 * for five words of the criterion at once is that noise, whereas a paraphrase puts one word for
 * one. A word that is one of the terms stands for that one only.
 */
function nearestOnly(terms: string[], lemma: string, matcher: WordMatcher): Float64Array {
  const row = new Float64Array(terms.length);
  const exact = terms.map((term) => sameWord(term, lemma));
  if (exact.some(Boolean)) {
    exact.forEach((same, j) => (row[j] = same ? 1 : 0));
    return row;
  }
  let nearest = -1;
  let best = 0;
  terms.forEach((term, j) => {
    const soft = matcher.soft(term, lemma);
    if (soft > best) [nearest, best] = [j, soft];
  });
  if (nearest >= 0) row[nearest] = best;
  return row;
}

/** The criterion asks for a result worked out, not for an account of how one is. */
export function asksForWorking(text: string): boolean {
  return ASKS_FOR_WORKING.test(text.replace(EXPLAINS_HOW, ' '));
}

/** Words of a calculating part a criterion must share to be named for it, and the share of them. */
const PART_WORDS_SHARED = 3;
const PART_SHARE = 0.4;

/**
 * A criterion named for a part of the description that asks for a result: "Mass of water lost"
 * for "1. Calculate the mass of water lost.", "Choosing a standard value: an E12 value chosen…
 * with the current it gives" for "2. Choose a resistor from the E12 list and work out the current
 * it actually gives."
 */
function isCalculationPart(own: Set<string>, calculationParts: readonly Set<string>[]): boolean {
  return calculationParts.some((part) => {
    if (part.size === 0) return false;
    const shared = [...part].filter((lemma) => own.has(lemma)).length;
    return shared >= Math.min(PART_WORDS_SHARED, part.size) && shared >= PART_SHARE * part.size;
  });
}
