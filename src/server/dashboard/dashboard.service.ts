// Everything a dashboard shows in one response, in a fixed number of SQL statements however
// many courses, assignments and submissions there are (SPEC §7's waterfall made one call).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DASHBOARD_LIMITS } from '@domain/limits';
import { assignments, courses, enrollments, submissions, users } from '../db/schema';
import { openRegradeRequestCount } from '../regrades/regrade-counts';
import type { ServiceDeps } from '../deps';
import { effectiveDueDate, extendedDueDate, isOpenToStudent } from '../extensions/due-dates';
import { listTeacherCourses } from '../courses/course-queries';
import type { Database } from '../db/connect';
import { literalLimit, preparedRead } from '../db/prepared';
import type { Actor } from '../policies/actor';
import { isHandedIn, isUngraded } from '../submissions/grading-states';
import { forStudent, gradeReleasedColumn } from '../submissions/student-view';

const TEACHER = sql.placeholder('teacherId');

/** The four figures at the top of a teacher's dashboard, in one statement. */
function teacherStats(db: Database) {
  const ownCourses = db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.teacher_id, TEACHER));
  const ownAssignments = db
    .select({ id: assignments.id })
    .from(assignments)
    .where(inArray(assignments.course_id, ownCourses));
  return db
    .select({
      total_courses: sql<number>`count(*)::int`,
      // Each course keeps its own count of assignments (decision 031).
      total_assignments: sql<number>`coalesce(sum(${courses.assignment_count}), 0)::int`,
      submissions_to_grade: db.$count(
        submissions,
        and(isUngraded, inArray(submissions.assignment_id, ownAssignments)),
      ),
      open_regrade_requests: openRegradeRequestCount(db, TEACHER),
    })
    .from(courses)
    .where(eq(courses.teacher_id, TEACHER));
}

/** The newest hand-ins to the teacher's courses: read from the index in that order (0004). */
function recentTeacherSubmissions(db: Database) {
  return db
    .select({
      id: submissions.id,
      course_id: assignments.course_id,
      assignment_id: submissions.assignment_id,
      assignment_title: assignments.title,
      original_filename: submissions.original_filename,
      submitted_at: submissions.submitted_at,
      student_full_name: users.full_name,
      grade: submissions.grade,
      status: submissions.status,
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .leftJoin(users, eq(users.id, submissions.student_id))
    .where(eq(courses.teacher_id, TEACHER))
    .orderBy(sql`${submissions.submitted_at} desc nulls last`, desc(submissions.id))
    .limit(literalLimit(DASHBOARD_LIMITS.teacherRecentSubmissions));
}

export function createDashboardService({ db, clock }: ServiceDeps) {
  async function teacherDashboard(actor: Actor) {
    const params = { teacherId: actor.id };
    const [[stats], recentCourses, recentSubmissions] = await Promise.all([
      preparedRead(db, 'dashboard_teacher_stats', () => teacherStats(db)).execute(params),
      listTeacherCourses(db, actor.id, DASHBOARD_LIMITS.teacherRecentCourses),
      preparedRead(db, 'dashboard_teacher_submissions', () => recentTeacherSubmissions(db)).execute(
        params,
      ),
    ]);
    if (!stats) throw new Error('the dashboard figures returned no row');
    return {
      role: 'teacher' as const,
      stats,
      recent_courses: recentCourses,
      recent_submissions: recentSubmissions,
    };
  }

  async function studentDashboard(actor: Actor) {
    const now = clock();
    const enrolledCourses = db
      .select({ id: enrollments.course_id })
      .from(enrollments)
      .where(eq(enrollments.student_id, actor.id));
    // Upcoming for this student: their own due date (an extension included) is ahead (029).
    const dueForMe = effectiveDueDate(actor.id);
    const upcoming = and(
      inArray(assignments.course_id, enrolledCourses),
      isOpenToStudent(actor.id, now),
      sql`${dueForMe} > ${now.toISOString()}::timestamptz`,
    );
    const [enrolledCount, upcomingCount, submissionCount, upcomingAssignments, recentSubmissions] =
      await Promise.all([
        db.$count(enrollments, eq(enrollments.student_id, actor.id)),
        db.$count(assignments, upcoming),
        db.$count(submissions, and(eq(submissions.student_id, actor.id), isHandedIn)),
        db
          .select({
            id: assignments.id,
            course_id: assignments.course_id,
            course_title: courses.title,
            title: assignments.title,
            due_date: sql<Date>`${dueForMe}`.mapWith(assignments.due_date),
            extended: sql<boolean>`${extendedDueDate(actor.id)} is not null`,
            total_points: assignments.total_points,
            status: assignments.status,
            submitted: sql<boolean>`${submissions.id} is not null`,
          })
          .from(assignments)
          .innerJoin(courses, eq(courses.id, assignments.course_id))
          .leftJoin(
            submissions,
            and(
              eq(submissions.assignment_id, assignments.id),
              eq(submissions.student_id, actor.id),
            ),
          )
          .where(upcoming)
          .orderBy(dueForMe, assignments.id)
          .limit(DASHBOARD_LIMITS.studentUpcomingAssignments),
        db
          .select({
            id: submissions.id,
            course_id: courses.id,
            course_title: courses.title,
            assignment_id: assignments.id,
            assignment_title: assignments.title,
            total_points: assignments.total_points,
            submitted_at: submissions.submitted_at,
            status: submissions.status,
            grade: submissions.grade,
            grade_released: gradeReleasedColumn(),
            original_filename: submissions.original_filename,
          })
          .from(submissions)
          .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
          .innerJoin(courses, eq(courses.id, assignments.course_id))
          .where(eq(submissions.student_id, actor.id))
          .orderBy(sql`${submissions.submitted_at} desc nulls last`, desc(submissions.id))
          .limit(DASHBOARD_LIMITS.studentRecentSubmissions),
      ]);
    return {
      role: 'student' as const,
      stats: {
        enrolled_courses: enrolledCount,
        upcoming_assignments: upcomingCount,
        total_submissions: submissionCount,
      },
      upcoming_assignments: upcomingAssignments,
      recent_submissions: recentSubmissions.map(forStudent),
    };
  }

  return {
    get: (actor: Actor) =>
      actor.role === 'teacher' ? teacherDashboard(actor) : studentDashboard(actor),
  };
}
