import { randomUUID } from 'node:crypto';
import type { Role } from '@domain/roles';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments, users } from '../db/schema';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

/** A user row with a known password (hashed once per test file: scrypt is slow on purpose). */
export async function buildUser(
  db: Database,
  overrides: { role?: Role; email?: string; full_name?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = overrides.role ?? 'student';
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`,
      full_name: overrides.full_name ?? (role === 'teacher' ? 'Test Teacher' : 'Test Student'),
      role,
      password_hash: await passwordHash,
    })
    .returning({ id: users.id, email: users.email, full_name: users.full_name, role: users.role });
  if (!user) throw new Error('user was not inserted');
  return user;
}

/** A course row owned by the given teacher. */
export async function buildCourse(
  db: Database,
  teacherId: string,
  overrides: Partial<typeof courses.$inferInsert> = {},
) {
  const [course] = await db
    .insert(courses)
    .values({
      title: 'Test Course',
      description: 'A course for tests',
      teacher_id: teacherId,
      ...overrides,
    })
    .returning();
  if (!course) throw new Error('course was not inserted');
  return course;
}

/** An assignment row; published by default so students can see it. */
export async function buildAssignment(
  db: Database,
  courseId: string,
  overrides: Partial<typeof assignments.$inferInsert> = {},
) {
  const [assignment] = await db
    .insert(assignments)
    .values({ course_id: courseId, title: 'Test Assignment', status: 'published', ...overrides })
    .returning();
  if (!assignment) throw new Error('assignment was not inserted');
  return assignment;
}

export async function enrol(db: Database, courseId: string, studentId: string) {
  await db.insert(enrollments).values({ course_id: courseId, student_id: studentId });
}
