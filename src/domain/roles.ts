export const ROLES = ['teacher', 'student'] as const;
export type Role = (typeof ROLES)[number];

export const ASSIGNMENT_STATUSES = ['draft', 'published', 'closed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** When a saved grade reaches the student (DESIGN §11): at once, or when the teacher releases it. */
export const GRADE_RELEASE_POLICIES = ['automatic', 'manual'] as const;
export type GradeReleasePolicy = (typeof GRADE_RELEASE_POLICIES)[number];

export const SUBMISSION_STATUSES = ['draft', 'submitted', 'graded'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export function dashboardPathFor(role: Role): string {
  return role === 'teacher' ? '/teacher/dashboard' : '/student/dashboard';
}
