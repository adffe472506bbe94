// Limits shared by the web client and the server: both sides check the same numbers.

export const TOTAL_POINTS = { min: 1, max: 1000, default: 100 } as const;
export const GRADE_STEP = 0.5;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const PDF_MIME_TYPE = 'application/pdf';

export const SIGNED_URL_TTL_SECONDS = { default: 3600, viewer: 72000 } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Due dates PostgreSQL and ISO 8601 both hold (year 0 and years past 9999 are neither's). */
export const DUE_DATE_YEARS = { min: 1, max: 9999 } as const;
export const DUE_DATE_RANGE_MESSAGE = `Due date must be between the years ${DUE_DATE_YEARS.min} and ${DUE_DATE_YEARS.max}.`;

export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;
export const FULL_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

export const DASHBOARD_LIMITS = {
  teacherRecentCourses: 3,
  teacherRecentSubmissions: 3,
  studentUpcomingAssignments: 5,
  studentRecentSubmissions: 3,
} as const;

export const CHAT = { defaultThreadTitle: 'New Chat', fallbackTitleWords: 3 } as const;

// SPEC §9: refresh when fewer than 3 ticks of 30 s remain; retry from 200 ms, doubling, for 30 s.
export const SESSION_REFRESH = {
  tickMs: 30_000,
  refreshWhenTicksLeft: 3,
  firstRetryMs: 200,
  retryBudgetMs: 30_000,
} as const;

/** Caps on text fields, so one request cannot store megabytes of text. */
export const TEXT_LIMITS = {
  title: 200,
  markdown: 100_000,
  feedback: 20_000,
  filename: 255,
} as const;

/**
 * What Mylo grades: a rubric of at most this many criteria, a text of at most this many
 * characters (about 15,000 words). Past them it refuses, rather than spend minutes of CPU.
 */
export const AUTO_GRADING = { maxCriteria: 100, maxTextChars: 100_000 } as const;

/** Class grading (DESIGN §11): rubric rows a grade may carry, and what the agreement panel lists. */
export const CLASS_GRADING = {
  maxRubricCriteria: AUTO_GRADING.maxCriteria,
  largestDisagreements: 5,
  /** "Within 5 % / 10 % of the total" in the agreement panel. */
  agreementBands: [0.05, 0.1],
} as const;

/** Regrade requests (docs/decisions/028): the student's reason, the teacher's note. */
export const REGRADE = { reasonMaxChars: 2000, noteMaxChars: 2000 } as const;
