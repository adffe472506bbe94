// The default grader (DESIGN §9): no model, no network. It parses the rubric into criteria,
// finds evidence for each in the submission's text, scores by coverage and quotes what it found.
// It is a careful first reading for the teacher, and says so through a modest confidence.
import { percentageOf } from '@domain/grading';
import { parseRubric, type ParsedRubric } from '@domain/rubric';
import type { DetailedResult } from '@domain/schemas/submissions';
import { finalizeResult } from '../finalize-result';
import { GradingError, type GradingEngine, type GradingInput } from '../grading-engine';
import { detectInstructionsToGrader, instructionWarning } from '../prompt-injection';
import { assessCriterion, indexSubmission } from './criterion-evidence';
import {
  areasForImprovement,
  justification,
  missingElements,
  overallFeedback,
  recommendations,
  strengths,
} from './feedback';
import { assessPresentation, isPresentationCriterion } from './presentation';
import { wordCount } from './text-analysis';

export const OFFLINE_ENGINE_NAME = 'offline rubric matcher';
export const NO_TEXT_MESSAGE =
  'The PDF has no extractable text, so it cannot be graded automatically.';

const CONFIDENCE = { base: 0.35, length: 0.15, fullLengthWords: 800, rubric: 0.1 } as const;

export function createOfflineGrader(): GradingEngine {
  return {
    name: OFFLINE_ENGINE_NAME,
    async grade(input, options) {
      options?.signal?.throwIfAborted();
      return gradeOffline(input);
    },
  };
}

function gradeOffline({ assignment, submission }: GradingInput): DetailedResult {
  const text = submission.text;
  if (!/[\p{L}\p{N}]/u.test(text)) throw new GradingError(NO_TEXT_MESSAGE);

  const total = assignment.totalPoints;
  const rubric = parseRubric(assignment.rubricMarkdown, total, assignment.description);
  const instructions = detectInstructionsToGrader(text);
  const index = indexSubmission(text, instructions);
  const quoted = new Set<string>();
  const byWords = rubric.criteria.map((criterion) => {
    const assessment = assessCriterion(criterion, index, quoted);
    if (assessment.evidence) quoted.add(assessment.evidence);
    return assessment;
  });
  const content = byWords.filter((a) => !isPresentationCriterion(a.criterion));
  const assessments = byWords.map((a) =>
    isPresentationCriterion(a.criterion) ? assessPresentation(a, index, content) : a,
  );
  const grade = assessments.reduce((acc, a) => acc + a.points, 0);
  const words = wordCount(text);

  const raw: DetailedResult = {
    grade,
    percentage: percentageOf(grade, total),
    confidence_level: confidence(words, rubric),
    feedback: {
      overall: overallFeedback(assessments, grade, total),
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
    recommendations: recommendations(assessments, words),
    warnings: [...instructions.map(instructionWarning), ...rubricWarnings(rubric, total)],
  };
  return finalizeResult(raw, rubric, total, OFFLINE_ENGINE_NAME);
}

/** Longer texts and a rubric with its own points give the matcher more to go on. */
function confidence(words: number, rubric: ParsedRubric): number {
  const length = CONFIDENCE.length * Math.min(1, words / CONFIDENCE.fullLengthWords);
  const clarity =
    rubric.source === 'rubric' ? (rubric.scaled ? CONFIDENCE.rubric / 2 : CONFIDENCE.rubric) : 0;
  return Math.round((CONFIDENCE.base + length + clarity) * 100) / 100;
}

function rubricWarnings(rubric: ParsedRubric, total: number): string[] {
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
  if (rubric.scaled) {
    return [`The rubric's points do not add up to ${total}, so they were scaled proportionally.`];
  }
  return [];
}
