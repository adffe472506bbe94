// The default grader (DESIGN §9): no model, no network, a pure function of its input. It reads
// the submission the way a teacher would: sentences, code and working, not keywords; what the
// work adds, not how much it sounds like the rubric; whether it answers this assignment at all.
// Every point is explained with a quotation from the work, and confidence stays modest.
import { percentageOf } from '@domain/grading';
import { parseRubric, type ParsedRubric } from '@domain/rubric';
import { pointsInCell, pointsInLine, rubricLines } from '@domain/rubric-markdown';
import type { DetailedResult } from '@domain/schemas/submissions';
import { finalizeResult } from '../finalize-result';
import { GradingError, type GradingEngine, type GradingInput } from '../grading-engine';
import {
  instructionWarning,
  passagesAimedAtGrader,
  quotesOf,
  withoutPassagesAimedAtGrader,
} from '../prompt-injection';
import { confidenceOf } from './confidence';
import { assessCriterion, type CriterionAssessment } from './criterion-assessment';
import {
  areasForImprovement,
  justification,
  missingElements,
  overallFeedback,
  recommendations,
  strengths,
} from './feedback';
import { assessPresentation } from './presentation';
import { isPresentationCriterion } from './presentation-criterion';
import { readSubmission } from './reading';
import { isGaming, signalWarnings, workSignals } from './work-signals';
import { OFFLINE_ENGINE_NAME } from '../engine-id';

export const NO_TEXT_MESSAGE =
  'The PDF has no extractable text, so it cannot be graded automatically.';

export function createOfflineGrader(): GradingEngine {
  return {
    name: OFFLINE_ENGINE_NAME,
    async grade(input, options) {
      options?.signal?.throwIfAborted();
      return gradeOffline(input);
    },
  };
}

/** The whole grading, synchronously: safe to run in a worker thread. */
export function gradeOffline({ assignment, submission }: GradingInput): DetailedResult {
  const text = submission.text;
  if (!/[\p{L}\p{N}]/u.test(text)) throw new GradingError(NO_TEXT_MESSAGE);

  const total = assignment.totalPoints;
  const rubric = parseRubric(assignment.rubricMarkdown, total, assignment.description);
  // Text aimed at the grader is reported to the teacher and read as if it were not there.
  const passages = passagesAimedAtGrader(text, { totalPoints: total });
  const instructions = quotesOf(passages);
  const reading = readSubmission(withoutPassagesAimedAtGrader(text, passages), assignment, rubric);

  const quoted = new Set<string>();
  const byContent = rubric.criteria.map((_, index) => {
    const assessment = assessCriterion(reading, index, total, quoted);
    if (assessment.evidence) quoted.add(assessment.evidence);
    return assessment;
  });
  const content = byContent.filter((a) => !isPresentationCriterion(a.criterion));
  const assessments: CriterionAssessment[] = byContent.map((a) =>
    isPresentationCriterion(a.criterion) ? assessPresentation(a, reading, content) : a,
  );
  const grade = assessments.reduce((acc, a) => acc + a.points, 0);
  const signals = workSignals(reading);

  const raw: DetailedResult = {
    grade,
    percentage: percentageOf(grade, total),
    confidence_level: confidenceOf(reading, rubric, isGaming(signals)),
    feedback: {
      overall: overallFeedback(assessments, grade, total, reading.topic.factor > 0.5),
      strengths: strengths(assessments),
      areas_for_improvement: areasForImprovement(assessments),
      missing_elements: missingElements(assessments),
    },
    rubric_breakdown: assessments.map((a) => ({
      criteria: a.criterion.name,
      points_earned: a.points,
      max_points: a.criterion.maxPoints,
      justification: justification(a),
      quality_assessment: a.quality,
    })),
    recommendations: recommendations(assessments, reading.words, reading.askedWords),
    warnings: [
      ...instructions.map(instructionWarning),
      ...rubricWarnings(rubric, assignment.rubricMarkdown, total),
      ...signalWarnings(reading, signals),
    ],
  };
  return finalizeResult(raw, rubric, total, OFFLINE_ENGINE_NAME);
}

function rubricWarnings(rubric: ParsedRubric, markdown: string | null, total: number): string[] {
  if (rubric.source === 'description') {
    return [
      'No rubric with points was found, so the parts of the assignment description were weighted equally.',
    ];
  }
  if (rubric.source === 'overall') {
    return [
      'No rubric was found, so the submission was assessed as a whole against the assignment.',
    ];
  }
  if (!hasOwnPoints(markdown ?? '')) {
    return ['The rubric gives no points, so its criteria were weighted equally.'];
  }
  if (rubric.scaled) {
    return [`The rubric's points do not add up to ${total}, so they were scaled proportionally.`];
  }
  return [];
}

function hasOwnPoints(markdown: string): boolean {
  return rubricLines(markdown).some((line) =>
    line.kind === 'table'
      ? line.rows.slice(1).some((row) => row.some((cell) => pointsInCell(cell) !== null))
      : pointsInLine(line.text) !== null,
  );
}
