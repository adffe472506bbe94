// Test data made through the public HTTP API, as the app's own users would make it, for specs
// that must change data without touching the seeded demo content other specs rely on.
import { type APIRequestContext, expect } from '@playwright/test';
import type { FixtureFile } from '../fixtures/files';
import { demoAccounts } from './demo-accounts';

/**
 * Playwright's request context keeps connections alive between calls, with Node's agent, which
 * without a timeout of its own does not act on the server's `Keep-Alive: timeout=72`. A call made
 * just as the server closes a connection idle for that long (Fastify's 72 s, reached by a long
 * story between its set-up and its clean-up) is written to a closing socket and fails with
 * ECONNRESET before the server reads it. Playwright retries only that error, and only this often.
 */
const RETRIES_ON_RESET = 2;

export interface ApiUser {
  token: string;
  id: string;
}

/** The shared demo password, as the sign-in screen's demo buttons get it. */
export async function demoPassword(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/demo-accounts', {
    maxRetries: RETRIES_ON_RESET,
  });
  expect(response.ok()).toBe(true);
  const { password } = (await response.json()) as { password: string | null };
  if (!password) throw new Error('The server has no demo accounts seeded.');
  return password;
}

export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<ApiUser> {
  const response = await request.post('/api/auth/sign-in', {
    data: { email, password },
    maxRetries: RETRIES_ON_RESET,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, id: session.user.id };
}

export async function apiSignUp(
  request: APIRequestContext,
  account: { email: string; password: string; full_name: string; role: 'teacher' | 'student' },
): Promise<ApiUser> {
  const response = await request.post('/api/auth/sign-up', {
    data: account,
    maxRetries: RETRIES_ON_RESET,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, id: session.user.id };
}

/** A JSON call as `user`; fails the test on any answer but 2xx. */
export async function apiCall<T>(
  request: APIRequestContext,
  user: ApiUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${user.token}` },
    data,
    maxRetries: RETRIES_ON_RESET,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Uploads `file` as `student` and hands it in for the assignment: the submission's id. */
export async function apiHandIn(
  request: APIRequestContext,
  student: ApiUser,
  assignmentId: string,
  file: FixtureFile,
): Promise<{ id: string }> {
  // The field comes before the file: the server reads the parts in order.
  const upload = await request.post('/api/files', {
    headers: { Authorization: `Bearer ${student.token}` },
    multipart: { assignment_id: assignmentId, file },
    maxRetries: RETRIES_ON_RESET,
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const stored = (await upload.json()) as { path: string; size: number; original_filename: string };
  return apiCall(request, student, 'PUT', `/api/assignments/${assignmentId}/submissions/me`, {
    file_path: stored.path,
    file_size: stored.size,
    original_filename: stored.original_filename,
  });
}

export interface LateSubmission {
  courseId: string;
  courseTitle: string;
  assignmentId: string;
  assignmentTitle: string;
  submissionId: string;
  /** The teacher's review screen of the submission. */
  reviewPath: string;
  /** The student's page of the assignment. */
  studentPath: string;
  /** Deletes the course, and with it the assignment, the submission and its file. */
  remove: () => Promise<void>;
}

/**
 * A course of the demo teacher with one published assignment (a rubric, due yesterday) and Sam's
 * late PDF submission, all made through the API. Its own course keeps the demo courses' counts
 * and lists as the other specs expect them.
 */
export async function createLateSubmission(
  request: APIRequestContext,
  { title, rubric, file }: { title: string; rubric: string; file: FixtureFile },
): Promise<LateSubmission> {
  const password = await demoPassword(request);
  const teacher = await apiSignIn(request, demoAccounts.teacher.email, password);
  const sam = await apiSignIn(request, demoAccounts.sam.email, password);

  const course = await apiCall<{ id: string; title: string }>(
    request,
    teacher,
    'POST',
    '/api/courses',
    { title, description: 'A course made by the grading end-to-end test.' },
  );
  const remove = async () => {
    await apiCall(request, teacher, 'DELETE', `/api/courses/${course.id}`);
  };
  try {
    const assignment = await apiCall<{ id: string; title: string }>(
      request,
      teacher,
      'POST',
      `/api/courses/${course.id}/assignments`,
      {
        title: 'Graph Traversal Report',
        description: 'Explain breadth-first and depth-first search.',
        due_date: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(),
        total_points: 100,
        status: 'published',
        rubric_markdown: rubric,
      },
    );
    await apiCall(request, sam, 'POST', `/api/courses/${course.id}/enrollments`);

    const submission = await apiHandIn(request, sam, assignment.id, file);

    return {
      courseId: course.id,
      courseTitle: course.title,
      assignmentId: assignment.id,
      assignmentTitle: assignment.title,
      submissionId: submission.id,
      reviewPath: `/teacher/courses/${course.id}/assignments/${assignment.id}/submissions/${submission.id}`,
      studentPath: `/student/courses/${course.id}/assignments/${assignment.id}`,
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

export interface ClassOfStudents {
  courseId: string;
  assignmentId: string;
  assignmentPath: string;
  /** The students, signed up for this test, in the order they submitted. */
  students: { email: string; password: string; full_name: string; user: ApiUser }[];
  remove: () => Promise<void>;
}

/**
 * A course of the demo teacher with one published assignment and `count` new students, each
 * enrolled with a submitted PDF: a class to grade, made through the API.
 */
export async function createClassOfStudents(
  request: APIRequestContext,
  {
    title,
    rubric,
    file,
    count,
  }: { title: string; rubric: string; file: FixtureFile; count: number },
): Promise<ClassOfStudents> {
  const password = await demoPassword(request);
  const teacher = await apiSignIn(request, demoAccounts.teacher.email, password);
  const course = await apiCall<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title,
    description: 'A course made by the class-grading end-to-end test.',
  });
  const remove = async () => {
    await apiCall(request, teacher, 'DELETE', `/api/courses/${course.id}`);
  };
  try {
    const assignment = await apiCall<{ id: string }>(
      request,
      teacher,
      'POST',
      `/api/courses/${course.id}/assignments`,
      {
        title: 'Graph Traversal Report',
        description: 'Explain breadth-first and depth-first search.',
        total_points: 100,
        status: 'published',
        rubric_markdown: rubric,
      },
    );
    const students: ClassOfStudents['students'] = [];
    for (let index = 0; index < count; index += 1) {
      const account = {
        email: `class-${Date.now()}-${index}@school.test`,
        password: `class-grading-${index}-${Date.now()}`,
        full_name: `Student ${String.fromCharCode(65 + index)} ${Date.now() % 10_000}`,
      };
      const user = await apiSignUp(request, { ...account, role: 'student' });
      await apiCall(request, user, 'POST', `/api/courses/${course.id}/enrollments`);
      await apiHandIn(request, user, assignment.id, file);
      students.push({ ...account, user });
    }
    return {
      courseId: course.id,
      assignmentId: assignment.id,
      assignmentPath: `/teacher/courses/${course.id}/assignments/${assignment.id}`,
      students,
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
