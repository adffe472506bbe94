// AI-vs-teacher agreement for an assignment (DESIGN §11), in SQL: every graded submission
// that also has a Mylo suggestion — the one its grade started from, otherwise the newest one
// for the graded file — compared as a whole and per rubric criterion.
import { sql } from 'drizzle-orm';
import { CLASS_GRADING } from '@domain/limits';
import { rubricRowsOf } from '@domain/rubric-scores';
import type { Database } from '../db/connect';
import { gradingSuggestions, submissions, users } from '../db/schema';
import { isGraded } from '../submissions/grading-states';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface AssignmentForAgreement {
  id: string;
  total_points: number;
  rubric_markdown: string | null;
}

export async function measureAgreement(db: Database, assignment: AssignmentForAgreement) {
  const total = assignment.total_points;
  const pairs = sql`
    pairs as (
      select ${submissions.id} as submission_id, ${users.full_name} as student_name,
        ${submissions.grade} as teacher_grade, ${submissions.rubric_scores} as rubric_scores,
        mylo.grade as mylo_grade, mylo.result as result
      from ${submissions}
      join ${users} on ${users.id} = ${submissions.student_id}
      join lateral (
        select ${gradingSuggestions.grade} as grade, ${gradingSuggestions.result} as result
        from ${gradingSuggestions}
        where ${gradingSuggestions.submission_id} = ${submissions.id}
          and (${gradingSuggestions.id} = ${submissions.graded_from_suggestion_id}
            or (${submissions.graded_from_suggestion_id} is null
              and ${gradingSuggestions.file_path} = ${submissions.file_path}))
        order by ${gradingSuggestions.created_at} desc
        limit 1
      ) mylo on true
      where ${submissions.assignment_id} = ${assignment.id} and ${isGraded}
    )`;
  const [tight, loose] = CLASS_GRADING.agreementBands;

  const [overall] = rowsOf<{
    count: number;
    mean_abs: number | null;
    within_tight: number | null;
    within_loose: number | null;
  }>(
    await db.execute(sql`
      with ${pairs}
      select count(*)::int as count,
        avg(abs(teacher_grade - mylo_grade))::float8 as mean_abs,
        avg(case when abs(teacher_grade - mylo_grade) <= ${total * tight} then 1.0 else 0.0 end)::float8 as within_tight,
        avg(case when abs(teacher_grade - mylo_grade) <= ${total * loose} then 1.0 else 0.0 end)::float8 as within_loose
      from pairs`),
  );

  const criteria = rowsOf<{
    criteria: string;
    count: number;
    mean_difference: number;
    mean_abs_difference: number;
  }>(
    await db.execute(sql`
      with ${pairs}
      select teacher.criteria as criteria, count(*)::int as count,
        avg(teacher.points_earned - mylo.points_earned)::float8 as mean_difference,
        avg(abs(teacher.points_earned - mylo.points_earned))::float8 as mean_abs_difference
      from pairs
      cross join lateral jsonb_to_recordset(pairs.rubric_scores)
        as teacher(criteria text, points_earned float8)
      join lateral jsonb_to_recordset(pairs.result -> 'rubric_breakdown')
        as mylo(criteria text, points_earned float8) on mylo.criteria = teacher.criteria
      where jsonb_typeof(pairs.rubric_scores) = 'array'
      group by teacher.criteria`),
  );

  const largest = rowsOf<{
    submission_id: string;
    student_name: string;
    teacher_grade: number;
    mylo_grade: number;
    difference: number;
  }>(
    await db.execute(sql`
      with ${pairs}
      select submission_id, student_name, teacher_grade::float8 as teacher_grade,
        mylo_grade::float8 as mylo_grade, (teacher_grade - mylo_grade)::float8 as difference
      from pairs
      where teacher_grade <> mylo_grade
      order by abs(teacher_grade - mylo_grade) desc, student_name
      limit ${CLASS_GRADING.largestDisagreements}`),
  );

  // Criteria in the rubric's own order; any others (a rubric edited since) after them.
  const order = (rubricRowsOf(assignment) ?? []).map((row) => row.criteria);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const count = overall?.count ?? 0;
  const round = (value: number | null | undefined, digits = 2) =>
    value === null || value === undefined ? null : Number(value.toFixed(digits));
  return {
    assignment_id: assignment.id,
    total_points: total,
    count,
    mean_abs_difference: count ? round(overall?.mean_abs) : null,
    mean_abs_difference_percent: count ? round(((overall?.mean_abs ?? 0) / total) * 100, 1) : null,
    within_5_percent: count ? round(overall?.within_tight, 3) : null,
    within_10_percent: count ? round(overall?.within_loose, 3) : null,
    criteria: criteria
      .map((row) => ({
        criteria: row.criteria,
        count: row.count,
        mean_difference: round(row.mean_difference) ?? 0,
        mean_abs_difference: round(row.mean_abs_difference) ?? 0,
      }))
      .sort((a, b) => rank(a.criteria) - rank(b.criteria)),
    largest,
  };
}
