import { useId } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  Bot,
  CircleAlert,
  CircleCheck,
  Lightbulb,
  ListChecks,
  Sparkles,
  TrendingUp,
  TriangleAlert,
  X,
} from 'lucide-react';
import { percentageOf } from '@domain/grading';
import type { DetailedResult } from '@domain/schemas/submissions';
import { Markdown } from '@web/components/markdown/markdown';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { Spinner } from '@web/components/ui/spinner';

const QUALITY_TONES: Record<string, BadgeTone> = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  'needs improvement': 'orange',
  weak: 'orange',
  poor: 'orange',
  missing: 'red',
};

const qualityTone = (quality: string): BadgeTone =>
  QUALITY_TONES[quality.trim().toLowerCase()] ?? 'indigo';

function AnalysisList({
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
      <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Icon aria-hidden="true" className={`size-4 ${iconClassName}`} />
        {title}
      </h3>
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
}: {
  result: DetailedResult;
  totalPoints: number;
  unsaved: boolean;
  onClear: () => void;
  clearDisabled?: boolean;
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
              className="text-base font-semibold whitespace-nowrap text-gray-900"
            >
              Mylo&apos;s Analysis
            </h2>
            <div className="mt-1">
              {unsaved ? (
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
          <Button variant="secondary" size="sm" onClick={onClear} disabled={clearDisabled}>
            <X aria-hidden="true" className="size-4" />
            Clear Auto-Grade
          </Button>
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
              <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">{confidence}%</dd>
              <ProgressBar value={confidence} label="Confidence" className="mt-1.5 h-1.5" />
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

          <AnalysisList
            title="Strengths"
            icon={CircleCheck}
            iconClassName="text-green-600"
            items={result.feedback.strengths}
          />
          <AnalysisList
            title="Areas for Improvement"
            icon={TrendingUp}
            iconClassName="text-orange-500"
            items={result.feedback.areas_for_improvement}
          />
          <AnalysisList
            title="Missing Elements"
            icon={CircleAlert}
            iconClassName="text-red-500"
            items={result.feedback.missing_elements}
          />

          {result.rubric_breakdown.length > 0 && (
            <section aria-labelledby={`${id}-rubric-breakdown-heading`}>
              <h3
                id={`${id}-rubric-breakdown-heading`}
                className="flex items-center gap-2 text-sm font-semibold text-gray-900"
              >
                <ListChecks aria-hidden="true" className="size-4 text-indigo-600" />
                Rubric Breakdown
              </h3>
              <ul className="mt-3 space-y-3">
                {result.rubric_breakdown.map((item, index) => (
                  <li
                    key={index}
                    aria-labelledby={`${id}-criterion-${index}`}
                    className="rounded-lg border border-gray-200 p-4"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                      <p
                        id={`${id}-criterion-${index}`}
                        className="min-w-0 text-sm font-medium text-gray-900"
                      >
                        {item.criteria}
                      </p>
                      <div className="flex shrink-0 items-center gap-2">
                        {item.quality_assessment && (
                          <Badge tone={qualityTone(item.quality_assessment)}>
                            {item.quality_assessment}
                          </Badge>
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
                      <p className="mt-2 text-sm break-words text-gray-600">{item.justification}</p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <AnalysisList
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
