// What the teacher should know about how the work was read: lists of words instead of
// sentences, repeated sentences, the rubric restated as claims, a doubtful topic. Reported in the
// warnings (teacher-only), never in what the student reads.
import type { Reading } from './reading';

export interface WorkSignals {
  /** Share of the text's words in lines that are not sentences (keyword lists, word salad). */
  wordLists: number;
  /** Share of sentences that repeat another. */
  repeated: number;
  /** Share of sentences that restate the rubric or the assignment. */
  restated: number;
}

const LIST_FORM = 0.3;
const ECHO = 0.5;
/** From these shares a signal is worth the teacher's attention. */
export const NOTABLE = { wordLists: 0.3, repeated: 0.15, restated: 0.3 } as const;

export function workSignals(reading: Reading): WorkSignals {
  const prose = reading.units.filter((u) => u.kind === 'prose');
  const words = (u: (typeof prose)[number]) => u.tokens.filter((t) => t.kind === 'word').length;
  const total = prose.reduce((acc, u) => acc + words(u), 0) || 1;
  const listed = prose.filter((u) => u.form < LIST_FORM).reduce((acc, u) => acc + words(u), 0);
  const sentences = prose.filter((u) => u.form >= LIST_FORM);
  const count = sentences.length || 1;
  return {
    wordLists: listed / total,
    repeated: sentences.filter((u) => u.uniqueness < 1).length / count,
    restated: sentences.filter((u) => u.echo >= ECHO).length / count,
  };
}

export function isGaming(signals: WorkSignals): boolean {
  return (
    signals.wordLists >= NOTABLE.wordLists ||
    signals.repeated >= NOTABLE.repeated ||
    signals.restated >= NOTABLE.restated
  );
}

/**
 * A figure as a teacher writes it: "232,000", not the "232000" it is compared as (language.ts).
 * Four digits stay as they are: "1789" is a year.
 */
function asWritten(term: string): string {
  return /^\d{5,}(?:\.\d+)?$/.test(term) ? Number(term).toLocaleString('en-US') : term;
}

/** Teacher-only notes on the reading, in plain words. */
export function signalWarnings(reading: Reading, signals: WorkSignals): string[] {
  const warnings: string[] = [];
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  const { otherPeriod } = reading.topic;
  if (otherPeriod.length) {
    const span = `${otherPeriod[0]}${otherPeriod.length > 1 ? ` to ${otherPeriod.at(-1)}` : ''}`;
    warnings.push(
      `The submission may not answer this assignment: its own dates (${span}) are from another period than the assignment's, so its points were reduced.`,
    );
  } else if (reading.topic.factor < 1) {
    const missing = reading.topic.missing.slice(0, 4).map(asWritten).join(', ');
    warnings.push(
      `The submission may not answer this assignment: it says little about its subject${missing ? ` (never mentions ${missing})` : ''}, so its points were reduced.`,
    );
  }
  if (signals.wordLists >= NOTABLE.wordLists) {
    warnings.push(
      `${percent(signals.wordLists)} of the text is lists of words rather than sentences; lists earn nothing.`,
    );
  }
  if (signals.repeated >= NOTABLE.repeated) {
    warnings.push(
      `${percent(signals.repeated)} of the sentences repeat earlier ones; repetition earns nothing and lowers the whole text's credit.`,
    );
  }
  const slips = reading.units.flatMap((u) => u.slips.map((s) => `${s.text} (it is ${s.value})`));
  if (slips.length) {
    warnings.push(
      `${slips.length === 1 ? 'A calculation' : `${slips.length} calculations`} in the working ${slips.length === 1 ? 'does' : 'do'} not hold: ${slips.slice(0, 3).join('; ')}. The step earns nothing and the criteria it serves lose credit.`,
    );
  }
  const defects = reading.units.flatMap((u) => u.defects.map((d) => `"${d.line}": ${d.why}`));
  if (defects.length) {
    warnings.push(
      `Reading the code shows it cannot work as written (${defects.slice(0, 2).join('; ')}); the criteria it serves lose half their credit.`,
    );
  }
  if (signals.restated >= NOTABLE.restated) {
    warnings.push(
      `${percent(signals.restated)} of the sentences restate the rubric or the assignment as claims about the work; claims earn nothing without the work itself.`,
    );
  }
  return warnings;
}
