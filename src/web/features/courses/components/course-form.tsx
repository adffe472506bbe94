import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type CourseInput, courseInputSchema } from '@domain/schemas/courses';
import { MarkdownEditor } from '@web/components/markdown/markdown-editor';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button, buttonStyles } from '@web/components/ui/button';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { type FieldErrors, fieldErrorsFromZod, focusFirstInvalid } from '@web/lib/form-errors';
import { useFormErrors } from '@web/lib/use-form-errors';

const FIELD_IDS = { title: 'course-title', description: 'course-description' };

export interface CourseFormValues {
  title: string;
  description: string;
}

function checkCourse(values: CourseFormValues) {
  return courseInputSchema.safeParse({
    title: values.title,
    description: values.description.trim() ? values.description : null,
  });
}

const courseErrors = (values: CourseFormValues): FieldErrors => {
  const result = checkCourse(values);
  return result.success ? {} : fieldErrorsFromZod(result.error);
};

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
  const errors = useFormErrors(courseErrors, serverError);
  const shownErrors = errors.shown;

  function change(field: keyof CourseFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    errors.changed(field, next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkCourse(values);
    if (!result.success) {
      const found = fieldErrorsFromZod(result.error);
      errors.submitted(found);
      focusFirstInvalid(found, FIELD_IDS);
      return;
    }
    errors.submitted({});
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
          value={values.title}
          onChange={(event) => change('title', event.target.value)}
          placeholder="e.g. Introduction to Computer Science"
          invalid={Boolean(shownErrors.title)}
          aria-describedby={describedBy('course-title', { error: shownErrors.title })}
        />
      </Field>
      <MarkdownEditor
        id="course-description"
        label="Description"
        value={values.description}
        onChange={(description) => change('description', description)}
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
