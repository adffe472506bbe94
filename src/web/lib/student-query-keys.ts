/**
 * Query keys of everything a student sees, all under one root: enrolling changes the
 * dashboard, both course lists and the course pages at once, so it invalidates the root, and
 * features that must not import each other still agree on the keys.
 */
export const studentKeys = {
  all: ['student'] as const,
  dashboard: () => ['student', 'dashboard'] as const,
  courses: (scope: 'enrolled' | 'available') => ['student', 'courses', scope] as const,
  course: (courseId: string) => ['student', 'course', courseId] as const,
  courseAssignments: (courseId: string) => ['student', 'course', courseId, 'assignments'] as const,
  assignment: (assignmentId: string) => ['student', 'assignment', assignmentId] as const,
  mySubmission: (assignmentId: string) =>
    ['student', 'assignment', assignmentId, 'submission'] as const,
};
