import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments, submissions } from '../db/schema';
import {
  effectiveDueDate,
  effectiveDueDateColumn,
  extendedDueDateColumn,
  isOpenToStudent,
} from '../extensions/due-dates';
import { isHandedIn, isUngraded } from '../submissions/grading-states';

const base = {
  id: assignments.id,
  course_id: assignments.course_id,
  title: assignments.title,
  description: assignments.description,
  due_date: assignments.due_date,
  total_points: assignments.total_points,
  status: assignments.status,
  rubric_markdown: assignments.rubric_markdown,
  grade_release: assignments.grade_release,
  grades_released_at: assignments.grades_released_at,
  accepts_regrade_requests: assignments.accepts_regrade_requests,
  late_penalty_percent_per_day: assignments.late_penalty_percent_per_day,
  late_penalty_cap_percent: assignments.late_penalty_cap_percent,
  created_at: assignments.created_at,
  updated_at: assignments.updated_at,
  course: { id: courses.id, title: courses.title },
};

/** The course's teacher also sees how many submissions arrived and how many await a grade. */
const teacherCounts = {
  submission_count: sql<number>`(select count(*)::int from ${submissions} where ${submissions.assignment_id} = ${assignments.id} and ${isHandedIn})`,
  ungraded_count: sql<number>`(select count(*)::int from ${submissions} where ${submissions.assignment_id} = ${assignments.id} and ${isUngraded})`,
};

/** Teacher reads: any status, with counts, newest first. */
export function selectTeacherAssignments(db: Database, where: SQL) {
  return db
    .select({ ...base, ...teacherCounts })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(where)
    .orderBy(desc(assignments.created_at), desc(assignments.id));
}

/** Teacher reads due in [from, to), soonest first (what is due this week or next). */
export function selectTeacherAssignmentsDue(db: Database, where: SQL, from: Date, to: Date) {
  return db
    .select({ ...base, ...teacherCounts })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(and(where, gte(assignments.due_date, from), lt(assignments.due_date, to)))
    .orderBy(asc(assignments.due_date), asc(assignments.title), asc(assignments.id));
}

/** Course-level reads for students (the voice knowledge base): published only, due first. */
export function selectPublishedAssignments(db: Database, where: SQL) {
  return db
    .select(base)
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(and(where, eq(assignments.status, 'published')))
    .orderBy(sql`${assignments.due_date} asc nulls last`, asc(assignments.title));
}

/**
 * One student's reads: published (and closed while their extension lasts), with their own
 * extended and effective due dates, soonest due for them first, undated last (SPEC §7, 029).
 */
export function selectStudentAssignments(db: Database, where: SQL, studentId: string, now: Date) {
  return db
    .select({
      ...base,
      extended_due_date: extendedDueDateColumn(studentId),
      effective_due_date: effectiveDueDateColumn(studentId),
    })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(and(where, isOpenToStudent(studentId, now)))
    .orderBy(sql`${effectiveDueDate(studentId)} asc nulls last`, asc(assignments.title));
}

/** Published assignments in every course the student is enrolled in. */
export function enrolledCourseIds(db: Database, studentId: string) {
  return db
    .select({ id: enrollments.course_id })
    .from(enrollments)
    .where(eq(enrollments.student_id, studentId));
}

export const inCourses = (courseIds: ReturnType<typeof enrolledCourseIds>) =>
  inArray(assignments.course_id, courseIds);
