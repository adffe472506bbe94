import type { z } from 'zod';
import { ApiError } from './api-error';

/** Field name -> the first message for it. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first zod issue per top-level field, e.g. { title: 'Course title is required.' }. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Field errors from a 400 answer (`details: [{ path: 'body.title', message }]`), so a rule only
 * the server checks still lands beside its field. Empty for any other error.
 */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) {
    return errors;
  }
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.replace(/^body\.?/, '').split('.')[0];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** Moves focus to the first field (in `fieldIds` order) that has an error. */
export function focusFirstInvalid(errors: FieldErrors, fieldIds: Record<string, string>) {
  const first = Object.entries(fieldIds).find(([field]) => errors[field]);
  if (first) document.getElementById(first[1])?.focus();
}

/**
 * The errors still to show after an edit: each field that shows an error is checked again
 * (`fresh` is a full check of the edited values), so a fixed field clears at once and a field
 * still wrong keeps its (possibly new) message. A field without an error gains none while the
 * user types; that waits for the next submit.
 */
export function recheckShownErrors(shown: FieldErrors, fresh: FieldErrors): FieldErrors {
  const next: FieldErrors = {};
  for (const field of Object.keys(shown)) {
    if (fresh[field]) next[field] = fresh[field];
  }
  return next;
}
