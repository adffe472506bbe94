/**
 * Every TanStack Query key, in one style: `queryKeys.<area>.<thing>(...ids)`, each area under
 * its own root. Prefix keys invalidate everything below them: a change in one place (an
 * assignment deleted) refreshes every screen that shows it, while features, which must not
 * import each other, still agree on the keys.
 */
export const queryKeys = {
  teacher: {
    all: () => ['teacher'] as const,
    dashboard: () => ['teacher', 'dashboard'] as const,
    courses: {
      all: () => ['teacher', 'courses'] as const,
      mine: () => ['teacher', 'courses', 'list'] as const,
      detail: (courseId: string) => ['teacher', 'courses', 'detail', courseId] as const,
      gradebook: (courseId: string) =>
        ['teacher', 'courses', 'detail', courseId, 'gradebook'] as const,
      enrollments: (courseId: string) =>
        ['teacher', 'courses', 'detail', courseId, 'enrollments'] as const,
    },
    assignments: {
      all: () => ['teacher', 'assignments'] as const,
      ofCourse: (courseId: string) => ['teacher', 'assignments', 'course', courseId] as const,
      detail: (assignmentId: string) => ['teacher', 'assignments', 'detail', assignmentId] as const,
      submissions: (assignmentId: string) =>
        ['teacher', 'assignments', 'detail', assignmentId, 'submissions'] as const,
      autoGrading: (assignmentId: string) =>
        ['teacher', 'assignments', 'detail', assignmentId, 'auto-grading'] as const,
      agreement: (assignmentId: string) =>
        ['teacher', 'assignments', 'detail', assignmentId, 'agreement'] as const,
      extensions: (assignmentId: string) =>
        ['teacher', 'assignments', 'detail', assignmentId, 'extensions'] as const,
    },
    submissions: {
      detail: (submissionId: string) => ['teacher', 'submissions', 'detail', submissionId] as const,
      suggestion: (submissionId: string) =>
        ['teacher', 'submissions', 'detail', submissionId, 'suggestion'] as const,
      regrade: (submissionId: string) =>
        ['teacher', 'submissions', 'detail', submissionId, 'regrade'] as const,
    },
  },
  student: {
    all: () => ['student'] as const,
    dashboard: () => ['student', 'dashboard'] as const,
    courses: {
      list: (scope: 'enrolled' | 'available') => ['student', 'courses', scope] as const,
      detail: (courseId: string) => ['student', 'course', courseId] as const,
      assignments: (courseId: string) => ['student', 'course', courseId, 'assignments'] as const,
    },
    assignments: {
      detail: (assignmentId: string) => ['student', 'assignment', assignmentId] as const,
      mySubmission: (assignmentId: string) =>
        ['student', 'assignment', assignmentId, 'submission'] as const,
      regrade: (assignmentId: string, submissionId: string) =>
        ['student', 'assignment', assignmentId, 'submission', 'regrade', submissionId] as const,
    },
  },
  chat: {
    all: () => ['chat'] as const,
    threads: () => ['chat', 'threads'] as const,
    messages: (threadId: string) => ['chat', 'threads', threadId, 'messages'] as const,
    health: () => ['chat', 'health'] as const,
  },
  files: {
    signedUrl: (path: string, ttlSeconds: number) =>
      ['files', 'signed-url', path, ttlSeconds] as const,
  },
  /** A submission's versions, for its teacher and its student alike. */
  submissionVersions: {
    all: () => ['submission-versions'] as const,
    list: (submissionId: string) => ['submission-versions', submissionId] as const,
    fileUrl: (submissionId: string, versionId: string) =>
      ['submission-versions', submissionId, 'file', versionId] as const,
  },
  voice: {
    widget: (courseId: string, studentId: string) =>
      ['voice', 'widget', courseId, studentId] as const,
  },
};
