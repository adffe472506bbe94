// The database schema (DESIGN §5). Rules that must never be broken live here as
// constraints, so that no code path, present or future, can write a bad row.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { exactTimestamptz } from './exact-timestamp';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    full_name: text('full_name').notNull(),
    role: text('role', { enum: ['teacher', 'student'] }).notNull(),
    password_hash: text('password_hash').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('teacher', 'student')`),
    // Emails are stored lower-case so that the unique constraint is case-insensitive.
    check('users_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    family_id: uuid('family_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    teacher_id: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // Kept by triggers on enrollments and assignments (migration 0009, decision 031), so that
    // every list of courses is a plain read of the rows it shows. Nothing else writes them.
    student_count: integer('student_count').notNull().default(0),
    assignment_count: integer('assignment_count').notNull().default(0),
    total_points: integer('total_points').notNull().default(0),
    /** What students are shown: the published assignments only. */
    published_assignment_count: integer('published_assignment_count').notNull().default(0),
    published_total_points: integer('published_total_points').notNull().default(0),
  },
  (t) => [
    index('courses_teacher_idx').on(t.teacher_id, t.created_at),
    check('courses_title_not_blank_check', sql`length(trim(${t.title})) > 0`),
  ],
);

export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    // Teachers choose it, years 1–9999: read exactly (exact-timestamp.ts).
    due_date: exactTimestamptz('due_date'),
    total_points: integer('total_points').notNull().default(100),
    status: text('status', { enum: ['draft', 'published', 'closed'] })
      .notNull()
      .default('draft'),
    rubric_markdown: text('rubric_markdown'),
    /** automatic: a saved grade is the student's at once; manual: only once released (DESIGN §11). */
    grade_release: text('grade_release', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    /** Manual release: grades saved at or before this instant are released; null hides them all. */
    grades_released_at: timestamp('grades_released_at', { withTimezone: true }),
    /** Students may ask for a regrade of a released grade, even once closed (docs/decisions/028). */
    accepts_regrade_requests: boolean('accepts_regrade_requests').notNull().default(true),
    /** Late policy (029): a suggested deduction per started day late, capped; null: none. */
    late_penalty_percent_per_day: doublePrecision('late_penalty_percent_per_day'),
    late_penalty_cap_percent: doublePrecision('late_penalty_cap_percent'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('assignments_course_idx').on(t.course_id),
    check('assignments_grade_release_check', sql`${t.grade_release} in ('automatic', 'manual')`),
    check('assignments_total_points_check', sql`${t.total_points} between 1 and 1000`),
    check('assignments_status_check', sql`${t.status} in ('draft', 'published', 'closed')`),
    check('assignments_title_not_blank_check', sql`length(trim(${t.title})) > 0`),
    check(
      'assignments_late_penalty_check',
      sql`(${t.late_penalty_percent_per_day} is null or ${t.late_penalty_percent_per_day} between 0 and 100) and (${t.late_penalty_cap_percent} is null or (${t.late_penalty_cap_percent} between 0 and 100 and ${t.late_penalty_percent_per_day} is not null))`,
    ),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    assignment_id: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'submitted', 'graded'] })
      .notNull()
      .default('submitted'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    grade: doublePrecision('grade'),
    graded_at: timestamp('graded_at', { withTimezone: true }),
    feedback: text('feedback'),
    show_detailed_feedback: boolean('show_detailed_feedback').notNull().default(false),
    detailed_feedback_json: jsonb('detailed_feedback_json'),
    /** The teacher's final points per rubric criterion, when they graded with the rubric rows. */
    rubric_scores: jsonb('rubric_scores'),
    /** The Mylo suggestion the saved grade started from, if any (DESIGN §11). */
    graded_from_suggestion_id: uuid('graded_from_suggestion_id').references(
      (): AnyPgColumn => gradingSuggestions.id,
      { onDelete: 'set null' },
    ),
    /**
     * The version handed in last (DESIGN §11). file_path, file_size, original_filename, content
     * and submitted_at copy it, so that every reader of the current file reads the row alone.
     */
    current_version_id: uuid('current_version_id').references(
      (): AnyPgColumn => submissionVersions.id,
      { onDelete: 'set null' },
    ),
    /** The version the saved grade graded (null once a resubmission clears the grade). */
    graded_version_id: uuid('graded_version_id').references(
      (): AnyPgColumn => submissionVersions.id,
      { onDelete: 'set null' },
    ),
    file_url: text('file_url'),
    file_path: text('file_path'),
    file_size: integer('file_size'),
    original_filename: text('original_filename'),
    content: text('content'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('submissions_assignment_student_unique').on(t.assignment_id, t.student_id),
    index('submissions_student_idx').on(t.student_id),
    // The dashboard's "recent submissions": read in order, stop at the limit (no sort of all).
    index('submissions_recent_idx').on(t.submitted_at.desc().nullsLast(), t.id.desc().nullsFirst()),
    // "To grade" counts (grading-states.ts's isUngraded) from the index alone.
    index('submissions_ungraded_idx')
      .on(t.assignment_id)
      .where(sql`${t.status} <> 'draft' and ${t.submitted_at} is not null and ${t.grade} is null`),
    check('submissions_status_check', sql`${t.status} in ('draft', 'submitted', 'graded')`),
    check('submissions_grade_check', sql`${t.grade} >= 0`),
    check('submissions_file_size_check', sql`${t.file_size} >= 0`),
  ],
);

/**
 * Every file a submission was handed in with (DESIGN §11), numbered from 1, each with the text
 * extracted from it. The newest SUBMISSION_VERSION_LIMIT are kept; older ones are removed with
 * their files. A stored file is referenced while a version (or a submission) names it.
 */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: id(),
    submission_id: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    file_path: text('file_path').notNull(),
    file_size: integer('file_size').notNull(),
    original_filename: text('original_filename').notNull(),
    content: text('content'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('submission_versions_submission_number_unique').on(t.submission_id, t.number),
    // "Is this stored file referenced?" (sweeps, deletes, the file policy, extracted text).
    index('submission_versions_file_path_idx').on(t.file_path),
    check('submission_versions_number_check', sql`${t.number} >= 1`),
    check('submission_versions_file_size_check', sql`${t.file_size} >= 0`),
  ],
);

/** One student's own due date for one assignment (DESIGN §11, docs/decisions/029). */
export const extensions = pgTable(
  'extensions',
  {
    id: id(),
    assignment_id: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    due_date: exactTimestamptz('due_date').notNull(),
    granted_by: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('extensions_assignment_student_unique').on(t.assignment_id, t.student_id),
    index('extensions_student_idx').on(t.student_id),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolled_at: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('enrollments_course_student_unique').on(t.course_id, t.student_id),
    index('enrollments_student_idx').on(t.student_id),
  ],
);

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    message_count: integer('message_count').notNull().default(0),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    /** An action Mylo proposed and the teacher must confirm in this thread (e.g. a delete). */
    pending_action: jsonb('pending_action'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('chat_threads_user_idx').on(t.user_id, t.updated_at),
    check('chat_threads_message_count_check', sql`${t.message_count} >= 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    thread_id: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    response: text('response'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('chat_messages_thread_idx').on(t.thread_id, t.created_at)],
);

/**
 * The voice course's knowledge base as last built (DESIGN §9): course-level facts only. With a
 * provider key, document_id is the provider's copy of this content; without one it stays null
 * and the document is kept here only.
 */
export const voiceKnowledgeBases = pgTable('voice_knowledge_bases', {
  course_id: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  document_id: text('document_id'),
  content: text('content').notNull(),
  content_hash: text('content_hash').notNull(),
  updated_at: updatedAt(),
});

/**
 * Mylo's suggestions (DESIGN §11): every auto-grade result is kept, for the file version it
 * graded (the submission's file_path then). The newest undismissed one of the current file is
 * "the" suggestion; a resubmission leaves older ones stale. Nothing here is a grade.
 */
export const gradingSuggestions = pgTable(
  'grading_suggestions',
  {
    id: id(),
    submission_id: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The stored file that was graded: the version this suggestion belongs to. */
    file_path: text('file_path').notNull(),
    /** That version's row, while it is kept (null once the version limit removed it). */
    version_id: uuid('version_id').references(() => submissionVersions.id, {
      onDelete: 'set null',
    }),
    /** Stable engine id ('offline' | 'llm') and the engine's display name with its model. */
    engine_id: text('engine_id').notNull(),
    engine_name: text('engine_name').notNull(),
    grade: doublePrecision('grade').notNull(),
    result: jsonb('result').notNull(),
    requested_by: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    dismissed_at: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    index('grading_suggestions_submission_idx').on(t.submission_id, t.created_at),
    check('grading_suggestions_engine_check', sql`${t.engine_id} in ('offline', 'llm')`),
    check('grading_suggestions_grade_check', sql`${t.grade} >= 0`),
  ],
);

/**
 * Background jobs (DESIGN §12, docs/decisions/014): rows claimed with FOR UPDATE SKIP LOCKED
 * under a lease, so several instances share the work and a crashed instance's jobs run again
 * once their lease expires.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Jobs of one kind and key run one at a time; a queued one absorbs a repeat. */
    key: text('key'),
    /** What the job belongs to, for progress and cancellation (e.g. an assignment's batch). */
    group_id: uuid('group_id'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(3),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance holding the job while it runs; once finished, the one that finished it. */
    lease_owner: text('lease_owner'),
    lease_expires_at: timestamp('lease_expires_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'jobs_state_check',
      sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.max_attempts} >= 1`),
    index('jobs_claim_idx').on(t.state, t.run_at),
    index('jobs_key_idx').on(t.kind, t.key),
    index('jobs_group_idx').on(t.group_id),
    uniqueIndex('jobs_queued_key_unique')
      .on(t.kind, t.key)
      .where(sql`${t.state} = 'queued' and ${t.key} is not null`),
  ],
);

/**
 * A student's request for a regrade (DESIGN §11, docs/decisions/028): at most one per
 * submission, open until the teacher answers it with a note and an outcome.
 */
export const regradeRequests = pgTable(
  'regrade_requests',
  {
    id: id(),
    submission_id: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Titles of the assignment's rubric criteria the student names (validated against it). */
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    state: text('state', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    teacher_note: text('teacher_note'),
    outcome: text('outcome', { enum: ['changed', 'kept'] }),
    answered_by: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    unique('regrade_requests_submission_unique').on(t.submission_id),
    // The dashboard's count of open requests.
    index('regrade_requests_open_idx')
      .on(t.submission_id)
      .where(sql`${t.state} = 'open'`),
    check('regrade_requests_state_check', sql`${t.state} in ('open', 'answered')`),
    check('regrade_requests_outcome_check', sql`${t.outcome} in ('changed', 'kept')`),
    check('regrade_requests_reason_check', sql`length(trim(${t.reason})) between 1 and 2000`),
    check(
      'regrade_requests_note_check',
      sql`${t.teacher_note} is null or length(trim(${t.teacher_note})) between 1 and 2000`,
    ),
    // An answered request has its note, outcome and time; an open one none of them.
    check(
      'regrade_requests_answer_check',
      sql`(${t.state} = 'open' and ${t.teacher_note} is null and ${t.outcome} is null and ${t.answered_at} is null) or (${t.state} = 'answered' and ${t.teacher_note} is not null and ${t.outcome} is not null and ${t.answered_at} is not null)`,
    ),
  ],
);
