// Words for the offline result: strengths from the best-covered criteria, areas for improvement
// and recommendations from the weakest, and an overall summary. Teachers may show it to the
// student, so it speaks about the work, not about keywords.
import type { CriterionAssessment } from './criterion-evidence';
import type { Term } from './text-analysis';

const MAX_ITEMS = 3;
const QUOTE_CHARS = 200;
const SHORT_SUBMISSION_WORDS = 150;

export function justification(a: CriterionAssessment): string {
  if (!a.evidence) {
    const lookedFor = listWords(a.absent, 5);
    return `No passage in the submission addresses this criterion${lookedFor ? ` (looked for ${lookedFor})` : ''}.`;
  }
  if (a.basis) {
    return `${a.quality}: judged from the text as a whole (${a.basis}) and how much of the assignment it addresses. Evidence: "${quote(a.evidence)}"`;
  }
  const passages = a.passages === 1 ? 'one passage' : `${a.passages} passages`;
  const gaps =
    a.quality === 'Excellent' || !a.absent.length
      ? ''
      : ` Not mentioned: ${listWords(a.absent, 4)}.`;
  return `${a.quality}: ${passages} discuss ${listWords(a.found, 5)}.${gaps} Evidence: "${quote(a.evidence)}"`;
}

export function strengths(assessments: CriterionAssessment[]): string[] {
  const strong = byCoverage(assessments, 'desc').filter((a) => a.evidence && a.coverage >= 0.65);
  const chosen = strong.length
    ? strong
    : byCoverage(assessments, 'desc')
        .filter((a) => a.evidence)
        .slice(0, 1);
  return chosen
    .slice(0, MAX_ITEMS)
    .map(
      (a) =>
        `${a.criterion.name}: ${strong.length ? 'well covered' : 'partly covered'}, with attention to ${listWords(a.found, 4)}`,
    );
}

export function areasForImprovement(assessments: CriterionAssessment[]): string[] {
  const partial = byCoverage(assessments, 'asc').filter(
    (a) => a.evidence && a.quality !== 'Excellent',
  );
  const weak = partial.filter((a) => a.coverage < 0.65);
  return (weak.length ? weak : partial).slice(0, MAX_ITEMS).map((a) => {
    if (a.basis)
      return `${a.criterion.name}: organisation and development of the text (${a.basis})`;
    if (!a.absent.length) return `${a.criterion.name}: needs more depth and detail`;
    const verb = a.coverage < 0.65 ? 'says little about' : 'could say more about';
    return `${a.criterion.name}: ${verb} ${listWords(a.absent, 4)}`;
  });
}

export function missingElements(assessments: CriterionAssessment[]): string[] {
  return assessments
    .filter((a) => !a.evidence)
    .map(
      (a) =>
        `${a.criterion.name} (${a.criterion.maxPoints} points): not addressed in the submission`,
    );
}

export function recommendations(assessments: CriterionAssessment[], words: number): string[] {
  const weakest = byCoverage(assessments, 'asc').filter((a) => a.quality !== 'Excellent');
  const items = weakest.slice(0, MAX_ITEMS).map((a) => {
    const focus = firstLine(a.criterion.description);
    if (!a.evidence) return `Add a section on ${a.criterion.name}${focus ? `: ${focus}` : ''}.`;
    if (a.basis)
      return `Improve ${a.criterion.name}: use clear section headings and develop each part fully.`;
    const gaps = listWords(a.absent, 3);
    return `Develop ${a.criterion.name} further${gaps ? `, covering ${gaps}` : ' with concrete examples'}.`;
  });
  if (words < SHORT_SUBMISSION_WORDS) {
    items.push(
      `Expand the submission: at ${words} words it is too short to show the required depth.`,
    );
  }
  return items;
}

export function overallFeedback(
  assessments: CriterionAssessment[],
  grade: number,
  totalPoints: number,
): string {
  const count = assessments.length;
  const covered = assessments.filter((a) => a.coverage >= 0.65).length;
  const missing = assessments.filter((a) => !a.evidence).map((a) => a.criterion.name);
  const ranked = byCoverage(assessments, 'desc').filter((a) => a.evidence);
  const parts = [
    `Suggested grade ${grade} of ${totalPoints}. The submission addresses ${covered} of ${count} ${count === 1 ? 'criterion' : 'criteria'} well.`,
  ];
  if (ranked.length) parts.push(`Strongest: ${ranked[0]!.criterion.name}.`);
  const weakest = ranked[ranked.length - 1];
  if (ranked.length > 1 && weakest && weakest.quality !== 'Excellent') {
    parts.push(`Needs the most work: ${weakest.criterion.name}.`);
  }
  if (missing.length) parts.push(`Not addressed: ${missing.join(', ')}.`);
  parts.push(
    'This is an automatic rubric check of the text; the teacher reviews it before it counts.',
  );
  return parts.join(' ');
}

function byCoverage(assessments: CriterionAssessment[], order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  // Stable: equal coverage keeps rubric order, so the result is deterministic.
  return [...assessments].sort((a, b) => sign * (a.coverage - b.coverage));
}

function listWords(terms: Term[], max: number): string {
  const words = terms.slice(0, max).map((term) => term.word);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function quote(sentence: string): string {
  if (sentence.length <= QUOTE_CHARS) return sentence;
  const cut = sentence.slice(0, QUOTE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_CHARS / 2))}…`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
}
