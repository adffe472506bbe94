import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type CourseInput, courseInputSchema } from '@domain/schemas/courses';
import { MarkdownEditor } from '@web/components/markdown/markdown-editor';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button, buttonStyles } from '@web/components/ui/button';
import { describedBy, Field, Input } from '@web/components/ui/input';
import {
  type FieldErrors,
  fieldErrorsFromApi,
  fieldErrorsFromZod,
  focusFirstInvalid,
} from '@web/lib/form-errors';

const FIELD_IDS = { title: 'course-title', description: 'course-description' };

export interface CourseFormValues {
  title: string;
  description: string;
}

/**
 * Title and description of a course, checked with the server's own schema before sending, so
 * the messages are the same ('Course title is required.').
 */
export function CourseForm({
  initialValues = { title: '', description: '' },
  submitLabel,
  pendingLabel,
  pending,
  cancelTo,
  serverError,
  formError,
  onSubmit,
}: {
  initialValues?: CourseFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  cancelTo: string;
  /** The last failed request, for field messages the server gave. */
  serverError?: unknown;
  /** A message for the whole form, shown above the fields. */
  formError?: string | null;
  onSubmit: (input: CourseInput) => void;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shownErrors = { ...fieldErrorsFromApi(serverError), ...errors };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = courseInputSchema.safeParse({
      title: values.title,
      description: values.description.trim() ? values.description : null,
    });
    if (!result.success) {
      const found = fieldErrorsFromZod(result.error);
      setErrors(found);
      focusFirstInvalid(found, FIELD_IDS);
      return;
    }
    setErrors({});
    onSubmit(result.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <Field id="course-title" label="Course Title" required error={shownErrors.title}>
        <Input
          id="course-title"
          name="title"
          required
          autoFocus
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
          placeholder="e.g. Introduction to Computer Science"
          invalid={Boolean(shownErrors.title)}
          aria-describedby={describedBy('course-title', { error: shownErrors.title })}
        />
      </Field>
      <MarkdownEditor
        id="course-description"
        label="Description"
        value={values.description}
        onChange={(description) => setValues({ ...values, description })}
        placeholder="What the course covers, how it is graded…"
        rows={6}
        error={shownErrors.description}
      />
      <div className="flex justify-end gap-3 border-t border-gray-100 pt-6">
        <Link to={cancelTo} className={buttonStyles({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
