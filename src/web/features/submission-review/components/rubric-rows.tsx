import { useId } from 'react';
import { sumOfScores, type RubricRow } from '@domain/rubric-scores';
import type { DetailedResult } from '@domain/schemas/submissions';
import { describedBy, Input } from '@web/components/ui/input';
import { rubricRowError, rubricScoresOf, type GradeFormValues } from '../grade-form';

/**
 * One row per rubric criterion (DESIGN §11): the teacher's points with the criterion's maximum,
 * and Mylo's suggested points and reason beside them when there is an analysis. The grade
 * follows their sum; a grade typed directly still wins, and then the rows are not saved.
 */
export function RubricRows({
  rows,
  values,
  analysis,
  onPointsChange,
}: {
  rows: RubricRow[];
  values: GradeFormValues;
  analysis: DetailedResult | null;
  onPointsChange: (criterion: string, text: string) => void;
}) {
  const id = useId();
  const suggested = new Map(analysis?.rubric_breakdown.map((row) => [row.criteria, row]));
  const scores = rubricScoresOf(values, rows);
  const allTyped = rows.every((row) => (values.rubric?.[row.criteria] ?? '').trim() !== '');
  const typedSum = sumOfScores(
    rows.map((row) => ({ points_earned: Number(values.rubric?.[row.criteria] || 0) })),
  );

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-note`}>
      <legend className="text-sm font-medium text-gray-700">Rubric</legend>
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        {rows.map((row, index) => {
          const inputId = `${id}-row-${index}`;
          const text = values.rubric?.[row.criteria] ?? '';
          const error = rubricRowError(text, row);
          const mylo = suggested.get(row.criteria);
          return (
            <li key={row.criteria} className="space-y-1.5 px-3 py-3">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <label htmlFor={inputId} className="min-w-0 flex-1 text-sm text-gray-900">
                  {row.criteria}
                </label>
                <div className="flex items-center gap-2">
                  <Input
                    id={inputId}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={row.max_points}
                    step={0.5}
                    value={text}
                    onChange={(event) => onPointsChange(row.criteria, event.target.value)}
                    invalid={Boolean(error)}
                    aria-describedby={describedBy(inputId, { error })}
                    className="w-20 tabular-nums"
                  />
                  <span className="text-sm whitespace-nowrap text-gray-600 tabular-nums">
                    / {row.max_points}
                  </span>
                </div>
              </div>
              {error && (
                <p id={`${inputId}-error`} className="text-sm text-red-700">
                  {error}
                </p>
              )}
              {mylo && (
                <p className="line-clamp-2 text-xs text-gray-600" title={mylo.justification}>
                  <span className="font-medium text-indigo-800">
                    Mylo: {mylo.points_earned} / {mylo.max_points}
                  </span>
                  {mylo.justification && ` — ${mylo.justification}`}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p id={`${id}-note`} className="text-xs text-gray-600" aria-live="polite">
        {scores
          ? `The grade is the sum of the rubric points (${sumOfScores(scores)}).`
          : allTyped && values.grade.trim() !== '' && Number(values.grade) !== typedSum
            ? 'The grade was set directly, so the rubric points will not be saved with it.'
            : 'Fill in every criterion to grade with the rubric, or type the grade as a whole.'}
      </p>
    </fieldset>
  );
}
