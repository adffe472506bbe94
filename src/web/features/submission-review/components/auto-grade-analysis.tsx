import { useId } from 'react';
import {
  Bot,
  Check,
  CircleAlert,
  CircleCheck,
  Lightbulb,
  Sparkles,
  TrendingUp,
  TriangleAlert,
  X,
} from 'lucide-react';
import { percentageOf } from '@domain/grading';
import type { DetailedResult } from '@domain/schemas/submissions';
import { Markdown } from '@web/components/markdown/markdown';
import { FeedbackList, RubricBreakdown } from '@web/components/feedback/feedback-sections';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Spinner } from '@web/components/ui/spinner';

/** Shown while Mylo grades: the busy state of SPEC §4's auto-grade flow. */
export function AutoGradeProgress() {
  return (
    <Card className="border-indigo-200 bg-indigo-50/50 p-5">
      <div className="flex items-center gap-3">
        <Spinner />
        <div>
          <p className="text-sm font-semibold text-indigo-900">Mylo is reading the submission…</p>
          <p className="mt-0.5 text-sm text-indigo-800/80">
            It checks the work against the rubric. Nothing is saved until you submit a grade.
          </p>
        </div>
      </div>
    </Card>
  );
}

/**
 * The teacher's view of Mylo's analysis (SPEC §2): everything the grader found, with its
 * warnings first, marked as an unsaved suggestion until the grade is submitted.
 */
export function AutoGradeAnalysis({
  result,
  totalPoints,
  unsaved,
  onClear,
  clearDisabled = false,
  onAccept,
}: {
  result: DetailedResult;
  totalPoints: number;
  unsaved: boolean;
  onClear: () => void;
  clearDisabled?: boolean;
  /** A stored suggestion not in the form yet: 'Use suggestion' fills the form with it. */
  onAccept?: () => void;
}) {
  const id = useId();
  const warnings = result.warnings ?? [];
  const confidence = Math.round(result.confidence_level * 100);

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={`${id}-analysis-heading`}>
        <div className="flex flex-wrap items-start gap-3 border-b border-gray-100 bg-gradient-to-r from-indigo-50 to-white px-5 py-4">
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <div className="min-w-0 flex-1 basis-40">
            <h2
              id={`${id}-analysis-heading`}
              data-analysis-heading
              className="text-base font-semibold whitespace-nowrap text-gray-900"
            >
              Mylo&apos;s Analysis
            </h2>
            <div className="mt-1">
              {onAccept ? (
                <Badge tone="indigo" className="whitespace-nowrap">
                  Suggested, not in the form yet
                </Badge>
              ) : unsaved ? (
                <Badge tone="yellow" className="whitespace-nowrap">
                  Unsaved suggestion
                </Badge>
              ) : (
                <Badge tone="green" className="whitespace-nowrap">
                  Saved with the grade
                </Badge>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {onAccept && (
              <Button size="sm" onClick={onAccept} disabled={clearDisabled}>
                <Check aria-hidden="true" className="size-4" />
                Use suggestion
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={onClear} disabled={clearDisabled}>
              <X aria-hidden="true" className="size-4" />
              Clear Auto-Grade
            </Button>
          </div>
        </div>

        <div className="space-y-6 px-5 py-5">
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-gray-500">Suggested grade</dt>
              <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                {result.grade} / {totalPoints}{' '}
                <span className="font-normal text-gray-500">
                  ({percentageOf(result.grade, totalPoints)}%)
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-gray-500">Confidence</dt>
              {/* The bar belongs inside the <dd>: a <dl> holds only name and value groups. */}
              <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                {confidence}%
                <ProgressBar value={confidence} label="Confidence" className="mt-1.5 h-1.5" />
              </dd>
            </div>
            {result.engine && (
              <div className="col-span-2">
                <dt className="text-gray-500">Engine</dt>
                <dd className="mt-0.5 flex items-center gap-1.5 font-medium text-gray-900">
                  <Bot aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                  {result.engine}
                </dd>
              </div>
            )}
          </dl>

          {warnings.length > 0 && (
            <section
              aria-labelledby={`${id}-analysis-warnings-heading`}
              className="rounded-lg border border-amber-300 bg-amber-50 p-4"
            >
              <h3
                id={`${id}-analysis-warnings-heading`}
                className="flex items-center gap-2 text-sm font-semibold text-amber-900"
              >
                <TriangleAlert aria-hidden="true" className="size-4 text-amber-600" />
                Check before you grade
              </h3>
              <ul className="mt-2 space-y-1.5 pl-6 text-sm text-amber-900">
                {warnings.map((warning, index) => (
                  <li key={index} className="list-disc marker:text-amber-500">
                    {warning}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {result.feedback.overall.trim() !== '' && (
            <section>
              <h3 className="text-sm font-semibold text-gray-900">Overall Feedback</h3>
              <Markdown className="mt-2">{result.feedback.overall}</Markdown>
            </section>
          )}

          <FeedbackList
            title="Strengths"
            icon={CircleCheck}
            iconClassName="text-green-600"
            items={result.feedback.strengths}
          />
          <FeedbackList
            title="Areas for Improvement"
            icon={TrendingUp}
            iconClassName="text-orange-500"
            items={result.feedback.areas_for_improvement}
          />
          <FeedbackList
            title="Missing Elements"
            icon={CircleAlert}
            iconClassName="text-red-500"
            items={result.feedback.missing_elements}
          />

          <RubricBreakdown title="Rubric Breakdown" items={result.rubric_breakdown} idPrefix={id} />

          <FeedbackList
            title="Recommendations"
            icon={Lightbulb}
            iconClassName="text-yellow-500"
            items={result.recommendations}
          />
        </div>
      </section>
    </Card>
  );
}
