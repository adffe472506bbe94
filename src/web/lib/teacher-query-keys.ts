/**
 * Query keys of the teacher screens, all under one root. A change in one place (an assignment
 * deleted) refreshes every screen that shows it (the course's counters, the dashboard) while the
 * features, which must not import each other, still agree on the keys. Prefix keys invalidate
 * everything below them.
 */
export const teacherKeys = {
  all: ['teacher'] as const,
  dashboard: () => ['teacher', 'dashboard'] as const,
  courses: {
    all: () => ['teacher', 'courses'] as const,
    mine: () => ['teacher', 'courses', 'list'] as const,
    detail: (courseId: string) => ['teacher', 'courses', 'detail', courseId] as const,
  },
  assignments: {
    all: () => ['teacher', 'assignments'] as const,
    ofCourse: (courseId: string) => ['teacher', 'assignments', 'course', courseId] as const,
    detail: (assignmentId: string) => ['teacher', 'assignments', 'detail', assignmentId] as const,
    submissions: (assignmentId: string) =>
      ['teacher', 'assignments', 'detail', assignmentId, 'submissions'] as const,
  },
  submissions: {
    detail: (submissionId: string) => ['teacher', 'submissions', 'detail', submissionId] as const,
  },
};
