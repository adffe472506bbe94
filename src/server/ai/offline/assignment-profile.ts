// What the assignment itself says: its title, description and rubric as lemmas and runs of
// lemmas. Work is judged by what it adds to this, never by how much it sounds like it.
import { parseRubric, type ParsedRubric, type RubricCriterion } from '@domain/rubric';
import type { GradingInput } from '../grading-engine';
import { figureLabelsIn, isAboutAFigure } from './figure-labels';
import { isContent, isFigure, stemOf, tokenize } from './language';
import { isPresentationCriterion } from './presentation-criterion';
import { specificity } from './word-specificity';

export interface AssignmentProfile {
  /** Every content lemma of the title, description and rubric. */
  vocabulary: Set<string>;
  /** Runs of three content lemmas in the description or rubric ("clear arguable position"). */
  runs: Set<string>;
  /** Per rubric criterion, the words of its name and description no other criterion uses. */
  criterionWords: Set<string>[];
  /** What the assignment is about: its title's words, its description's and its rubric's. */
  subject: {
    title: Map<string, number>;
    description: Map<string, number>;
    /** The rubric's own terms: what the work has to be about to meet it. */
    rubric: Map<string, number>;
    /** The terms the assignment keeps coming back to, weighted by how often it does. */
    core: Map<string, number>;
    /**
     * Lists of figures in the description ("E12 values 100, 120, 150 … and 1000 ohms", ten house
     * prices, a table of readings): work uses the ones it needs, so each list is one term, named
     * by any of its figures.
     */
    numberLists: string[][];
  };
  /** The title's content lemmas. */
  title: Set<string>;
  /** Years the title and description name ("1789", "1914"): the period the work is about. */
  years: number[];
  /**
   * The description's parts that ask for a result worked out ("1. Calculate the mass of water
   * lost."), as their content lemmas: a criterion named for one asks for working.
   */
  calculationParts: Set<string>[];
  /** The assignment asks for results worked out: a part to calculate, or "show your working". */
  asksToCalculate: boolean;
  /**
   * The figures the description gives to work with ("12 V", "4.0 A", "300 s" -> 12, 4, 300), less
   * its parts' numbers, lengths and marks, and the figures any working may write (0, 1, 100). A
   * list of figures to choose from is one group; every other figure is a group of its own.
   */
  givenFigures: string[][];
  /**
   * For an assignment about a figure, the letters it names parts of the figure with itself
   * ("triangle ABC"); null for any other assignment.
   */
  figureLabels: Set<string> | null;
}

/** A number the assignment gives ("1789", "$0.08") names its subject more surely than a word. */
const NUMBER_WEIGHT = 2;
const TITLE_ONLY = 0.5;
// "400 to 800 words", "2 thousand words" is a length, not a subject.
const A_COUNT = String.raw`\d[\d,.]*(?:\s*(?:k|thousand))?`;
const WORD_COUNT = new RegExp(
  String.raw`\b${A_COUNT}(\s*(to|-|\u2013|and)\s*${A_COUNT})?\s+words\b`,
  'gi',
);
// "(10 points)" in a rubric is its scale, not its subject.
const POINTS = /\b\d+(?:\.\d+)?\s*(?:points?|pts?|marks?)\b/gi;
// "a real-world example", "from real life": the kind of example asked for, not its subject.
const KIND_OF_EXAMPLE = /\breal[\s-]+(?:world|life)\b/gi;
// Words that ask for work, or name the discipline ("Geography: why do cities flood?"), rather
// than name the assignment's subject.
const TASK_WORDS = new Set(
  `answer analyse analyze analysis assignment choice describe discuss essay explain explanation
  include language page report show short word write written refer judge mattered specific
  persuasive problem clear example compare test implement evaluate evaluation investigate
  investigation instead plus use support find check recommend lab
  art biology chemistry economics english geography history literature math maths mathematics
  music philosophy physics politics psychology science sociology`.split(/\s+/),
);

export function assignmentProfile(
  assignment: GradingInput['assignment'],
  rubric: ParsedRubric = parseRubric(
    assignment.rubricMarkdown,
    assignment.totalPoints,
    assignment.description,
  ),
): AssignmentProfile {
  const asked = assignment.description ?? '';
  const vocabulary = new Set<string>();
  const runs = new Set<string>();
  for (const text of [assignment.title, asked, assignment.rubricMarkdown ?? '']) {
    for (const line of text.split(/\n|(?<=[.!?:;])\s+/)) {
      const lemmas = contentLemmas(line);
      lemmas.forEach((lemma, i) => {
        vocabulary.add(lemma);
        // Stating a position in the title's words ("schools should start later") is not an echo.
        if (i > 1 && text !== assignment.title)
          runs.add(`${lemmas[i - 2]} ${lemmas[i - 1]} ${lemma}`);
      });
    }
  }
  const title = new Set(contentLemmas(assignment.title));
  const description = asked.replace(WORD_COUNT, ' ');
  const subject = {
    title: new Map<string, number>(),
    description: new Map<string, number>(),
    rubric: new Map<string, number>(),
    core: new Map<string, number>(),
    numberLists: numberLists(description),
  };
  const weigh = (lemma: string) =>
    isFigure(lemma) ? NUMBER_WEIGHT : 0.4 + 0.6 * specificity(lemma);
  const isSubject = (lemma: string) => !TASK_WORDS.has(lemma) && !/^\d$/.test(lemma);
  const described = contentLemmas(description.replace(KIND_OF_EXAMPLE, ' '));
  // A title word the description repeats is the subject; one it never uses may be a label
  // ("Programming task: …"). "Real-life uses of …" repeated as "a real-life example" is not one.
  const repeated = new Set(contentLemmas(description));
  for (const lemma of title) {
    if (!isSubject(lemma)) continue;
    const label = repeated.size > 0 && !repeated.has(lemma) ? TITLE_ONLY : 1;
    subject.title.set(lemma, label * weigh(lemma));
  }
  for (const lemma of described) {
    if (isSubject(lemma) && !title.has(lemma)) subject.description.set(lemma, weigh(lemma));
  }
  const parts = partsOfTheWork(rubric, title);
  const isTopic = (lemma: string) => isSubject(lemma) && !parts.has(stemOf(lemma));
  const rubricLemmas = rubricSubjectLemmas(assignment, rubric);
  for (const lemma of rubricLemmas) {
    if (isTopic(lemma)) subject.rubric.set(lemma, weigh(lemma));
  }
  for (const [lemma, times] of recurring([...title, ...described, ...rubricLemmas])) {
    if (isTopic(lemma)) subject.core.set(lemma, Math.min(times, MAX_RECURRENCE) * weigh(lemma));
  }
  // "1500-2000 words" is a length, not a period.
  const years = datedYears(`${assignment.title}. ${description}`);
  const whole = `${assignment.title}\n${asked}\n${assignment.rubricMarkdown ?? ''}`;
  const figureLabels = isAboutAFigure(whole) ? new Set(figureLabelsIn(whole)) : null;
  const calculationParts = asked
    .split(PARTS)
    .filter((part) => CALCULATE.test(part.replace(EXPLAIN_HOW_TO_CALCULATE, ' ')))
    .map((part) => new Set(contentLemmas(part).filter((lemma) => !ASKING.has(lemma))));
  return {
    vocabulary,
    runs,
    calculationParts,
    asksToCalculate: calculationParts.length > 0 || SHOW_WORKING.test(asked),
    givenFigures: givenFigures(description, subject.numberLists),
    criterionWords: wordsOfEachCriterion(rubric),
    subject,
    title,
    years,
    figureLabels,
  };
}

/**
 * Each criterion's own words: those of its name and description that no other criterion has. Only
 * a rubric's: the parts of a description ("Measure the mass", "Heat the sample") are steps that
 * one sentence of a method may well name together.
 */
function wordsOfEachCriterion(rubric: ParsedRubric): Set<string>[] {
  if (rubric.source !== 'rubric') return [];
  const words = rubric.criteria.map((c) => new Set(contentLemmas(`${c.name} ${c.description}`)));
  return words.map(
    (own, i) =>
      new Set([...own].filter((lemma) => words.every((o, j) => j === i || !o.has(lemma)))),
  );
}

/**
 * What the rubric says the work must be about: its words, less those only a criterion on how the
 * work is written uses ("Clarity and example: clearly organised, with a relevant real-world
 * example"), which say nothing of its subject and would count against work on the right one. A
 * rubric with no other criterion keeps all its words, and text outside the criteria is kept.
 */
function rubricSubjectLemmas(
  assignment: GradingInput['assignment'],
  rubric: ParsedRubric,
): string[] {
  const lemmasOf = (text: string) =>
    contentLemmas(text.replace(POINTS, ' ').replace(KIND_OF_EXAMPLE, ' '));
  const whole = lemmasOf(assignment.rubricMarkdown ?? '');
  if (rubric.source !== 'rubric') return whole;
  const onHowWritten = rubric.criteria.filter(isPresentationCriterion);
  const onContent = rubric.criteria.filter((c) => !isPresentationCriterion(c));
  if (onHowWritten.length === 0 || onContent.length === 0) return whole;
  const lemmasOfCriteria = (criteria: RubricCriterion[]) =>
    new Set(criteria.flatMap((c) => lemmasOf(`${c.name}. ${c.description}`)));
  const aboutContent = lemmasOfCriteria(onContent);
  const howWritten = lemmasOfCriteria(onHowWritten);
  return whole.filter((lemma) => aboutContent.has(lemma) || !howWritten.has(lemma));
}

/** A part of the description that asks for a result: "Calculate the power", "work out the mean". */
const CALCULATE = /\b(?:calculate|work\s+out)\b/i;
/** "Explain how you would calculate the resistance" asks for a method, not a result. */
const EXPLAIN_HOW_TO_CALCULATE =
  /\bhow\s+(?:to|you\s+(?:would|could|will|might)|we\s+(?:would|could))\s+(?:calculate|work\s+out)\b/gi;
/**
 * Where a description's task ends: a line, a sentence, or "and" or a comma before the next
 * instruction ("Calculate the resistance needed, choose a resistor and work out the current").
 */
const PARTS =
  /\n|(?<=[.!?;])\s+|(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:then\s+)?(?:calculate|work\s+out|choose|find|explain|say|suggest|describe|give|use|compare|evaluate|state|show|draw|plot|write)\b)/i;
/** The asking itself, which every calculating part shares. */
const ASKING = new Set(['calculate', 'work']);
const SHOW_WORKING = /\bshow(?:ing)?\s+(?:all\s+)?(?:of\s+)?(?:your\s+|the\s+)?working\b/i;

/** "1. Calculate…", "(b) Explain…": a part's number, not a figure to work with. */
const PART_NUMBER = /^\s*(?:\d+[.)]|\(?[a-h]\))\s+/gm;
/** Figures that working on any problem may write: nought, one, a percentage's hundred. */
const ANY_WORKING = new Set(['0', '1', '100']);

function givenFigures(description: string, lists: string[][]): string[][] {
  const listed = new Set(lists.flat());
  const text = description.replace(PART_NUMBER, ' ').replace(POINTS, ' ');
  const single = contentLemmas(text).filter(
    (lemma) => isFigure(lemma) && !ANY_WORKING.has(lemma) && !listed.has(lemma),
  );
  return [...lists, ...[...new Set(single)].map((figure) => [figure])];
}

/** Figures in a row, with only commas, "and", "or" or a currency sign between them. */
const LIST_OF_FIGURES = 3;
const BETWEEN_FIGURES = /^(?:,|and|or|[$\u00a3\u20ac])$/i;
/** A row of a Markdown table: "| 08:00 | 4 | 3.0 |". */
const TABLE_ROW = /^\s*\|.*\|\s*$/;

function numberLists(text: string): string[][] {
  const lists: string[][] = [];
  // A table's figures are one list, however many rows and columns: its data, read a few at a time.
  let table: string[] = [];
  const endTable = () => {
    if (table.length >= LIST_OF_FIGURES) lists.push([...new Set(table)]);
    table = [];
  };
  for (const line of text.split('\n')) {
    if (TABLE_ROW.test(line)) {
      table.push(...tokenize(line).flatMap((t) => (t.kind === 'number' ? [t.lemma] : [])));
      continue;
    }
    endTable();
    let run: string[] = [];
    const end = () => {
      if (run.length >= LIST_OF_FIGURES) lists.push(run);
      run = [];
    };
    for (const token of tokenize(line)) {
      if (token.kind === 'number') run.push(token.lemma);
      else if (!BETWEEN_FIGURES.test(token.text)) end();
    }
    end();
  }
  endTable();
  return lists;
}

/** Past this many mentions a term is no more the subject than it already is. */
const MAX_RECURRENCE = 4;

/**
 * Words that name a part every piece of work of its kind has, whatever it is about: a practical's
 * sections, an essay's moves, a history answer's kinds of thinking ("Causes identified", "Analysis
 * of significance"), a program's ("Implementation", "Testing").
 */
const PART_WORDS = `prediction hypothesis variable method methodology procedure result analysis
  evaluation conclusion introduction evidence example argument counter-argument counterargument
  rebuttal position thesis style structure organisation organization presentation explanation
  reasoning reference discussion summary data table graph diagram accuracy clarity communication
  spelling grammar definition cause consequence significance interpretation provenance context
  knowledge inference quotation comparison description implementation testing complexity
  correctness working calculation solution answer`.split(/\s+/);
let partStems: Set<string> | null = null;

/**
 * The stems of the rubric's criterion names that name a part of the work ("Prediction and
 * variables", "Method", "Evaluation"; "Counter-argument") rather than its subject: a write-up of
 * another practical has them all. A criterion named for the subject ("Evaporation", "Plate
 * boundaries") keeps its words, and so does a part the title names ("What is a variable?").
 */
function partsOfTheWork(rubric: ParsedRubric, title: Set<string>): Set<string> {
  if (rubric.source !== 'rubric') return new Set();
  partStems ??= new Set(PART_WORDS.map(stemOf));
  const titled = new Set([...title].map(stemOf));
  return new Set(
    rubric.criteria
      .flatMap((c) => contentLemmas(c.name).map(stemOf))
      .filter((stem) => partStems!.has(stem) && !titled.has(stem)),
  );
}

/**
 * The terms the title, description and rubric name more than once, by how many times: what the
 * assignment keeps coming back to is its subject ("light", "lamp", "bubble" through a practical on
 * light and photosynthesis), and work in the student's own words names those things even where it
 * never writes "photosynthesis" or "intensity". Counted by stem ("lowered" and "lowering"), kept
 * under the first form met: the topic check matches a term by its stem anyway.
 */
function recurring(lemmas: string[]): Map<string, number> {
  const byStem = new Map<string, { lemma: string; times: number }>();
  for (const lemma of lemmas) {
    // "in steps of 10 °C", "Figure 2": a number the assignment repeats is rarely what it is about.
    if (isFigure(lemma)) continue;
    const stem = stemOf(lemma);
    const seen = byStem.get(stem);
    if (seen) seen.times += 1;
    else byStem.set(stem, { lemma, times: 1 });
  }
  return new Map(
    [...byStem.values()].filter(({ times }) => times > 1).map(({ lemma, times }) => [lemma, times]),
  );
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december';
// A year written as a date ("in 1914", "September 1939", "1789-99"), not a quantity that happens
// to have four digits ("costs 1500", "1200 cars").
const DATED_YEAR = new RegExp(
  String.raw`\b(?:(?:in|of|from|since|until|till|by|during|before|after|between|around|circa|c\.|${MONTHS}|summer|spring|autumn|winter)\s+(?:the\s+year\s+)?(1\d{3}|20\d{2})\b|(1\d{3}|20\d{2})\s*[-\u2013]\s*(?:1\d{3}|20\d{2}|\d{2})\b)`,
  'gi',
);

/** The years a text dates things to. */
export function datedYears(text: string): number[] {
  return [...text.matchAll(DATED_YEAR)].map((match) => Number(match[1] ?? match[2]));
}

/** Lemmas of an assignment's text or a heading, lower-cased: Title Case is not a name. */
export function contentLemmas(text: string): string[] {
  return tokenize(text.replace(/[*_`#|]/g, ' ').toLowerCase())
    .filter(isContent)
    .map((t) => t.lemma);
}
