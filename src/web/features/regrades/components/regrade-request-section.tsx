import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { REGRADE } from '@domain/limits';
import { regradeRequestInputSchema } from '@domain/schemas/regrades';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, Textarea } from '@web/components/ui/input';
import { ErrorAlert } from '@web/components/ui/alert';
import { fieldErrorsFromZod, focusFirstInvalid } from '@web/lib/form-errors';
import { focusSoon } from '@web/lib/focus';
import { toast } from '@web/lib/toast';
import { useFormErrors } from '@web/lib/use-form-errors';
import { ApiError } from '@web/lib/api-error';
import { useMyRegradeStatus, useRequestRegrade } from '../api/regrade-requests';
import { RegradeRequestDetails, RegradeStateBadge } from './regrade-request-details';

const FIELD_IDS = { reason: 'regrade-reason', criteria: 'regrade-criteria' };
const HEADING_ID = 'regrade-heading';

interface FormValues {
  reason: string;
  criteria: string[];
}

const check = (values: FormValues) => {
  const result = regradeRequestInputSchema.safeParse(values);
  return result.success ? {} : fieldErrorsFromZod(result.error);
};

/**
 * The student's side of a regrade (docs/decisions/028), under their grade: 'Request Regrade'
 * while they may ask, then the request and, once answered, the teacher's answer.
 */
export function RegradeRequestSection({
  assignmentId,
  submissionId,
  hasGrade,
}: {
  assignmentId: string;
  submissionId: string;
  /** The student's copy carries a grade: one released to them. */
  hasGrade: boolean;
}) {
  const status = useMyRegradeStatus(assignmentId, submissionId);
  // Here, not in the form: the form goes once the request exists, and the request's callbacks
  // (toast, focus) must still run.
  const send = useRequestRegrade(assignmentId, submissionId);
  const [open, setOpen] = useState(false);
  if (!status.isSuccess) return null;
  const { request, can_request, accepting_requests, criteria } = status.data;

  if (request) {
    return (
      <Card className="p-5">
        <section aria-labelledby={HEADING_ID}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={HEADING_ID} className="text-base font-semibold text-gray-900">
              Regrade Request
            </h3>
            <RegradeStateBadge request={request} />
          </div>
          {request.state === 'open' && (
            <p className="mt-1 text-sm text-gray-600">
              Your teacher will look at your work again and answer here.
            </p>
          )}
          <div className="mt-4">
            <RegradeRequestDetails request={request} viewer="student" />
          </div>
        </section>
      </Card>
    );
  }
  if (!hasGrade) return null;
  if (!accepting_requests) {
    return (
      <p className="text-sm text-gray-600">
        Your teacher is not accepting regrade requests for this assignment.
      </p>
    );
  }
  if (!can_request) return null;

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <h3 className="text-base font-semibold text-gray-900">Think your grade is wrong?</h3>
          <p className="mt-1 text-sm text-gray-600">
            You can ask your teacher once to look at this submission again.
          </p>
        </div>
        {!open && (
          <Button
            id="regrade-open"
            variant="secondary"
            aria-expanded={false}
            aria-controls="regrade-form"
            onClick={() => {
              setOpen(true);
              focusSoon(() => document.getElementById(FIELD_IDS.reason));
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Request Regrade
          </Button>
        )}
      </div>
      {open && (
        <RegradeRequestForm
          send={send}
          criteria={criteria}
          onCancel={() => {
            setOpen(false);
            focusSoon(() => document.getElementById('regrade-open'));
          }}
        />
      )}
    </Card>
  );
}

function RegradeRequestForm({
  send,
  criteria,
  onCancel,
}: {
  send: ReturnType<typeof useRequestRegrade>;
  criteria: string[];
  onCancel: () => void;
}) {
  const [values, setValues] = useState<FormValues>({ reason: '', criteria: [] });
  const errors = useFormErrors(check, send.error);
  const shown = errors.shown;
  // A refusal that is not about a field (turned off meanwhile, asked from another tab).
  const refusal =
    send.error instanceof ApiError && send.error.status !== 400 ? send.error.message : null;

  const set = (next: FormValues, field: keyof FormValues) => {
    setValues(next);
    errors.changed(field, next);
  };

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = check(values);
    errors.submitted(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found, FIELD_IDS);
      return;
    }
    send.mutate(values, {
      onSuccess: () => {
        toast.success('Regrade request sent.');
        focusSoon(() => document.getElementById(HEADING_ID));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) return;
        toast.error('Failed to send the regrade request. Please try again.');
      },
    });
  }

  const length = values.reason.length;
  return (
    <form
      id="regrade-form"
      onSubmit={handleSubmit}
      noValidate
      className="mt-5 space-y-5 border-t border-gray-200 pt-5"
    >
      {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
      <Field
        id={FIELD_IDS.reason}
        label="Why should your work be regraded?"
        required
        hint={`${length.toLocaleString('en-US')} / ${REGRADE.reasonMaxChars.toLocaleString('en-US')} characters`}
        error={shown.reason}
      >
        <Textarea
          id={FIELD_IDS.reason}
          name="reason"
          rows={5}
          required
          maxLength={REGRADE.reasonMaxChars}
          value={values.reason}
          onChange={(event) => set({ ...values, reason: event.target.value }, 'reason')}
          invalid={Boolean(shown.reason)}
          aria-describedby={describedBy(FIELD_IDS.reason, { hint: true, error: shown.reason })}
        />
      </Field>
      {shown.reason && (
        // The count stays in view while the error replaces the hint.
        <p className="-mt-3 text-xs text-gray-600" aria-hidden="true">
          {length.toLocaleString('en-US')} / {REGRADE.reasonMaxChars.toLocaleString('en-US')}{' '}
          characters
        </p>
      )}
      {criteria.length > 0 && (
        <fieldset id={FIELD_IDS.criteria} tabIndex={-1} aria-describedby="regrade-criteria-hint">
          <legend className="text-sm font-medium text-gray-700">
            Which rubric criteria? (optional)
          </legend>
          <p id="regrade-criteria-hint" className="mt-1 text-xs text-gray-600">
            Tick the parts of the rubric you are asking about.
          </p>
          <div className="mt-2 space-y-2">
            {criteria.map((title, index) => {
              const id = `regrade-criterion-${index}`;
              return (
                <div key={title} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    checked={values.criteria.includes(title)}
                    onChange={(event) =>
                      set(
                        {
                          ...values,
                          criteria: event.target.checked
                            ? [...values.criteria, title]
                            : values.criteria.filter((named) => named !== title),
                        },
                        'criteria',
                      )
                    }
                    className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
                  />
                  <label htmlFor={id} className="text-sm text-gray-900">
                    {title}
                  </label>
                </div>
              );
            })}
          </div>
          {shown.criteria && <p className="mt-1.5 text-sm text-red-600">{shown.criteria}</p>}
        </fieldset>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}
