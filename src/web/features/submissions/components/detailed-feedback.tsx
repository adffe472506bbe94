import { CircleAlert, CircleCheck, Lightbulb, Sparkles, TrendingUp } from 'lucide-react';
import { percentageOf } from '@domain/grading';
import type { DetailedResult } from '@domain/schemas/submissions';
import { Markdown } from '@web/components/markdown/markdown';
import { FeedbackList, RubricBreakdown } from '@web/components/feedback/feedback-sections';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';

/**
 * SPEC §2 'Your Detailed Feedback': the analysis the teacher chose to show. The grade is the
 * saved one; each list appears only when it has entries.
 */
export function DetailedFeedback({
  result,
  grade,
  totalPoints,
}: {
  result: DetailedResult;
  /** The grade the teacher saved, which may differ from the analysis' suggestion. */
  grade: number | null;
  totalPoints: number;
}) {
  const shownGrade = grade ?? result.grade;
  const quality = Math.round(result.confidence_level * 100);

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-100 bg-gradient-to-r from-indigo-50 to-white px-6 py-4">
        <h3 className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <Sparkles aria-hidden="true" className="size-5 text-indigo-600" />
          Your Detailed Feedback
        </h3>
        <p className="text-sm text-gray-600">
          <span className="text-lg font-bold text-gray-900 tabular-nums">
            {shownGrade} / {totalPoints}
          </span>{' '}
          <span className="font-semibold text-indigo-700 tabular-nums">
            ({percentageOf(shownGrade, totalPoints)}%)
          </span>
        </p>
      </div>

      <div className="space-y-6 px-6 py-5">
        <section>
          <div className="flex items-center justify-between text-sm">
            <h4 className="font-semibold text-gray-900">Assessment Quality</h4>
            <span className="font-medium text-gray-700 tabular-nums">{quality}%</span>
          </div>
          <ProgressBar value={quality} label="Assessment Quality" className="mt-2" />
        </section>

        {result.feedback.overall.trim() !== '' && (
          <section>
            <h4 className="text-sm font-semibold text-gray-900">Overall Assessment</h4>
            <Markdown className="mt-2">{result.feedback.overall}</Markdown>
          </section>
        )}

        <div className="grid gap-6 md:grid-cols-2">
          <FeedbackList
            headingLevel="h4"
            title="What You Did Well"
            icon={CircleCheck}
            iconClassName="text-green-600"
            items={result.feedback.strengths}
          />
          <FeedbackList
            headingLevel="h4"
            title="Areas to Improve"
            icon={TrendingUp}
            iconClassName="text-orange-500"
            items={result.feedback.areas_for_improvement}
          />
        </div>
        <FeedbackList
          headingLevel="h4"
          title="What Was Missing"
          icon={CircleAlert}
          iconClassName="text-red-500"
          items={result.feedback.missing_elements}
        />

        <RubricBreakdown
          title="Grade Breakdown"
          items={result.rubric_breakdown}
          idPrefix="student-feedback"
          headingLevel="h4"
        />

        <FeedbackList
          headingLevel="h4"
          title="How to Improve Next Time"
          icon={Lightbulb}
          iconClassName="text-yellow-500"
          items={result.recommendations}
        />
      </div>
    </Card>
  );
}
