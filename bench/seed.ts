// Bulk fixtures for the benchmarks, inserted straight into the database (not through the API)
// so seeding 8,000 submissions takes seconds. One password hash is shared by every user.
import { hashPassword } from '@server/auth/passwords';
import type { Database } from '@server/db/connect';
import { assignments, courses, enrollments, submissions, users } from '@server/db/schema';

export const BENCH_PASSWORD = 'bench-password-2026';
export const DASHBOARD_SHAPE = { courses: 20, assignmentsPerCourse: 10, students: 40 } as const;
export const RUSH_STUDENTS = 200;

export interface BenchFixture {
  password: string;
  teacherEmail: string;
  rushTeacherEmail: string;
  rushCourseId: string;
  rushAssignmentId: string;
  largeAssignmentId: string;
  rushStudentEmails: string[];
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedBench(db: Database): Promise<BenchFixture> {
  const password_hash = await hashPassword(BENCH_PASSWORD);
  const user = (email: string, role: 'teacher' | 'student', full_name: string) => ({
    email,
    role,
    full_name,
    password_hash,
  });

  const [teacher, rushTeacher] = await db
    .insert(users)
    .values([
      user('bench.teacher@bench.test', 'teacher', 'Bench Teacher'),
      user('rush.teacher@bench.test', 'teacher', 'Rush Teacher'),
    ])
    .returning({ id: users.id, email: users.email });
  if (!teacher || !rushTeacher) throw new Error('teachers were not inserted');

  // Teacher dashboard: 20 courses × 10 assignments × 40 submissions, 40 students in every course.
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: DASHBOARD_SHAPE.students }, (_, i) =>
        user(`dash.student.${i}@bench.test`, 'student', `Dashboard Student ${i}`),
      ),
    )
    .returning({ id: users.id });
  const courseRows = await db
    .insert(courses)
    .values(
      Array.from({ length: DASHBOARD_SHAPE.courses }, (_, i) => ({
        title: `Bench course ${i + 1}`,
        description: 'Seeded by npm run bench',
        teacher_id: teacher.id,
      })),
    )
    .returning({ id: courses.id });
  await db
    .insert(enrollments)
    .values(
      courseRows.flatMap((c) => students.map((s) => ({ course_id: c.id, student_id: s.id }))),
    );
  const due = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const assignmentRows = await db
    .insert(assignments)
    .values(
      courseRows.flatMap((c) =>
        Array.from({ length: DASHBOARD_SHAPE.assignmentsPerCourse }, (_, i) => ({
          course_id: c.id,
          title: `Assignment ${i + 1}`,
          description: 'Write an essay.',
          status: 'published' as const,
          due_date: due,
          total_points: 100,
        })),
      ),
    )
    .returning({ id: assignments.id });
  const submittedAt = new Date();
  const submissionRows = assignmentRows.flatMap((a) =>
    students.map((s, i) => ({
      assignment_id: a.id,
      student_id: s.id,
      status: (i % 4 === 0 ? 'graded' : 'submitted') as 'graded' | 'submitted',
      submitted_at: submittedAt,
      grade: i % 4 === 0 ? 80 : null,
      graded_at: i % 4 === 0 ? submittedAt : null,
      content: 'An essay about hash tables.',
    })),
  );
  await insertChunked(submissionRows, 1000, (chunk) => db.insert(submissions).values(chunk));

  // Deadline rush and large uploads: another teacher's course with 200 enrolled students.
  const [rushCourse] = await db
    .insert(courses)
    .values({ title: 'Rush course', teacher_id: rushTeacher.id })
    .returning({ id: courses.id });
  if (!rushCourse) throw new Error('rush course was not inserted');
  const [rushAssignment, largeAssignment] = await db
    .insert(assignments)
    .values([
      { course_id: rushCourse.id, title: 'Deadline rush', status: 'published', due_date: due },
      { course_id: rushCourse.id, title: 'Large uploads', status: 'published', due_date: due },
    ])
    .returning({ id: assignments.id });
  if (!rushAssignment || !largeAssignment) throw new Error('rush assignments were not inserted');
  const rushStudentEmails = Array.from(
    { length: RUSH_STUDENTS },
    (_, i) => `rush.student.${i}@bench.test`,
  );
  const rushStudents = await db
    .insert(users)
    .values(rushStudentEmails.map((email, i) => user(email, 'student', `Rush Student ${i}`)))
    .returning({ id: users.id });
  await db
    .insert(enrollments)
    .values(rushStudents.map((s) => ({ course_id: rushCourse.id, student_id: s.id })));

  return {
    password: BENCH_PASSWORD,
    teacherEmail: teacher.email,
    rushTeacherEmail: rushTeacher.email,
    rushCourseId: rushCourse.id,
    rushAssignmentId: rushAssignment.id,
    largeAssignmentId: largeAssignment.id,
    rushStudentEmails,
  };
}
