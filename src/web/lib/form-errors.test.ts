import { describe, expect, it } from 'vitest';
import { courseInputSchema } from '@domain/schemas/courses';
import { ApiError } from './api-error';
import { fieldErrorsFromApi, fieldErrorsFromZod, recheckShownErrors } from './form-errors';

describe('form errors', () => {
  it('keeps the first zod message for each field', () => {
    const result = courseInputSchema.safeParse({ title: '   ' });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual({ title: 'Course title is required.' });
  });

  it("reads the server's validation details by field", () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Invalid body.total_points', [
      { path: 'body.total_points', message: 'Total points must be greater than 0.' },
      { path: 'body.total_points', message: 'second message' },
      { path: 'body', message: 'whole body' },
    ]);
    expect(fieldErrorsFromApi(error)).toEqual({
      total_points: 'Total points must be greater than 0.',
    });
  });

  it('finds no field errors in other failures', () => {
    expect(fieldErrorsFromApi(new ApiError(500, 'INTERNAL', 'boom'))).toEqual({});
    expect(fieldErrorsFromApi(new Error('offline'))).toEqual({});
  });

  it('clears a shown error once its field is fixed, and shows no new one while typing', () => {
    const shown = { title: 'Assignment title is required.', total_points: 'Too small.' };
    const fresh = { total_points: 'Total points must be greater than 0.', status: 'Invalid.' };
    expect(recheckShownErrors(shown, fresh)).toEqual({
      total_points: 'Total points must be greater than 0.',
    });
    expect(recheckShownErrors(shown, {})).toEqual({});
  });
});
