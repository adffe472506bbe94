// The pieces of a detailed grading result (SPEC §3) that both the teacher's Mylo analysis and
// the student's 'Your Detailed Feedback' panel show, so the two always read the same way.
import type { LucideIcon } from 'lucide-react';
import { ListChecks } from 'lucide-react';
import type { DetailedResult } from '@domain/schemas/submissions';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { ProgressBar } from '@web/components/ui/progress-bar';

type HeadingLevel = 'h3' | 'h4';

const QUALITY_TONES: Record<string, BadgeTone> = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  'needs improvement': 'orange',
  weak: 'orange',
  poor: 'orange',
  missing: 'red',
};

export const qualityTone = (quality: string): BadgeTone =>
  QUALITY_TONES[quality.trim().toLowerCase()] ?? 'indigo';

/** A titled bullet list; nothing at all when the list is empty (SPEC §2). */
export function FeedbackList({
  title,
  icon: Icon,
  iconClassName,
  items,
  headingLevel: Heading = 'h3',
}: {
  title: string;
  icon: LucideIcon;
  iconClassName: string;
  items: string[];
  headingLevel?: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <section>
      <Heading className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Icon aria-hidden="true" className={`size-4 ${iconClassName}`} />
        {title}
      </Heading>
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

/** Points per rubric criterion with a bar, the quality word and the justification. */
export function RubricBreakdown({
  title,
  items,
  idPrefix,
  headingLevel: Heading = 'h3',
}: {
  title: string;
  items: DetailedResult['rubric_breakdown'];
  /** Unique per page, so each row can be named by its criterion. */
  idPrefix: string;
  headingLevel?: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${idPrefix}-breakdown-heading`}>
      <Heading
        id={`${idPrefix}-breakdown-heading`}
        className="flex items-center gap-2 text-sm font-semibold text-gray-900"
      >
        <ListChecks aria-hidden="true" className="size-4 text-indigo-600" />
        {title}
      </Heading>
      <ul className="mt-3 space-y-3">
        {items.map((item, index) => (
          <li
            key={index}
            aria-labelledby={`${idPrefix}-criterion-${index}`}
            className="rounded-lg border border-gray-200 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <p
                id={`${idPrefix}-criterion-${index}`}
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
  );
}
