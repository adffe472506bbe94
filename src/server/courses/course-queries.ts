// One query shape for every course read: the course, its teacher and its counts, all computed
// in SQL (correlated subqueries), so a list of N courses is still one statement.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments, users } from '../db/schema';

export type CourseView = 'teacher' | 'student';

export async function selectCourses(
  db: Database,
  options: { where: SQL | undefined; view: CourseView; limit?: number },
) {
  // Students count only what they can see: the published assignments.
  const visibleAssignments =
    options.view === 'student'
      ? and(eq(assignments.course_id, courses.id), eq(assignments.status, 'published'))
      : eq(assignments.course_id, courses.id);
  const query = db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      teacher_id: courses.teacher_id,
      created_at: courses.created_at,
      updated_at: courses.updated_at,
      teacher: {
        id: users.id,
        full_name: users.full_name,
        email: users.email,
        role: users.role,
      },
      student_count: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.course_id} = ${courses.id})`,
      assignment_count: sql<number>`(select count(*)::int from ${assignments} where ${visibleAssignments})`,
      total_points: sql<number>`(select coalesce(sum(${assignments.total_points}), 0)::int from ${assignments} where ${visibleAssignments})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacher_id))
    .where(options.where)
    .orderBy(desc(courses.created_at), desc(courses.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export type CourseRecord = Awaited<ReturnType<typeof selectCourses>>[number];

export async function selectCourse(db: Database, courseId: string, view: CourseView) {
  const [course] = await selectCourses(db, { where: eq(courses.id, courseId), view });
  return course;
}
