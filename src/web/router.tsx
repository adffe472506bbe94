import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireRole } from './auth/require-role';
import { PageSpinner } from './components/ui/spinner';
import { AppShell } from './layout/app-shell';
import { RootError } from './layout/root-error';
import { RootLayout } from './layout/root-layout';
import { paths } from './lib/paths';
import { LoginPage } from './pages/login';

/** Each page is its own chunk (React Router `lazy`), so signing in does not download the app. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

// Route patterns come from the same functions the links use, so the two cannot drift apart.
const t = paths.teacher;
const s = paths.student;
const [course, assignment, submission] = [':courseId', ':assignmentId', ':submissionId'];

const teacherRoutes: RouteObject[] = [
  {
    path: t.dashboard(),
    lazy: page(() => import('./pages/teacher/dashboard'), 'TeacherDashboardPage'),
  },
  { path: t.courses(), lazy: page(() => import('./pages/teacher/courses'), 'TeacherCoursesPage') },
  {
    path: t.newCourse(),
    lazy: page(() => import('./pages/teacher/course-new'), 'TeacherCourseNewPage'),
  },
  {
    path: t.course(course),
    lazy: page(() => import('./pages/teacher/course-detail'), 'TeacherCourseDetailPage'),
  },
  {
    path: t.editCourse(course),
    lazy: page(() => import('./pages/teacher/course-edit'), 'TeacherCourseEditPage'),
  },
  {
    path: t.gradebook(course),
    lazy: page(() => import('./pages/teacher/gradebook'), 'TeacherGradebookPage'),
  },
  {
    path: t.newAssignment(course),
    lazy: page(() => import('./pages/teacher/assignment-new'), 'TeacherAssignmentNewPage'),
  },
  {
    path: t.assignment(course, assignment),
    lazy: page(() => import('./pages/teacher/assignment-detail'), 'TeacherAssignmentDetailPage'),
  },
  {
    path: t.editAssignment(course, assignment),
    lazy: page(() => import('./pages/teacher/assignment-edit'), 'TeacherAssignmentEditPage'),
  },
  {
    path: t.submission(course, assignment, submission),
    lazy: page(() => import('./pages/teacher/submission-review'), 'TeacherSubmissionReviewPage'),
  },
];

const studentRoutes: RouteObject[] = [
  {
    path: s.dashboard(),
    lazy: page(() => import('./pages/student/dashboard'), 'StudentDashboardPage'),
  },
  { path: s.courses(), lazy: page(() => import('./pages/student/courses'), 'StudentCoursesPage') },
  {
    path: s.course(course),
    lazy: page(() => import('./pages/student/course-detail'), 'StudentCourseDetailPage'),
  },
  {
    path: s.assignment(course, assignment),
    lazy: page(() => import('./pages/student/assignment-detail'), 'StudentAssignmentDetailPage'),
  },
];

const toLogin = <Navigate to={paths.login()} replace />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // With the sign-in screen, which the entry carries anyway (app.tsx).
      { path: paths.login(), Component: LoginPage },
      { path: paths.home(), element: toLogin },
      {
        element: <RequireRole role="teacher" />,
        children: [{ element: <AppShell />, children: teacherRoutes }],
      },
      {
        element: <RequireRole role="student" />,
        children: [{ element: <AppShell />, children: studentRoutes }],
      },
      { path: '*', element: toLogin },
    ],
  },
];

export const router = createBrowserRouter(routes);
