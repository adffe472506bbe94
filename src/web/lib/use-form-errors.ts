import { useState } from 'react';
import { type FieldErrors, fieldErrorsFromApi, recheckShownErrors } from './form-errors';

/**
 * A form's field errors: the browser-side check's, and the server's from the last failed
 * request. A field's error clears as soon as its value is fixed, not at the next submit.
 */
export function useFormErrors<V>(check: (values: V) => FieldErrors, serverError: unknown) {
  const [errors, setErrors] = useState<FieldErrors>({});
  // Fields changed since the last submit: the server judged their old value, not this one.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const fromServer = Object.fromEntries(
    Object.entries(fieldErrorsFromApi(serverError)).filter(([field]) => !edited.has(field)),
  );

  return {
    shown: { ...fromServer, ...errors } as FieldErrors,
    /** After `field` changed to give `values`. */
    changed(field: string, values: V) {
      setEdited((current) => (current.has(field) ? current : new Set(current).add(field)));
      setErrors((current) =>
        Object.keys(current).length === 0 ? current : recheckShownErrors(current, check(values)),
      );
    },
    /** On submit, with what the check found. */
    submitted(found: FieldErrors) {
      setErrors(found);
      setEdited(new Set());
    },
  };
}
