// Seeds the demo content into an empty database by replaying it through the services, in the
// order it would have happened: accounts sign up, Maya creates her courses and assignments,
// students enrol, upload and submit PDFs, Maya grades. Each step runs at its demo time (the
// services read deps.clock), so the demo always has work that is past due, due soon and due
// later. Everything is one transaction; if it fails, the files it stored are removed, so a
// failed seed leaves neither rows nor orphan files behind (DESIGN §1, principle 5).
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { assignmentInputSchema } from '@domain/schemas/assignments';
import { courseInputSchema } from '@domain/schemas/courses';
import { gradeInputSchema } from '@domain/schemas/submissions';
import { createAssignmentService } from '../assignments/assignments.service';
import { createAccount } from '../auth/auth.service';
import { createCourseService } from '../courses/courses.service';
import type { Database } from '../db/connect';
import { users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { createEnrollmentService } from '../enrollments/enrollments.service';
import { createFileService } from '../files/files.service';
import { createGradingService } from '../grading/grading.service';
import type { Actor } from '../policies/actor';
import type { FileStorage } from '../storage/file-storage';
import { createSubmissionService } from '../submissions/submissions.service';
import {
  DEMO_ACCOUNTS,
  DEMO_ASSIGNMENTS,
  DEMO_COURSES,
  DEMO_ENROLLMENTS,
  DEMO_SUBMISSIONS,
} from './data';
import { createTextPdf } from './text-pdf';
import type { RelativeTime } from './types';

export interface SeedOptions {
  demoPassword: string;
  /** The moment the relative demo dates are counted from; tests pin it. */
  now?: Date;
}

// Serialises concurrent seeders (several instances starting on one fresh PostgreSQL).
const SEED_LOCK_KEY = 4_200_501;
/** Accounts exist before anything else happens in the demo. */
const ACCOUNTS_CREATED: RelativeTime = { days: -45, hour: 8, minute: 0 };
/** A closed demo assignment is closed this long after its due date. */
const CLOSED_AFTER_DUE_MS = 60 * 60 * 1000;

interface Step {
  at: Date;
  run(): Promise<void>;
}

export async function seedDemoData(
  deps: ServiceDeps,
  options: SeedOptions,
): Promise<{ seeded: boolean }> {
  // Cheap check first, so a normal start-up on an existing database writes nothing at all.
  if (await hasUsers(deps.db)) return { seeded: false };

  const now = options.now ?? new Date();
  const stored: string[] = [];
  try {
    const seeded = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Another instance may have seeded while we waited for the lock.
      if (await hasUsers(tx)) return false;
      let current = now;
      const seedDeps: ServiceDeps = {
        ...deps,
        db: tx,
        storage: recordingPuts(deps.storage, stored),
        clock: () => current,
        // The voice knowledge base is built when the course first changes, not for the seed.
        courseChanges: { courseChanged: () => undefined },
      };
      const steps = await demoSteps(seedDeps, options.demoPassword, now);
      for (const step of steps.sort((a, b) => a.at.getTime() - b.at.getTime())) {
        current = step.at;
        await step.run();
      }
      return true;
    });
    if (!seeded) await removeAll(deps.storage, stored);
    return { seeded };
  } catch (error) {
    await removeAll(deps.storage, stored);
    throw error;
  }
}

/** Every demo event with its time; the caller runs them in time order. */
async function demoSteps(deps: ServiceDeps, demoPassword: string, now: Date): Promise<Step[]> {
  const at = (time: RelativeTime) => atRelative(now, time);
  const courses = createCourseService(deps);
  const assignments = createAssignmentService(deps);
  const enrollments = createEnrollmentService(deps);
  const files = createFileService(deps);
  const submissions = createSubmissionService(deps);
  const grading = createGradingService(deps);

  const actors = new Map<string, Actor>();
  const courseIds = new Map<string, string>();
  const assignmentIds = new Map<string, string>();
  const submissionIds = new Map<string, string>();
  const idOf = (ids: Map<string, string>, key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`Demo data refers to "${key}" before it exists`);
    return id;
  };
  const actor = (key: string) => {
    const found = actors.get(key);
    if (!found) throw new Error(`Demo data refers to the unknown account "${key}"`);
    return found;
  };
  const steps: Step[] = [];

  for (const account of DEMO_ACCOUNTS) {
    steps.push({
      at: at(ACCOUNTS_CREATED),
      run: async () => {
        const user = await createAccount(deps, {
          email: account.email,
          password: demoPassword,
          full_name: account.full_name,
          role: account.role,
        });
        actors.set(account.key, { id: user.id, role: user.role });
      },
    });
  }

  for (const course of DEMO_COURSES) {
    steps.push({
      at: at(course.createdAt),
      run: async () => {
        const input = courseInputSchema.parse({
          title: course.title,
          description: course.description,
        });
        const created = await courses.create(actor(course.teacher), input, { id: course.id });
        courseIds.set(course.key, created.id);
      },
    });
  }

  for (const enrolment of DEMO_ENROLLMENTS) {
    steps.push({
      at: at(enrolment.enrolledAt),
      run: async () => {
        await enrollments.enroll(actor(enrolment.student), idOf(courseIds, enrolment.course));
      },
    });
  }

  for (const assignment of DEMO_ASSIGNMENTS) {
    const course = DEMO_COURSES.find((c) => c.key === assignment.course);
    if (!course) throw new Error(`Demo assignment ${assignment.key} has no course`);
    const due = assignment.due ? at(assignment.due) : null;
    // Work was handed in while it was open: a closed assignment is published first and
    // closed after its due date.
    const closesLater = assignment.status === 'closed';
    steps.push({
      at: at(assignment.createdAt),
      run: async () => {
        const input = assignmentInputSchema.parse({
          title: assignment.title,
          description: assignment.description,
          due_date: due?.toISOString() ?? null,
          total_points: assignment.totalPoints,
          status: closesLater ? 'published' : assignment.status,
          rubric_markdown: assignment.rubric,
        });
        const teacher = actor(course.teacher);
        const created = await assignments.create(teacher, idOf(courseIds, course.key), input);
        assignmentIds.set(assignment.key, created.id);
      },
    });
    if (closesLater && due) {
      steps.push({
        at: new Date(due.getTime() + CLOSED_AFTER_DUE_MS),
        run: async () => {
          const id = idOf(assignmentIds, assignment.key);
          await assignments.update(actor(course.teacher), id, { status: 'closed' });
        },
      });
    }
  }

  for (const [index, submission] of DEMO_SUBMISSIONS.entries()) {
    const key = `${submission.assignment}/${submission.student}/${index}`;
    const pdf = await createTextPdf(submission.document);
    steps.push({
      at: at(submission.submittedAt),
      run: async () => {
        const student = actor(submission.student);
        const assignmentId = idOf(assignmentIds, submission.assignment);
        const upload = await files.upload(student, assignmentId, {
          filename: submission.originalFilename,
          mimetype: 'application/pdf',
          stream: Readable.from([pdf]),
          truncated: () => false,
        });
        const submitted = await submissions.submit(student, assignmentId, {
          file_path: upload.path,
          file_size: upload.size,
          original_filename: upload.original_filename,
        });
        submissionIds.set(key, submitted.id);
      },
    });
    const grade = submission.grading;
    if (!grade) continue;
    const course = DEMO_COURSES.find(
      (c) => c.key === DEMO_ASSIGNMENTS.find((a) => a.key === submission.assignment)?.course,
    );
    if (!course) throw new Error(`Demo submission ${key} has no course`);
    steps.push({
      at: at(grade.gradedAt),
      run: async () => {
        const input = gradeInputSchema.parse({
          grade: grade.grade,
          feedback: grade.feedback,
          show_detailed_feedback: grade.showDetailedFeedback,
          detailed_feedback_json: grade.detailed,
        });
        await grading.grade(actor(course.teacher), idOf(submissionIds, key), input);
      },
    });
  }
  return steps;
}

/** The same storage, noting every file it stores, so a failed seed can remove them. */
function recordingPuts(storage: FileStorage, stored: string[]): FileStorage {
  return {
    ...storage,
    async put(key, source, options) {
      const file = await storage.put(key, source, options);
      stored.push(file.path);
      return file;
    },
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
