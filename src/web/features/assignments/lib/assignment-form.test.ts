import { describe, expect, it } from 'vitest';
import type { Assignment } from '@domain/schemas/assignments';
import {
  assignmentToFormValues,
  emptyAssignmentForm,
  parseTotalPoints,
  toCreateInput,
  toUpdateInput,
} from './assignment-form';

const filled = {
  ...emptyAssignmentForm,
  title: '  Homework 1 ',
  description: 'Solve **all** problems.',
  due_date: '2026-05-01T09:30',
  total_points: '50',
  status: 'published' as const,
  rubric_markdown: '- Correctness (40 pts)',
};

describe('assignment form', () => {
  it('starts with 100 points and draft status', () => {
    expect(emptyAssignmentForm.total_points).toBe('100');
    expect(emptyAssignmentForm.status).toBe('draft');
  });

  it('parses total points as an integer, and 0 when it is not a number', () => {
    expect(parseTotalPoints('42')).toBe(42);
    expect(parseTotalPoints('2.5')).toBe(2);
    expect(parseTotalPoints('abc')).toBe(0);
    expect(parseTotalPoints('')).toBe(0);
  });

  it('builds a create request with a trimmed title and the due date as an ISO instant', () => {
    const result = toCreateInput(filled);
    expect(result).toEqual({
      ok: true,
      input: {
        title: 'Homework 1',
        description: 'Solve **all** problems.',
        due_date: new Date(2026, 4, 1, 9, 30).toISOString(),
        total_points: 50,
        status: 'published',
        grade_release: 'automatic',
        accepts_regrade_requests: true,
        rubric_markdown: '- Correctness (40 pts)',
      },
    });
  });

  it('sends the grade release policy the teacher chose', () => {
    const result = toUpdateInput({ ...filled, grade_release: 'manual' });
    expect(result.ok && result.input.grade_release).toBe('manual');
  });

  it('leaves empty optional fields out of a create request', () => {
    const result = toCreateInput({ ...emptyAssignmentForm, title: 'Essay', description: '  ' });
    expect(result.ok && result.input).toEqual({
      title: 'Essay',
      total_points: 100,
      status: 'draft',
      grade_release: 'automatic',
      accepts_regrade_requests: true,
    });
  });

  it('sends whether regrade requests are accepted', () => {
    const result = toUpdateInput({ ...filled, accepts_regrade_requests: false });
    expect(result.ok && result.input.accepts_regrade_requests).toBe(false);
  });

  it("refuses a blank title and zero points with the SPEC's messages", () => {
    const result = toCreateInput({ ...emptyAssignmentForm, title: '   ', total_points: 'abc' });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Assignment title is required.',
        total_points: 'Total points must be greater than 0.',
      },
    });
  });

  it('refuses more than 1000 points', () => {
    const result = toCreateInput({ ...filled, total_points: '1001' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.total_points).toBe('Total points must be at most 1000.');
  });

  it('sends null for emptied fields when editing, so they clear', () => {
    const result = toUpdateInput({ ...filled, description: '', due_date: '', rubric_markdown: '' });
    expect(result.ok && result.input).toMatchObject({
      description: null,
      due_date: null,
      rubric_markdown: null,
    });
  });

  it('fills the edit form from a stored assignment, due date in local time', () => {
    const assignment: Assignment = {
      id: '00000000-0000-4000-8000-000000000001',
      course_id: '00000000-0000-4000-8000-000000000002',
      title: 'Lab',
      description: null,
      due_date: new Date(2026, 0, 15, 23, 59).toISOString(),
      total_points: 20,
      status: 'closed',
      rubric_markdown: null,
      grade_release: 'manual',
      grades_released_at: null,
      accepts_regrade_requests: false,
      late_penalty_percent_per_day: null,
      late_penalty_cap_percent: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      course: { id: '00000000-0000-4000-8000-000000000002', title: 'CS' },
    };
    expect(assignmentToFormValues(assignment)).toEqual({
      title: 'Lab',
      description: '',
      due_date: '2026-01-15T23:59',
      total_points: '20',
      status: 'closed',
      rubric_markdown: '',
      grade_release: 'manual',
      accepts_regrade_requests: false,
      late_penalty_percent_per_day: '',
      late_penalty_cap_percent: '',
    });
  });

  it('sends the late penalty as numbers, empty as none, and refuses a cap without a rate', () => {
    const penalty = { late_penalty_percent_per_day: '2.5', late_penalty_cap_percent: '' };
    const created = toCreateInput({ ...filled, ...penalty });
    expect(created).toMatchObject({ ok: true, input: { late_penalty_percent_per_day: 2.5 } });
    expect(created.ok && created.input).not.toHaveProperty('late_penalty_cap_percent');
    expect(
      toUpdateInput({ ...filled, late_penalty_percent_per_day: '', late_penalty_cap_percent: '' }),
    ).toMatchObject({
      ok: true,
      input: { late_penalty_percent_per_day: null, late_penalty_cap_percent: null },
    });
    expect(
      toCreateInput({
        ...filled,
        late_penalty_percent_per_day: '',
        late_penalty_cap_percent: '30',
      }),
    ).toMatchObject({
      ok: false,
      errors: { late_penalty_cap_percent: expect.stringContaining('per day before a cap') },
    });
    expect(
      toCreateInput({
        ...filled,
        late_penalty_percent_per_day: '1.25',
        late_penalty_cap_percent: '',
      }),
    ).toMatchObject({
      ok: false,
      errors: {
        late_penalty_percent_per_day: 'Late penalty per day can have at most one decimal.',
      },
    });
  });
});
