import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const control =
  'block w-full rounded-lg border bg-white px-3 text-sm text-gray-900 shadow-sm ' +
  'placeholder:text-gray-500 focus:outline-2 focus:outline-offset-0 disabled:bg-gray-50 ' +
  'disabled:text-gray-500';
// Borders of 3:1 or more against the page (WCAG 1.4.11): a field is recognised by its outline.
const valid = 'border-gray-500 focus:border-indigo-600 focus:outline-indigo-500/30';
const invalid = 'border-red-600 focus:border-red-600 focus:outline-red-500/30';

/** The look of a text control; `invalid` turns it red. */
export const controlStyles = (isInvalid = false, className?: string) =>
  cn(control, isInvalid ? invalid : valid, className);

/** ids of the hint and error texts a field's control points to with aria-describedby. */
export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;
export const describedBy = (id: string, { hint, error }: { hint?: unknown; error?: unknown }) =>
  [hint ? fieldHintId(id) : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ') ||
  undefined;

export function Input({
  invalid: isInvalid,
  className,
  ...props
}: ComponentProps<'input'> & { invalid?: boolean }) {
  return (
    <input
      aria-invalid={isInvalid || undefined}
      className={controlStyles(isInvalid, cn('h-10', className))}
      {...props}
    />
  );
}

export function Textarea({
  invalid: isInvalid,
  className,
  ...props
}: ComponentProps<'textarea'> & { invalid?: boolean }) {
  return (
    <textarea
      aria-invalid={isInvalid || undefined}
      className={controlStyles(isInvalid, cn('py-2', className))}
      {...props}
    />
  );
}

export function Select({
  invalid: isInvalid,
  className,
  ...props
}: ComponentProps<'select'> & { invalid?: boolean }) {
  return (
    <select
      aria-invalid={isInvalid || undefined}
      className={controlStyles(isInvalid, cn('h-10 pr-8', className))}
      {...props}
    />
  );
}

/**
 * Label, control, hint and error of one form field. The control is passed as a child and should
 * use `id`, `invalid` and `aria-describedby={describedBy(id, { hint, error })}`.
 */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's accessible name stays its label. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        )}
      </div>
      <div className="mt-1.5">{children}</div>
      {hint && !error && (
        <p id={fieldHintId(id)} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(id)} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
