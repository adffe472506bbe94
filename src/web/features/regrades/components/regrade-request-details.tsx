import { formatDateTime } from '@domain/dates';
import type { RegradeRequest } from '@domain/schemas/regrades';
import { Badge } from '@web/components/ui/badge';

const OUTCOME_TEXT = {
  student: { changed: 'Your grade was changed.', kept: 'Your grade was kept.' },
  teacher: { changed: 'Grade changed.', kept: 'Grade kept.' },
} as const;

/** The state of a request as a badge: open until answered. */
export function RegradeStateBadge({ request }: { request: RegradeRequest }) {
  return request.state === 'open' ? (
    <Badge tone="yellow">Awaiting answer</Badge>
  ) : (
    <Badge tone="green">Answered</Badge>
  );
}

/** What the student asked (reason, criteria, when) and, once answered, the teacher's answer. */
export function RegradeRequestDetails({
  request,
  viewer,
}: {
  request: RegradeRequest;
  viewer: 'student' | 'teacher';
}) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="space-y-3">
        <div>
          <dt className="font-medium text-gray-700">Reason</dt>
          <dd className="mt-1 whitespace-pre-wrap break-words text-gray-900">{request.reason}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Rubric criteria</dt>
          <dd className="mt-1 text-gray-900">
            {request.criteria.length === 0 ? (
              <span className="text-gray-600">None named</span>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {request.criteria.map((title) => (
                  <li key={title}>
                    <Badge tone="indigo">{title}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">Requested</dt>
          <dd className="mt-1 text-gray-900">{formatDateTime(request.created_at)}</dd>
        </div>
      </dl>
      {request.state === 'answered' && request.outcome && (
        <div className="rounded-lg border border-gray-200 bg-gray-50 p-4">
          <p className="font-semibold text-gray-900">{OUTCOME_TEXT[viewer][request.outcome]}</p>
          <p className="mt-2 font-medium text-gray-700">
            {viewer === 'student' ? "Teacher's note:" : 'Your note:'}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">
            {request.teacher_note}
          </p>
          {request.answered_at && (
            <p className="mt-2 text-xs text-gray-600">
              Answered {formatDateTime(request.answered_at)}
              {request.answered_by && ` by ${request.answered_by.full_name}`}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
