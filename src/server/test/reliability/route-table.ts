// Every API route, who may call it (DESIGN §7) and how to call it in the fixture world.
// route-coverage.test.ts fails when the app has a route this table does not list, or the other
// way round: a new route cannot ship without saying who may call it.
import { eq } from 'drizzle-orm';
import { submissionVersions } from '../../db/schema';
import { createFileUrlSigner } from '../../files/signed-urls';
import type { Caller, World } from './world';

export interface RouteCall {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as Fastify registers it. */
  route: string;
  /** The status each caller gets; a 2xx for a caller DESIGN §7 refuses is the bug to catch. */
  expect: Record<Caller, number>;
  /** Builds the call; destructive routes make throwaway fixtures here. */
  call(world: World, caller: Caller): Promise<RouteCall> | RouteCall;
  /** Runs after every other route (it may change the callers' sessions). */
  last?: boolean;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  otherStudent: status,
  enrolledStudent: status,
  otherTeacher: status,
  owningTeacher: status,
});
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
const studentsOnly = (status: number, otherStudent = status) => ({
  anonymous: 401,
  otherStudent,
  enrolledStudent: status,
  otherTeacher: 403,
  owningTeacher: 403,
});
const teachersOnly = (status: number) => ({
  anonymous: 401,
  otherStudent: 403,
  enrolledStudent: 403,
  otherTeacher: status,
  owningTeacher: status,
});
/** The owning teacher only; the enrolled student knows the thing exists (403), others do not. */
const owner = (status: number, enrolledStudent = 403, otherStudent = 404) => ({
  anonymous: 401,
  otherStudent,
  enrolledStudent,
  otherTeacher: 404,
  owningTeacher: status,
});
/** Read by the owning teacher and the enrolled student; hidden from everyone else. */
const courseMembers = (status: number) => ({
  anonymous: 401,
  otherStudent: 404,
  enrolledStudent: status,
  otherTeacher: 404,
  owningTeacher: status,
});

/** A throwaway submission graded by its teacher (released: automatic release). */
async function gradedThrowaway(w: World) {
  const { submission } = await w.throwaway();
  const graded = await w.t.app.inject({
    method: 'POST',
    url: `/api/submissions/${submission.id}/grade`,
    headers: w.owningTeacher.headers,
    payload: { grade: 7 },
  });
  if (graded.statusCode !== 200) throw new Error(`grade failed: ${graded.body}`);
  return submission.id;
}

export const ROUTE_TABLE: RouteEntry[] = [
  // Public
  { method: 'GET', route: '/health', expect: everyone(200), call: () => ({ url: '/health' }) },
  {
    method: 'GET',
    route: '/api/openapi.json',
    expect: everyone(200),
    call: () => ({ url: '/api/openapi.json' }),
  },
  { method: 'GET', route: '/api/docs', expect: everyone(200), call: () => ({ url: '/api/docs' }) },
  {
    method: 'GET',
    route: '/api/auth/demo-accounts',
    expect: everyone(200),
    call: () => ({ url: '/api/auth/demo-accounts' }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-up',
    expect: everyone(201),
    call: (_w, caller) => ({
      url: '/api/auth/sign-up',
      payload: {
        email: `new-${caller}-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'a long enough password',
        full_name: 'New User',
        role: 'student',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in',
    expect: everyone(401),
    call: (w) => ({
      url: '/api/auth/sign-in',
      payload: { email: w.owningTeacher.email, password: 'not the password' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/refresh',
    expect: everyone(401),
    call: () => ({ url: '/api/auth/refresh', payload: { refresh_token: 'not-a-token' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-out',
    expect: everyone(204),
    call: () => ({ url: '/api/auth/sign-out', payload: {} }),
    last: true,
  },
  {
    method: 'GET',
    route: '/api/files/signed/*',
    expect: everyone(200),
    call: (w) => ({
      url: `/api/files/signed/${createFileUrlSigner(w.t.config.jwtSecret).sign(w.file.path, 600).token}`,
    }),
  },
  // Signed in, any role
  {
    method: 'GET',
    route: '/api/auth/session',
    expect: signedIn(200),
    call: () => ({ url: '/api/auth/session' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard',
    expect: signedIn(200),
    call: () => ({ url: '/api/dashboard' }),
  },
  {
    method: 'GET',
    route: '/api/courses',
    expect: signedIn(200),
    call: () => ({ url: '/api/courses' }),
  },
  {
    method: 'GET',
    route: '/api/voice-agent/widget',
    expect: signedIn(200),
    call: (w) => ({ url: `/api/voice-agent/widget?course_id=${w.course.id}` }),
  },
  {
    method: 'GET',
    route: '/api/users/:id',
    // The enrolled student's profile: themself and the teacher of their course (DESIGN §7).
    expect: courseMembers(200),
    call: (w) => ({ url: `/api/users/${w.enrolledStudent.id}` }),
  },
  // Courses
  {
    method: 'POST',
    route: '/api/courses',
    expect: teachersOnly(201),
    call: () => ({ url: '/api/courses', payload: { title: 'New course' } }),
  },
  {
    method: 'GET',
    route: '/api/courses/:id',
    // Another student may browse a course to enrol in it (title, teacher, description, count).
    expect: { ...courseMembers(200), otherStudent: 200 },
    call: (w) => ({ url: `/api/courses/${w.course.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/courses/:id',
    expect: owner(200, 403, 403),
    call: async (w) => ({
      url: `/api/courses/${(await w.throwaway()).course.id}`,
      payload: { title: 'Renamed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/courses/:id',
    expect: owner(204, 403, 403),
    call: async (w) => ({ url: `/api/courses/${(await w.throwaway()).course.id}` }),
  },
  {
    method: 'GET',
    route: '/api/courses/:id/assignments',
    expect: owner(200, 200, 403),
    call: (w) => ({ url: `/api/courses/${w.course.id}/assignments` }),
  },
  {
    method: 'POST',
    route: '/api/courses/:id/assignments',
    expect: owner(201, 403, 403),
    call: async (w) => ({
      url: `/api/courses/${(await w.throwaway()).course.id}/assignments`,
      payload: { title: 'New assignment' },
    }),
  },
  {
    method: 'GET',
    route: '/api/courses/:id/enrollments',
    expect: owner(200, 403, 403),
    call: (w) => ({ url: `/api/courses/${w.course.id}/enrollments` }),
  },
  {
    method: 'POST',
    route: '/api/courses/:id/enrollments',
    // The enrolled student is enrolled already: a conflict, not a second row.
    expect: studentsOnly(409, 201),
    call: async (w) => ({
      url: `/api/courses/${(await w.throwaway()).course.id}/enrollments`,
      payload: {},
    }),
  },
  {
    method: 'DELETE',
    route: '/api/courses/:id/enrollments/me',
    expect: studentsOnly(204, 404),
    call: async (w) => ({ url: `/api/courses/${(await w.throwaway()).course.id}/enrollments/me` }),
  },
  // Assignments
  {
    method: 'GET',
    route: '/api/assignments/:id',
    expect: courseMembers(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/assignments/:id',
    expect: owner(200),
    call: async (w) => ({
      url: `/api/assignments/${(await w.throwaway()).assignment.id}`,
      payload: { title: 'Renamed' },
    }),
  },
  {
    method: 'POST',
    route: '/api/assignments/:id/grade-release',
    expect: owner(200),
    call: async (w) => ({
      url: `/api/assignments/${(await w.throwaway({ grade_release: 'manual' })).assignment.id}/grade-release`,
      payload: { released: true },
    }),
  },
  {
    method: 'GET',
    route: '/api/assignments/:id/extensions',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/extensions` }),
  },
  {
    method: 'PUT',
    route: '/api/assignments/:id/extensions/:studentId',
    expect: owner(200),
    call: async (w, caller) => {
      const id =
        caller === 'owningTeacher'
          ? (await w.throwaway({ due_date: new Date('2030-01-01T12:00:00Z') })).assignment.id
          : w.assignment.id;
      return {
        url: `/api/assignments/${id}/extensions/${w.enrolledStudent.id}`,
        payload: { due_date: '2030-01-03T12:00:00Z' },
      };
    },
  },
  {
    method: 'DELETE',
    route: '/api/assignments/:id/extensions/:studentId',
    expect: owner(204),
    call: async (w, caller) => {
      const id = caller === 'owningTeacher' ? await w.extendedAssignmentId() : w.assignment.id;
      return { url: `/api/assignments/${id}/extensions/${w.enrolledStudent.id}` };
    },
  },
  {
    method: 'GET',
    route: '/api/courses/:id/gradebook',
    expect: owner(200, 403, 403),
    call: (w) => ({ url: `/api/courses/${w.course.id}/gradebook` }),
  },
  {
    method: 'GET',
    route: '/api/courses/:id/gradebook.csv',
    expect: owner(200, 403, 403),
    call: (w) => ({ url: `/api/courses/${w.course.id}/gradebook.csv` }),
  },
  {
    method: 'GET',
    route: '/api/assignments/:id/gradebook.csv',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/gradebook.csv` }),
  },
  {
    method: 'DELETE',
    route: '/api/assignments/:id',
    expect: owner(204),
    call: async (w) => ({ url: `/api/assignments/${(await w.throwaway()).assignment.id}` }),
  },
  {
    method: 'GET',
    route: '/api/me/assignments',
    expect: studentsOnly(200),
    call: () => ({ url: '/api/me/assignments' }),
  },
  // Submissions
  {
    method: 'GET',
    route: '/api/assignments/:id/submissions',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/submissions` }),
  },
  {
    method: 'GET',
    route: '/api/assignments/:id/submissions/me',
    expect: studentsOnly(200, 404),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/submissions/me` }),
  },
  {
    method: 'PUT',
    route: '/api/assignments/:id/submissions/me',
    expect: studentsOnly(200, 404),
    call: async (w) => {
      const { assignment, file } = await w.throwaway();
      return {
        url: `/api/assignments/${assignment.id}/submissions/me`,
        payload: { file_path: file.path, file_size: file.size, original_filename: 'again.pdf' },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/me/submissions',
    expect: studentsOnly(200),
    call: () => ({ url: '/api/me/submissions' }),
  },
  {
    method: 'GET',
    route: '/api/submissions/:id',
    expect: courseMembers(200),
    call: (w) => ({ url: `/api/submissions/${w.submission.id}` }),
  },
  {
    method: 'GET',
    route: '/api/submissions/:id/versions',
    expect: courseMembers(200),
    call: (w) => ({ url: `/api/submissions/${w.submission.id}/versions` }),
  },
  {
    method: 'POST',
    route: '/api/submissions/:id/versions/:versionId/signed-url',
    expect: courseMembers(200),
    call: async (w) => {
      const [version] = await w.t.database.db
        .select({ id: submissionVersions.id })
        .from(submissionVersions)
        .where(eq(submissionVersions.submission_id, w.submission.id));
      if (!version) throw new Error('the world’s submission has no version');
      return {
        url: `/api/submissions/${w.submission.id}/versions/${version.id}/signed-url`,
        payload: { expires_in: 600 },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/submissions/:id/grade',
    expect: owner(200),
    call: async (w) => ({
      url: `/api/submissions/${(await w.throwaway()).submission.id}/grade`,
      payload: { grade: 7, feedback: 'Good', show_detailed_feedback: false },
    }),
  },
  {
    method: 'GET',
    route: '/api/submissions/:id/regrade-request',
    expect: courseMembers(200),
    call: (w) => ({ url: `/api/submissions/${w.submission.id}/regrade-request` }),
  },
  {
    method: 'POST',
    route: '/api/submissions/:id/regrade-request',
    // The owning teacher knows the work exists but is not its student.
    expect: { ...courseMembers(201), owningTeacher: 403 },
    call: async (w) => ({
      url: `/api/submissions/${await gradedThrowaway(w)}/regrade-request`,
      payload: { reason: 'The second proof is on page 2.', criteria: [] },
    }),
  },
  {
    method: 'POST',
    route: '/api/submissions/:id/regrade-request/answer',
    expect: owner(200),
    call: async (w) => {
      const id = await gradedThrowaway(w);
      const asked = await w.t.app.inject({
        method: 'POST',
        url: `/api/submissions/${id}/regrade-request`,
        headers: w.enrolledStudent.headers,
        payload: { reason: 'The second proof is on page 2.' },
      });
      if (asked.statusCode !== 201) throw new Error(`regrade request failed: ${asked.body}`);
      return {
        url: `/api/submissions/${id}/regrade-request/answer`,
        payload: { note: 'Checked again: the grade stands.', outcome: 'kept' },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/submissions/:id/suggestion',
    expect: owner(200),
    call: (w) => ({ url: `/api/submissions/${w.submission.id}/suggestion` }),
  },
  {
    method: 'POST',
    route: '/api/suggestions/:id/dismiss',
    // Only the owning teacher may know a suggestion exists.
    expect: owner(204, 404),
    call: async (w) => ({
      url: `/api/suggestions/${await w.suggestionId()}/dismiss`,
      payload: {},
    }),
  },
  {
    method: 'GET',
    route: '/api/assignments/:id/auto-grading',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/auto-grading` }),
  },
  {
    method: 'POST',
    route: '/api/assignments/:id/auto-grading',
    expect: owner(202),
    call: async (w) => ({
      url: `/api/assignments/${(await w.throwaway()).assignment.id}/auto-grading`,
      payload: { engine: 'offline' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/assignments/:id/auto-grading',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/auto-grading` }),
  },
  {
    method: 'GET',
    route: '/api/assignments/:id/agreement',
    expect: owner(200),
    call: (w) => ({ url: `/api/assignments/${w.assignment.id}/agreement` }),
  },
  ...(['/api/agent/grade-submission', '/api/agent/test/grade-submission'] as const).map(
    (route): RouteEntry => ({
      method: 'POST',
      route,
      expect: owner(200),
      call: (w) => ({
        url: route,
        payload: {
          submission_id: w.submission.id,
          assignment_id: w.assignment.id,
          course_id: w.course.id,
        },
      }),
    }),
  ),
  // Files
  {
    method: 'POST',
    route: '/api/files/signed-url',
    expect: courseMembers(200),
    call: (w) => ({ url: '/api/files/signed-url', payload: { path: w.file.path } }),
  },
  {
    method: 'POST',
    route: '/api/files',
    expect: studentsOnly(201, 404),
    call: () => {
      throw new Error('POST /api/files is called by the matrix test with a multipart body');
    },
  },
  // Chat and the agent: teachers, own threads only
  {
    method: 'GET',
    route: '/api/chat/threads',
    expect: teachersOnly(200),
    call: () => ({ url: '/api/chat/threads' }),
  },
  {
    method: 'POST',
    route: '/api/chat/threads',
    expect: teachersOnly(201),
    call: () => ({ url: '/api/chat/threads', payload: { title: 'Another thread' } }),
  },
  {
    method: 'PATCH',
    route: '/api/chat/threads/:id',
    expect: owner(200, 403, 403),
    call: async (w) => ({
      url: `/api/chat/threads/${(await w.throwawayThread()).id}`,
      payload: { title: 'Renamed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/chat/threads/:id',
    expect: owner(204, 403, 403),
    call: async (w) => ({ url: `/api/chat/threads/${(await w.throwawayThread()).id}` }),
  },
  {
    method: 'GET',
    route: '/api/chat/threads/:id/messages',
    expect: owner(200, 403, 403),
    call: (w) => ({ url: `/api/chat/threads/${w.thread.id}/messages` }),
  },
  {
    method: 'POST',
    route: '/api/chat/threads/:id/messages',
    expect: owner(201, 403, 403),
    call: (w) => ({
      url: `/api/chat/threads/${w.thread.id}/messages`,
      payload: { message: 'Hello', response: 'Hi' },
    }),
  },
  ...(['/api/agent/process', '/api/agent/test'] as const).map((route): RouteEntry => ({
    method: 'POST',
    route,
    expect: teachersOnly(200),
    call: () => ({ url: route, payload: { message: 'list my courses' } }),
  })),
  ...(['/api/agent/generate-thread-title', '/api/agent/test/generate-thread-title'] as const).map(
    (route): RouteEntry => ({
      method: 'POST',
      route,
      expect: teachersOnly(200),
      call: () => ({ url: route, payload: { first_message: 'Help me plan week 3' } }),
    }),
  ),
  // Voice: a student for themself on the voice course, or its teacher with "system".
  {
    method: 'POST',
    route: '/api/voice-agent/update-context',
    expect: { ...owner(200, 200, 403) },
    call: (w, caller) => ({
      url: '/api/voice-agent/update-context',
      payload: {
        student_id: caller.endsWith('Teacher') ? 'system' : (w.users[caller]?.id ?? 'system'),
        course_id: w.course.id,
        agent_id: 'agent',
      },
    }),
  },
];
