// One reading of a submission against an assignment: every unit of the text with what it is
// worth (well-formed, new, not the rubric said back, developed) and which criteria it speaks to.
// The criteria's points, the topic check and the feedback are all drawn from this.
import type { ParsedRubric } from '@domain/rubric';
import type { GradingInput } from '../grading-engine';
import { assignmentProfile, contentLemmas, type AssignmentProfile } from './assignment-profile';
import { criterionProfiles, RelevanceScorer, type CriterionProfile } from './criterion-relevance';
import { CALIBRATION as C } from './calibration';
import { curve } from './criterion-assessment';
import { substanceOf } from './development';
import { repeatedShare, uniqueness } from './repetition';
import { echoOf } from './rubric-echo';
import { textUnits, type TextUnit } from './text-units';
import { assessTopic, type TopicAssessment } from './topic';
import { WordMatcher } from './word-match';
import { movesOf, type Move } from './work-moves';
import {
  falseCalculations,
  givenFiguresUsed,
  showsWorking,
  type FalseCalculation,
} from './working-check';
import { isAboutAFigure } from './figure-labels';
import { codeDefects, type CodeDefect } from './code-check';
import { isFigure } from './language';

export interface ReadUnit extends TextUnit {
  /** 1 new, 0 a repeat. */
  uniqueness: number;
  /** 0 own work, 1 the rubric said back. */
  echo: number;
  substance: number;
  /** form x uniqueness x (1 - echo) x substance. */
  value: number;
  /** Per criterion, in rubric order: 0 to 1, how much the unit speaks to it. */
  relevance: number[];
  /** The same from the criterion's own words and moves alone, not from being on topic. */
  specific: number[];
  /** 0 to 1: how much the unit is about the assignment at all. */
  aboutness: number;
  /** What the unit does: a stance, an opposing view, a check… */
  moves: Move[];
  /** Stated results its own working contradicts ("66 / 30 = 2.3"): the step earns nothing. */
  slips: FalseCalculation[];
  /** What reading the code proves wrong at this line ("lo = mid" can stall the loop). */
  defects: CodeDefect[];
}

export interface Reading {
  units: ReadUnit[];
  profile: AssignmentProfile;
  criteria: CriterionProfile[];
  topic: TopicAssessment;
  /** Words in the text the grader reads (instructions to the grader left out). */
  words: number;
  /** The length the assignment asks for, if it says. */
  askedWords: number | null;
  /** That length, or a default. */
  expectedWords: number;
  /** 1, or less for a text made of repeated sentences: padding discredits the whole text. */
  repetition: number;
  /** 0 to 1: the work as a whole against what the assignment expects. */
  quality: number;
  /** Lines or sentences of the work that work something out ("7 / 0.02 = 350 ohms"). */
  linesOfWorking: number;
  /** How many of the figures the description gives those lines use (12 and 300 of "12 V, 300 s"). */
  givenFiguresUsed: number;
}

const MIN_EXPECTED_WORDS = 50;
// A problem to work out: steps are asked for, not prose.
const WORKED_PROBLEM = /\b(show\s+(?:all\s+)?(?:your\s+)?working|calculate|solve|equations?)\b/i;
// …and a mathematical proof, which is rarely 350 words. "Use sources to prove your argument" or
// "the burden of proof" is not one.
const PROOF = /\bprove\s+that\b|\bproof\s+(?:of|that)\b/i;
// Geometry is told by its figures (figure-labels.ts); the rest of mathematics by these.
const MATHEMATICS =
  /\b(?:theorem|lemma|integers?|primes?|numbers?|sums?|divisible|equations?|algebra|induction|squares?|fractions?)\b/i;

export function readSubmission(
  text: string,
  assignment: GradingInput['assignment'],
  rubric: ParsedRubric,
): Reading {
  const profile = assignmentProfile(assignment, rubric);
  const matcher = new WordMatcher();
  const units = textUnits(text);
  const unique = uniqueness(units);
  const seen = new Map<string, number>();
  const criteria = criterionProfiles(rubric.criteria, profile.title, profile.calculationParts);
  const headings = new Map<string, string[]>();
  const parts = questionParts(assignment.description ?? '');
  const scorer = new RelevanceScorer(criteria, matcher);
  const subject = new RelevanceScorer(
    [{ terms: new Map([...profile.subject.title, ...profile.subject.description]) }],
    matcher,
  );
  const read: ReadUnit[] = units.map((unit, i) => {
    const echo = echoOf(unit, profile);
    const substance = substanceOf(unit, profile, seen);
    const slips = unit.kind === 'prose' || unit.kind === 'data' ? falseCalculations(unit.text) : [];
    const value = slips.length ? 0 : unit.form * unique[i]! * (1 - echo) * substance;
    // "b) 12 + 0.08x = 30" answers part (b) of the question: read it with that part's words.
    const part = questionPart(unit.text) ?? questionPart(unit.heading ?? '');
    const heading = `${unit.heading ?? ''}\n${(part && parts.get(part)) || ''}`;
    if (!headings.has(heading)) headings.set(heading, heading.trim() ? contentLemmas(heading) : []);
    const hits = scorer.hits(unit, headings.get(heading)!);
    // A sentence can serve several criteria at once (a dated event is both a cause and evidence);
    // one that names no criterion but is about the assignment serves them all a little.
    const aboutness = Math.min(1, C.unrelated + subject.hits(unit, [])[0]! / C.fullHits);
    const general = C.general * aboutness;
    const specific = hits.map((h) => Math.min(1, h / C.fullHits));
    const relevance = specific.map((r) => Math.max(general, r));
    return {
      ...unit,
      uniqueness: unique[i]!,
      echo,
      substance,
      value,
      relevance,
      specific,
      aboutness,
      moves: movesOf(unit),
      slips,
      defects: [],
    };
  });
  for (const defect of codeDefectsOf(read)) defect.unit.defects.push(defect.defect);
  const topic = assessTopic(read, profile, matcher);
  const words = read.reduce((acc, u) => acc + u.tokens.filter((t) => t.kind === 'word').length, 0);
  const repeated = repeatedShare(units, unique);
  const repetition = Math.max(
    0,
    1 - C.repetitionPenalty * Math.max(0, repeated - C.repetitionAllowed),
  );
  const asked = askedWords(assignment);
  const expected = asked ?? (isWorkedProblem(assignment) ? C.workingWords : C.defaultWords);
  // The work as a whole counts each sentence as much as it serves its best criterion, as the
  // criteria themselves do: on the subject but serving none of them ("You might catch a cold
  // from your brother", "Footballers train nearly every day") it counts for half (decision 057).
  const mass = read.reduce(
    (acc, u) => acc + u.value * Math.min(u.aboutness, Math.max(0, ...u.relevance)),
    0,
  );
  const quality = curve(mass / (C.massPerWord * expected));
  const working = read.filter((unit) => isWorking(unit, profile));
  return {
    units: read,
    profile,
    criteria,
    topic,
    words,
    askedWords: asked,
    expectedWords: expected,
    repetition,
    quality,
    linesOfWorking: working.length,
    givenFiguresUsed: givenFiguresUsed(
      profile.givenFigures,
      working.flatMap((unit) => unit.content.filter(isFigure)),
    ),
  };
}

/** The defects of each piece of code: a run of lines of code (or of working inside code). */
function codeDefectsOf(units: ReadUnit[]): { unit: ReadUnit; defect: CodeDefect }[] {
  const found: { unit: ReadUnit; defect: CodeDefect }[] = [];
  let run: ReadUnit[] = [];
  const flush = () => {
    if (run.some((u) => u.kind === 'code')) {
      for (const defect of codeDefects(run.map((u) => u.text))) {
        const unit = run.find((u) => u.text.trim() === defect.line);
        if (unit) found.push({ unit, defect });
      }
    }
    run = [];
  };
  // A line of code the reader took for prose ("out.append(x)") does not end the code.
  const codeLike = (u: ReadUnit) =>
    u.kind === 'code' ||
    u.kind === 'data' ||
    (u.kind === 'prose' && /[()[\]{};=]/.test(u.text) && u.text.split(' ').length < 12);
  for (const unit of units) {
    if (codeLike(unit)) run.push(unit);
    else flush();
  }
  flush();
  return found;
}

const PART_LABEL = /^\s*(?:part\s+)?\(?([a-h]|[ivx]{1,4})[).:]\s+/i;

/** The labelled parts of a question: "(a) Write an equation…" -> a -> "Write an equation…". */
function questionParts(description: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const line of description.split('\n')) {
    const label = questionPart(line);
    if (label && !parts.has(label)) parts.set(label, line.replace(PART_LABEL, ''));
  }
  return parts;
}

function questionPart(text: string): string | null {
  return PART_LABEL.exec(text)?.[1]?.toLowerCase() ?? null;
}

function isWorkedProblem(assignment: GradingInput['assignment']): boolean {
  const description = assignment.description ?? '';
  if (WORKED_PROBLEM.test(description)) return true;
  const asked = `${assignment.title}\n${description}`;
  return PROOF.test(description) && (isAboutAFigure(asked) || MATHEMATICS.test(asked));
}

/** The lower end of "400 to 800 words", or "about 500 words", in the description. */
function askedWords(assignment: GradingInput['assignment']): number | null {
  const text = assignment.description ?? '';
  const range = /\b(\d[\d,]*)\s*(?:to|-|\u2013|and)\s*\d[\d,]*\s+words\b/i.exec(text);
  const single = /\b(\d[\d,]*)\s+words\b/i.exec(text);
  const words = Number((range?.[1] ?? single?.[1] ?? '').replace(/,/g, ''));
  return words >= MIN_EXPECTED_WORDS ? words : null;
}

/**
 * A line that works something out, or working in its own form: a program's line, a table's row
 * with a figure the assignment did not give (a reading, a result). A row of the assignment's own
 * figures ("supply voltage 9 V - forward voltage 2.0 V") works nothing out.
 */
function isWorking(unit: TextUnit, profile: AssignmentProfile): boolean {
  if (unit.kind === 'code') return true;
  if (unit.kind === 'heading') return false;
  if (showsWorking(unit.text)) return true;
  return (
    unit.kind === 'data' &&
    unit.content.some((lemma) => isFigure(lemma) && !profile.vocabulary.has(lemma))
  );
}
