// Points for one criterion: how much developed, relevant work speaks to it, with diminishing
// returns (the first solid paragraph matters more than the fifth), scaled by how far the work is
// on topic. The best passage is quoted as evidence.
import { GRADE_STEP } from '@domain/limits';
import type { RubricCriterion } from '@domain/rubric';
import { CALIBRATION as C } from './calibration';
import type { Reading } from './reading';
import type { Move } from './work-moves';

export type Quality = 'Excellent' | 'Good' | 'Satisfactory' | 'Needs improvement' | 'Missing';

export interface CriterionAssessment {
  criterion: RubricCriterion;
  /** 0 to 1: how well the work meets the criterion. */
  coverage: number;
  points: number;
  quality: Quality;
  /** The passage that best shows the criterion is met, as written. */
  evidence: string | null;
  /** Passages that develop the criterion. */
  passages: number;
  /** What the passages hold: code lines, lines of working or data, reasons, quotations. */
  kinds: { code: number; data: number; reasoning: number; quotation: number };
  /** Passages about the criterion that mostly repeat the rubric's or the assignment's wording. */
  echoes: number;
  /** How the points were judged when it is not from passages (presentation criteria). */
  basis?: string;
  /** Calculations in the passages about this criterion whose stated result does not hold. */
  slips: string[];
  /** What reading its code proves wrong ("lo = mid: the range stops shrinking…"). */
  defects: string[];
  /**
   * Why a criterion that asks for a result worked out kept only a little: the work has no
   * working at all, or its working uses fewer than two of the figures the assignment gives.
   */
  unworked?: 'no working' | 'other figures';
}

/** A passage counts toward a criterion from this much of its value. */
const PASSAGE_VALUE = 0.25;
const ECHO = 0.5;
const BEST_PASSAGES = 3;
/** "Because" and "In conclusion" cost nothing to write: they earn no floor. */
const CHEAP_MOVES = new Set<Move>(['reasoning', 'structure']);
const REASONING = /\b(because|so|therefore|thus|hence|which means|since|as a result)\b/i;
const QUOTATION = /["\u201c][^"\u201d]{3,}["\u201d]/;
/** A passage speaks to a criterion's own matter from this relevance: its slips cost it. */
const SLIP_RELEVANCE = 0.5;
const GIVEN_FIGURES_TO_CHECK = 3;
const GIVEN_FIGURES_USED = 2;

export function assessCriterion(
  reading: Reading,
  index: number,
  totalPoints: number,
  quoted: ReadonlySet<string>,
): CriterionAssessment {
  const { criterion, wants, asksForWorking } = reading.criteria[index]!;
  const share = totalPoints > 0 ? criterion.maxPoints / totalPoints : 1;
  const full = C.massPerWord * reading.expectedWords * Math.min(1, Math.max(share, 0.05));
  let mass = 0;
  let specificMass = 0;
  const passages: { text: string; weight: number }[] = [];
  const candidates: { text: string; weight: number }[] = [];
  const kinds = { code: 0, data: 0, reasoning: 0, quotation: 0 };
  let echoes = 0;
  const slips: string[] = [];
  const defects: string[] = [];
  for (const unit of reading.units) {
    const part = unit.relevance[index] ?? 0;
    if (part <= 0) continue;
    if ((unit.specific[index] ?? 0) >= SLIP_RELEVANCE) {
      for (const slip of unit.slips) slips.push(`${slip.text} (it is ${slip.value})`);
      for (const defect of unit.defects) defects.push(`"${defect.line}": ${defect.why}`);
    }
    // Making the move the criterion asks for (a thesis, a check) counts even in plain words.
    const moved = unit.moves.some((m) => wants.has(m) && !CHEAP_MOVES.has(m));
    const worth = moved
      ? Math.max(unit.value, C.move * unit.form * unit.uniqueness * (1 - unit.echo))
      : unit.value;
    mass += worth * part;
    specificMass += worth * (unit.specific[index] ?? 0);
    if (unit.echo >= ECHO && unit.uniqueness > 0) echoes += part >= 0.3 ? 1 : 0;
    if (worth * part > 0) candidates.push({ text: unit.text, weight: worth * part });
    if (worth * part < PASSAGE_VALUE) continue;
    passages.push({ text: unit.text, weight: worth * part });
    if (unit.kind === 'code') kinds.code++;
    else if (unit.kind === 'data') kinds.data++;
    else {
      if (REASONING.test(unit.text)) kinds.reasoning++;
      if (QUOTATION.test(unit.text)) kinds.quotation++;
    }
  }
  const own = curve(mass / full);
  const top = candidates
    .map((c) => c.weight)
    .sort((a, b) => b - a)
    .slice(0, BEST_PASSAGES)
    .reduce((a, b) => a + b, 0);
  const best = Math.min(1, top / C.bestFull);
  const present = Math.min(1, mass / (C.present * full));
  const blended = C.own * own + C.best * best + (1 - C.own - C.best) * reading.quality * present;
  // No point without a passage of the work to show for it.
  const evidence = pickEvidence(passages.length ? passages : candidates, quoted);
  // A criterion whose own words and moves never appear is not met by being on topic: no tests,
  // no marks for testing.
  const addressed = Math.min(1, specificMass / C.addressed);
  // A wrong result costs the criteria it serves, as a teacher marks a slip down (and what is
  // built on it: the later steps usually carry the slip, and earn nothing for it).
  // Code that reading proves cannot work (a loop that may never end) does not work.
  const slipped = C.slip ** slips.length * C.defect ** Math.min(1, defects.length);
  // A result asked for in a problem to work out is not met by writing about it: with no line of
  // working anywhere in the work, a criterion that asks for one keeps only a little. Nor is it
  // met by working out another problem: working that uses fewer than two of the figures the
  // description gives (a kettle's 2000 W and 90 s for a heater's 12 V, 4.0 A and 300 s) answers
  // another one.
  const unworked = asksForWorking && reading.profile.asksToCalculate ? unworkedBy(reading) : null;
  const coverage = evidence
    ? blended *
      addressed *
      slipped *
      (unworked ? C.noWorking : 1) *
      reading.topic.factor *
      reading.repetition
    : 0;
  const points = pointsFor(coverage, criterion.maxPoints);
  return {
    criterion,
    coverage,
    points,
    quality: qualityOf(coverage, evidence !== null && points > 0),
    evidence,
    passages: passages.length,
    kinds,
    echoes,
    slips,
    defects,
    ...(unworked && points < criterion.maxPoints ? { unworked } : {}),
  };
}

/**
 * Why the work does not work out the problem given, if it does not: no line works anything out,
 * or, where the description gives three figures or more to work with, the working uses fewer than
 * two of them (one could be a coincidence: a kettle's "300 J/kg C" for a heater's "300 s").
 */
function unworkedBy(reading: Reading): CriterionAssessment['unworked'] | null {
  if (reading.linesOfWorking === 0) return 'no working';
  const checked = reading.profile.givenFigures.length >= GIVEN_FIGURES_TO_CHECK;
  return checked && reading.givenFiguresUsed < GIVEN_FIGURES_USED ? 'other figures' : null;
}

/** The weightiest passage not quoted for another criterion yet, if one is nearly as good. */
function pickEvidence(passages: { text: string; weight: number }[], quoted: ReadonlySet<string>) {
  const ranked = [...passages]
    .filter((p) => p.text.split(' ').length >= 4)
    .sort((a, b) => b.weight - a.weight);
  const top = ranked[0];
  if (!top) return null;
  const fresh = ranked.find((p) => !quoted.has(p.text) && p.weight >= 0.6 * top.weight);
  return (fresh ?? top).text;
}

/** Share of the expected work done -> coverage, as a teacher grades. */
export function curve(done: number): number {
  return done ** C.steepness / (done ** C.steepness + C.halfMarksAt ** C.steepness);
}

/** Coverage as points on the half-point grid. */
export function pointsFor(coverage: number, max: number): number {
  const points = Math.round((coverage * max) / GRADE_STEP) * GRADE_STEP;
  return Math.min(max, Math.max(0, points));
}

/** `earned`: the criterion has evidence and earns points. */
export function qualityOf(coverage: number, earned: boolean): Quality {
  if (!earned) return 'Missing';
  if (coverage >= 0.85) return 'Excellent';
  if (coverage >= 0.65) return 'Good';
  if (coverage >= 0.45) return 'Satisfactory';
  return 'Needs improvement';
}
