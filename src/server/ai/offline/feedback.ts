// Words for the student (teachers may show them): what each criterion's points rest on, with a
// quotation from the work; strengths; what to improve; and an overall summary. They speak to the
// student as "you" and hold nothing meant only for the teacher (that goes in the warnings).
import type { CriterionAssessment } from './criterion-assessment';

const MAX_ITEMS = 3;
const QUOTE_CHARS = 200;
const STRONG = 0.65;
const UNWORKED = {
  'no working': 'This asks for a result worked out: show the calculation, step by step.',
  'other figures':
    'Your working does not use the figures the assignment gives: work the result out from them.',
} as const;

export function justification(a: CriterionAssessment): string {
  if (!a.evidence || a.quality === 'Missing') {
    const asks = firstLine(a.criterion.description);
    return `Missing: your work does not address this yet.${asks ? ` The rubric asks for: ${asks}` : ''}`;
  }
  if (a.basis) {
    return `${a.quality}: judged from your text as a whole (${a.basis}) and how fully it does the assignment. Evidence: "${quote(a.evidence)}"`;
  }
  const parts = [
    `${a.quality}: ${count(a.passages, 'passage')} of your work ${a.passages === 1 ? 'develops' : 'develop'} this`,
  ];
  const kinds = kindsOf(a);
  if (kinds) parts[0] += `, with ${kinds}`;
  let text = `${parts[0]}.`;
  if (a.echoes > 0 && a.quality !== 'Excellent') {
    text += ` Some sentences describe the work in the rubric's words instead of doing it; show the steps, evidence or examples themselves.`;
  }
  if (a.slips.length) {
    text += ` Check your working: ${listOf(a.slips.slice(0, 2).map((s) => `"${s.replace(/ \(it is /, '" does not hold (it is ')}`))}.`;
  }
  if (a.defects.length) {
    text += ` Check your code: ${a.defects[0]}.`;
  }
  if (a.unworked) text += ` ${UNWORKED[a.unworked]}`;
  return `${text} Evidence: "${quote(a.evidence)}"`;
}

export function strengths(assessments: CriterionAssessment[]): string[] {
  const strong = byCoverage(assessments, 'desc').filter((a) => a.evidence && a.coverage >= STRONG);
  return strong.slice(0, MAX_ITEMS).map((a) => {
    const kinds = kindsOf(a);
    return `${a.criterion.name}: you develop this well${kinds ? `, with ${kinds}` : ''}.`;
  });
}

export function areasForImprovement(assessments: CriterionAssessment[]): string[] {
  return byCoverage(assessments, 'asc')
    .filter((a) => a.quality !== 'Excellent')
    .slice(0, MAX_ITEMS)
    .map((a) => `${a.criterion.name}: ${advice(a)}`);
}

export function missingElements(assessments: CriterionAssessment[]): string[] {
  return assessments
    .filter((a) => a.quality === 'Missing')
    .map(
      (a) => `${a.criterion.name} (${a.criterion.maxPoints} points): not addressed in your work.`,
    );
}

export function recommendations(
  assessments: CriterionAssessment[],
  words: number,
  expectedWords: number | null,
): string[] {
  const items = byCoverage(assessments, 'asc')
    .filter((a) => a.quality !== 'Excellent')
    .slice(0, MAX_ITEMS)
    .map((a) => {
      const asks = firstLine(a.criterion.description);
      if (a.quality === 'Missing')
        return `Add a part on ${a.criterion.name}${asks ? `: ${lowerFirst(asks)}` : '.'}`;
      if (a.basis)
        return `Improve ${a.criterion.name}: write in full sentences, use clear sections and develop each part.`;
      return `Develop ${a.criterion.name} further with specific steps, evidence or examples of your own.`;
    });
  if (expectedWords && words < expectedWords / 2) {
    items.push(
      `Write more: at ${words} words your work is well short of the ${expectedWords} or more the assignment asks for.`,
    );
  }
  return items.map((item) => (/[.!?]$/.test(item) ? item : `${item}.`));
}

export function overallFeedback(
  assessments: CriterionAssessment[],
  grade: number,
  totalPoints: number,
  onTopic: boolean,
): string {
  const total = assessments.length;
  const well = assessments.filter((a) => a.coverage >= STRONG).length;
  const ranked = byCoverage(assessments, 'desc').filter((a) => a.quality !== 'Missing');
  const missing = assessments.filter((a) => a.quality === 'Missing').map((a) => a.criterion.name);
  const parts = [`Suggested grade: ${grade} of ${totalPoints}.`];
  if (!onTopic) {
    parts.push(
      'Your work does not seem to answer the question this assignment asks, so it earns little.',
    );
  }
  parts.push(`Your work meets ${well} of ${total} ${total === 1 ? 'criterion' : 'criteria'} well.`);
  if (ranked.length) parts.push(`Strongest: ${ranked[0]!.criterion.name}.`);
  const weakest = ranked[ranked.length - 1];
  if (ranked.length > 1 && weakest && weakest.quality !== 'Excellent') {
    parts.push(`Needs the most work: ${weakest.criterion.name}.`);
  }
  if (missing.length) parts.push(`Not addressed yet: ${missing.join(', ')}.`);
  return parts.join(' ');
}

function advice(a: CriterionAssessment): string {
  if (a.quality === 'Missing') return 'not addressed yet.';
  if (a.basis)
    return 'write in complete, well-organised sentences and develop every part of the assignment.';
  if (a.echoes > 0)
    return "show the work itself (steps, evidence, examples) rather than describing it in the rubric's words.";
  if (a.coverage < STRONG)
    return 'give more specific detail: reasons, evidence, worked steps or examples.';
  return 'good; a little more depth or precision would make it excellent.';
}

function kindsOf(a: CriterionAssessment): string {
  const kinds: string[] = [];
  if (a.kinds.code) kinds.push(count(a.kinds.code, 'line') + ' of code');
  if (a.kinds.data) kinds.push(count(a.kinds.data, 'line') + ' of working or data');
  if (a.kinds.quotation) kinds.push(count(a.kinds.quotation, 'quotation'));
  if (a.kinds.reasoning) kinds.push(count(a.kinds.reasoning, 'reasoned sentence'));
  return listOf(kinds);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function byCoverage(assessments: CriterionAssessment[], order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  // Stable: equal coverage keeps rubric order, so the result is deterministic.
  return [...assessments].sort((a, b) => sign * (a.coverage - b.coverage));
}

function quote(sentence: string): string {
  if (sentence.length <= QUOTE_CHARS) return sentence;
  const cut = sentence.slice(0, QUOTE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_CHARS / 2))}…`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  const short = line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
  return short && !/[.!?…]$/.test(short) ? `${short}.` : short;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
