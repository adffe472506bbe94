// One query shape for every course read: the course, its teacher and its counts. The counts
// are columns kept by triggers (migration 0009, decision 031), so a list of N courses reads N
// rows and aggregates nothing. The lists a teacher or student opens most are prepared once.
import { and, desc, eq, exists, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { preparedRead } from '../db/prepared';
import { courses, enrollments, users } from '../db/schema';

export type CourseView = 'teacher' | 'student';

function courseSelection(view: CourseView) {
  const teacherView = view === 'teacher';
  return {
    id: courses.id,
    title: courses.title,
    description: courses.description,
    teacher_id: courses.teacher_id,
    created_at: courses.created_at,
    updated_at: courses.updated_at,
    teacher: { id: users.id, full_name: users.full_name, email: users.email, role: users.role },
    student_count: courses.student_count,
    // Students count only what they can see: the published assignments.
    assignment_count: teacherView ? courses.assignment_count : courses.published_assignment_count,
    total_points: teacherView ? courses.total_points : courses.published_total_points,
  };
}

type CourseRow = Awaited<ReturnType<typeof coursesWhere>>[number];
export type CourseRecord = Omit<CourseRow, 'teacher'> & {
  teacher: Omit<CourseRow['teacher'], 'email'> & { email?: string };
};

/** A student sees the teacher's name only (SPEC §2 shows no email): dropped here, once. */
function forView(view: CourseView, rows: CourseRow[]): CourseRecord[] {
  if (view === 'teacher') return rows;
  return rows.map(({ teacher: { email: _email, ...teacher }, ...course }) => ({
    ...course,
    teacher,
  }));
}

function coursesWhere(db: Database, view: CourseView, where: SQL | undefined) {
  return db
    .select(courseSelection(view))
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacher_id))
    .where(where)
    .orderBy(desc(courses.created_at), desc(courses.id));
}

export async function selectCourses(
  db: Database,
  options: { where: SQL | undefined; view: CourseView; limit?: number },
): Promise<CourseRecord[]> {
  const query = coursesWhere(db, options.view, options.where);
  return forView(
    options.view,
    await (options.limit === undefined ? query : query.limit(options.limit)),
  );
}

export async function selectCourse(db: Database, courseId: string, view: CourseView) {
  const [course] = await selectCourses(db, { where: eq(courses.id, courseId), view });
  return course;
}

const enrolledIn = and(
  eq(enrollments.course_id, courses.id),
  eq(enrollments.student_id, sql.placeholder('studentId')),
);

/** A teacher's own courses, newest first (the newest `limit` of them when given). */
export function listTeacherCourses(
  db: Database,
  teacherId: string,
  limit?: number,
): Promise<CourseRecord[]> {
  const own = () =>
    coursesWhere(db, 'teacher', eq(courses.teacher_id, sql.placeholder('teacherId')));
  return limit === undefined
    ? preparedRead(db, 'courses_of_teacher', own).execute({ teacherId })
    : preparedRead(db, 'courses_of_teacher_newest', () =>
        own().limit(sql.placeholder('limit')),
      ).execute({ teacherId, limit });
}

/** The courses a student is enrolled in, or the ones they could join. */
export async function listStudentCourses(
  db: Database,
  studentId: string,
  scope: 'enrolled' | 'available',
): Promise<CourseRecord[]> {
  const enrolment = () => db.select({ id: enrollments.id }).from(enrollments).where(enrolledIn);
  const query =
    scope === 'enrolled'
      ? preparedRead(db, 'courses_enrolled', () => coursesWhere(db, 'student', exists(enrolment())))
      : preparedRead(db, 'courses_available', () =>
          coursesWhere(db, 'student', notExists(enrolment())),
        );
  return forView('student', await query.execute({ studentId }));
}
