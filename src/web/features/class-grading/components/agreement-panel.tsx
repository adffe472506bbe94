import { useId } from 'react';
import { Link } from 'react-router';
import type { Agreement } from '@domain/schemas/grading';
import { Card } from '@web/components/ui/card';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** One sentence a teacher can act on: trust Mylo's first reading here, or check it closely. */
function verdict(agreement: Agreement): string {
  const within = agreement.within_10_percent ?? 0;
  if (agreement.count < 3) return 'Grade a few more to see whether Mylo can be trusted here.';
  if (within >= 0.8) return 'Mylo agrees with you closely on this assignment.';
  if (within >= 0.5) return 'Mylo is often close, but check its suggestions.';
  return 'Mylo often disagrees with you here: treat its suggestions as a first reading only.';
}

/**
 * AI-vs-teacher agreement on an assignment (DESIGN §11): for submissions that have both a Mylo
 * suggestion and a saved grade, how far apart they were, in all and per criterion, and the
 * largest disagreements, each linking to its review screen.
 */
export function AgreementPanel({
  agreement,
  submissionLink,
}: {
  agreement: Agreement;
  submissionLink: (submissionId: string) => string;
}) {
  const id = useId();
  return (
    <Card className="mt-6 p-5">
      <section aria-labelledby={`${id}-heading`} className="space-y-4">
        <div>
          <h2 id={`${id}-heading`} className="text-base font-semibold text-gray-900">
            Mylo and your grades
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            {agreement.count === 0
              ? 'Once you save grades for submissions Mylo has suggested, this shows how closely Mylo agreed with you.'
              : verdict(agreement)}
          </p>
        </div>

        {agreement.count > 0 && (
          <>
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-gray-600">Compared</dt>
                <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                  {agreement.count} {agreement.count === 1 ? 'submission' : 'submissions'}
                </dd>
              </div>
              <div>
                <dt className="text-gray-600">Mean difference</dt>
                <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                  {agreement.mean_abs_difference} points ({agreement.mean_abs_difference_percent}%)
                </dd>
              </div>
              <div>
                <dt className="text-gray-600">Within 5% of the total</dt>
                <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                  {percent(agreement.within_5_percent)}
                </dd>
              </div>
              <div>
                <dt className="text-gray-600">Within 10% of the total</dt>
                <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">
                  {percent(agreement.within_10_percent)}
                </dd>
              </div>
            </dl>

            {agreement.criteria.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="mb-2 text-left text-sm font-semibold text-gray-900">
                    Per criterion (graded with the rubric rows)
                  </caption>
                  <thead className="text-gray-600">
                    <tr>
                      <th scope="col" className="py-1.5 pr-4 font-medium">
                        Criterion
                      </th>
                      <th scope="col" className="py-1.5 pr-4 font-medium">
                        You − Mylo, on average
                      </th>
                      <th scope="col" className="py-1.5 font-medium">
                        Mean difference
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 tabular-nums">
                    {agreement.criteria.map((row) => (
                      <tr key={row.criteria}>
                        <th scope="row" className="py-1.5 pr-4 font-normal text-gray-900">
                          {row.criteria}
                        </th>
                        <td className="py-1.5 pr-4">{signed(row.mean_difference)}</td>
                        <td className="py-1.5">{row.mean_abs_difference}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}

            {agreement.largest.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-gray-900">Largest disagreements</h3>
                <ul className="mt-2 space-y-1 text-sm">
                  {agreement.largest.map((row) => (
                    <li key={row.submission_id}>
                      <Link
                        to={submissionLink(row.submission_id)}
                        className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {row.student_name}
                      </Link>
                      <span className="text-gray-700 tabular-nums">
                        : you {row.teacher_grade}, Mylo {row.mylo_grade} ({signed(row.difference)})
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
