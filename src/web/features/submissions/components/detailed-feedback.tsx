import type { LucideIcon } from 'lucide-react';
import {
  CircleAlert,
  CircleCheck,
  Lightbulb,
  ListChecks,
  Sparkles,
  TrendingUp,
} from 'lucide-react';
import { percentageOf } from '@domain/grading';
import type { DetailedResult } from '@domain/schemas/submissions';
import { Markdown } from '@web/components/markdown/markdown';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';

function FeedbackList({
  title,
  icon: Icon,
  iconClassName,
  items,
}: {
  title: string;
  icon: LucideIcon;
  iconClassName: string;
  items: string[];
}) {
  if (items.length === 0) return null;
  return (
    <section>
      <h4 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Icon aria-hidden="true" className={`size-4 ${iconClassName}`} />
        {title}
      </h4>
      <ul className="mt-2 space-y-1.5 pl-6 text-sm text-gray-700">
        {items.map((item, index) => (
          <li key={index} className="list-disc marker:text-gray-400">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

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
            title="What You Did Well"
            icon={CircleCheck}
            iconClassName="text-green-600"
            items={result.feedback.strengths}
          />
          <FeedbackList
            title="Areas to Improve"
            icon={TrendingUp}
            iconClassName="text-orange-500"
            items={result.feedback.areas_for_improvement}
          />
        </div>
        <FeedbackList
          title="What Was Missing"
          icon={CircleAlert}
          iconClassName="text-red-500"
          items={result.feedback.missing_elements}
        />

        {result.rubric_breakdown.length > 0 && (
          <section>
            <h4 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
              <ListChecks aria-hidden="true" className="size-4 text-indigo-600" />
              Grade Breakdown
            </h4>
            <ul className="mt-3 space-y-3">
              {result.rubric_breakdown.map((item, index) => (
                <li key={index} className="rounded-lg border border-gray-200 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium text-gray-900">{item.criteria}</p>
                    <div className="flex items-center gap-2">
                      {item.quality_assessment && (
                        <Badge tone="indigo">{item.quality_assessment}</Badge>
                      )}
                      <span className="text-sm font-semibold text-gray-900 tabular-nums">
                        {item.points_earned} / {item.max_points}
                      </span>
                    </div>
                  </div>
                  <ProgressBar
                    value={item.max_points > 0 ? (item.points_earned / item.max_points) * 100 : 0}
                    label={`${item.criteria} score`}
                    className="mt-2 h-1.5"
                    barClassName="bg-indigo-500"
                  />
                  {item.justification && (
                    <p className="mt-2 text-sm text-gray-600">{item.justification}</p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}

        <FeedbackList
          title="How to Improve Next Time"
          icon={Lightbulb}
          iconClassName="text-yellow-500"
          items={result.recommendations}
        />
      </div>
    </Card>
  );
}
