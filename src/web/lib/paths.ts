// Every client route in one place (SPEC §2). Ids are server-issued UUIDs, safe in a path as is;
// the router builds its patterns by passing ':param' placeholders through the same functions.
export const paths = {
  home: () => '/',
  login: () => '/login',
  teacher: {
    dashboard: () => '/teacher/dashboard',
    courses: () => '/teacher/courses',
    newCourse: () => '/teacher/courses/new',
    course: (courseId: string) => `/teacher/courses/${courseId}`,
    editCourse: (courseId: string) => `/teacher/courses/${courseId}/edit`,
    gradebook: (courseId: string) => `/teacher/courses/${courseId}/gradebook`,
    newAssignment: (courseId: string) => `/teacher/courses/${courseId}/assignments/new`,
    assignment: (courseId: string, assignmentId: string) =>
      `/teacher/courses/${courseId}/assignments/${assignmentId}`,
    editAssignment: (courseId: string, assignmentId: string) =>
      `/teacher/courses/${courseId}/assignments/${assignmentId}/edit`,
    submission: (courseId: string, assignmentId: string, submissionId: string) =>
      `/teacher/courses/${courseId}/assignments/${assignmentId}/submissions/${submissionId}`,
  },
  student: {
    dashboard: () => '/student/dashboard',
    courses: () => '/student/courses',
    course: (courseId: string) => `/student/courses/${courseId}`,
    assignment: (courseId: string, assignmentId: string) =>
      `/student/courses/${courseId}/assignments/${assignmentId}`,
  },
} as const;
