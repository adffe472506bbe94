// Seeds the demo content into an empty database. Files are stored first and every row is
// written in one transaction; if that fails the files are removed again, so a failed seed
// leaves neither rows nor orphan files behind (DESIGN §1, principle 5).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { FileStorage } from '../files/storage';
import type { Database } from './connect';
import {
  DEMO_ACCOUNTS,
  DEMO_ASSIGNMENTS,
  DEMO_COURSES,
  DEMO_ENROLLMENTS,
  DEMO_SUBMISSIONS,
} from './demo-data';
import { createTextPdf, textPdfContent } from './demo-pdf';
import type { DemoSubmission, RelativeTime } from './demo-types';
import { assignments, courses, enrollments, submissions, users } from './schema';

export interface SeedOptions {
  storage: FileStorage;
  demoPassword: string;
  /** The moment the relative demo dates are counted from; tests pin it. */
  now?: Date;
}

// Serialises concurrent seeders (several instances starting on one fresh PostgreSQL).
const SEED_LOCK_KEY = 4_200_501;

export async function seedDemoData(
  db: Database,
  options: SeedOptions,
): Promise<{ seeded: boolean }> {
  // Cheap check first, so a normal start-up on an existing database writes no files at all.
  if (await hasUsers(db)) return { seeded: false };

  const now = options.now ?? new Date();
  const at = (time: RelativeTime) => atRelative(now, time);
  // One hash for all three accounts: scrypt is slow on purpose and they share the password.
  const passwordHash = await hashPassword(options.demoPassword);

  const userIds = new Map(DEMO_ACCOUNTS.map((account) => [account.key, randomUUID()]));
  const courseIds = new Map(DEMO_COURSES.map((course) => [course.key, course.id ?? randomUUID()]));
  const assignmentIds = new Map(
    DEMO_ASSIGNMENTS.map((assignment) => [assignment.key, randomUUID()]),
  );
  const idOf = <K>(ids: Map<K, string>, key: K) => {
    const id = ids.get(key);
    if (!id) throw new Error(`Demo data refers to an unknown key: ${String(key)}`);
    return id;
  };

  const userRows = DEMO_ACCOUNTS.map((account) => ({
    id: idOf(userIds, account.key),
    email: account.email,
    full_name: account.full_name,
    role: account.role,
    password_hash: passwordHash,
    created_at: at({ days: -45, hour: 8, minute: 0 }),
    updated_at: at({ days: -45, hour: 8, minute: 0 }),
  }));
  const courseRows = DEMO_COURSES.map((course) => ({
    id: idOf(courseIds, course.key),
    title: course.title,
    description: course.description,
    teacher_id: idOf(userIds, course.teacher),
    created_at: at(course.createdAt),
    updated_at: at(course.createdAt),
  }));
  const enrollmentRows = DEMO_ENROLLMENTS.map((enrollment) => ({
    course_id: idOf(courseIds, enrollment.course),
    student_id: idOf(userIds, enrollment.student),
    enrolled_at: at(enrollment.enrolledAt),
  }));
  const assignmentRows = DEMO_ASSIGNMENTS.map((assignment) => ({
    id: idOf(assignmentIds, assignment.key),
    course_id: idOf(courseIds, assignment.course),
    title: assignment.title,
    description: assignment.description,
    due_date: assignment.due ? at(assignment.due) : null,
    total_points: assignment.totalPoints,
    status: assignment.status,
    rubric_markdown: assignment.rubric,
    created_at: at(assignment.createdAt),
    updated_at: at(assignment.createdAt),
  }));
  const courseOfAssignment = (key: string) => {
    const assignment = DEMO_ASSIGNMENTS.find((a) => a.key === key);
    if (!assignment) throw new Error(`Demo submission refers to an unknown assignment: ${key}`);
    return idOf(courseIds, assignment.course);
  };

  const storedPaths: string[] = [];
  try {
    const submissionRows: (typeof submissions.$inferInsert)[] = [];
    for (const submission of DEMO_SUBMISSIONS) {
      const submittedAt = at(submission.submittedAt);
      const key = options.storage.buildKey({
        courseId: courseOfAssignment(submission.assignment),
        studentId: idOf(userIds, submission.student),
        filename: submission.originalFilename,
        now: submittedAt,
      });
      const file = await options.storage.put(key, await createTextPdf(submission.document));
      storedPaths.push(file.path);
      submissionRows.push({
        assignment_id: idOf(assignmentIds, submission.assignment),
        student_id: idOf(userIds, submission.student),
        submitted_at: submittedAt,
        file_path: file.path,
        file_size: file.size,
        original_filename: submission.originalFilename,
        content: textPdfContent(submission.document),
        created_at: submittedAt,
        ...gradingColumns(submission, at),
      });
    }

    const seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Another instance may have seeded while we were writing files.
      if (await hasUsers(tx)) return false;
      await tx.insert(users).values(userRows);
      await tx.insert(courses).values(courseRows);
      await tx.insert(enrollments).values(enrollmentRows);
      await tx.insert(assignments).values(assignmentRows);
      await tx.insert(submissions).values(submissionRows);
      return true;
    });
    if (!seeded) await removeAll(options.storage, storedPaths);
    return { seeded };
  } catch (error) {
    await removeAll(options.storage, storedPaths);
    throw error;
  }
}

function gradingColumns(submission: DemoSubmission, at: (time: RelativeTime) => Date) {
  const grading = submission.grading;
  if (!grading) {
    const submittedAt = at(submission.submittedAt);
    return { status: 'submitted' as const, grade: null, updated_at: submittedAt };
  }
  const gradedAt = at(grading.gradedAt);
  return {
    status: 'graded' as const,
    grade: grading.grade,
    graded_at: gradedAt,
    feedback: grading.feedback,
    show_detailed_feedback: grading.showDetailedFeedback,
    detailed_feedback_json: grading.detailed,
    updated_at: gradedAt,
  };
}

async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

async function removeAll(storage: FileStorage, paths: string[]) {
  // Best effort: the original error matters more than a failed clean-up.
  await Promise.allSettled(paths.map((path) => storage.remove(path)));
}

/** The seeding day plus `days`, at a local wall-clock time, so due dates read naturally. */
function atRelative(now: Date, time: RelativeTime): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + time.days);
  date.setHours(time.hour, time.minute, 0, 0);
  return date;
}
