// Every service function, called directly (not through a route) by each kind of signed-in
// actor (DESIGN §7, §15). service-authorization.test.ts runs the table and checks that every
// function of every service is listed here, so a new function cannot ship without its rule.
import { Readable } from 'node:stream';
import { assignmentInputSchema } from '@domain/schemas/assignments';
import { createAgentService } from '../../agent/agent.service';
import { createAssignmentService } from '../../assignments/assignments.service';
import { createChatService } from '../../chat/chat.service';
import { createCourseService } from '../../courses/courses.service';
import { createDashboardService } from '../../dashboard/dashboard.service';
import type { ServiceDeps } from '../../deps';
import { createEnrollmentService } from '../../enrollments/enrollments.service';
import { createExtensionService } from '../../extensions/extensions.service';
import { createFileService } from '../../files/files.service';
import { createClassGradingService } from '../../grading/class-grading.service';
import { createGradebookService } from '../../gradebook/gradebook.service';
import { createGradingService } from '../../grading/grading.service';
import type { Actor } from '../../policies/actor';
import { createRegradeService } from '../../regrades/regrades.service';
import { createSubmissionVersionService } from '../../submissions/submission-versions';
import { createSubmissionService } from '../../submissions/submissions.service';
import { createUserService } from '../../users/users.service';
import { createVoiceService } from '../../voice/voice.service';
import { textPdf } from '../pdf-fixtures';
import { uploaded } from '../uploads';
import type { World } from './world';

export function buildServices(deps: ServiceDeps) {
  return {
    courses: createCourseService(deps),
    assignments: createAssignmentService(deps),
    enrollments: createEnrollmentService(deps),
    submissions: createSubmissionService(deps),
    submissionVersions: createSubmissionVersionService(deps),
    grading: createGradingService(deps),
    regrades: createRegradeService(deps),
    gradebook: createGradebookService(deps),
    extensions: createExtensionService(deps),
    classGrading: createClassGradingService(deps),
    files: createFileService(deps),
    chat: createChatService(deps),
    dashboard: createDashboardService(deps),
    agent: createAgentService(deps),
    voice: createVoiceService(deps),
    users: createUserService(deps),
  };
}
export type Services = ReturnType<typeof buildServices>;

export const SERVICE_CALLERS = [
  'owningTeacher',
  'enrolledStudent',
  'otherStudent',
  'otherTeacher',
] as const;
export type ServiceCaller = (typeof SERVICE_CALLERS)[number];

/**
 * 'ok': allowed. A status: refused with that AppError and nothing changed. `hides`: allowed
 * (the actor's own view), but the answer mentions none of the world's ids listed.
 */
export type Outcome = 'ok' | 403 | 404 | 409 | { hides: (world: World) => string[] };

export interface ServiceEntry {
  expect: Record<ServiceCaller, Outcome>;
  /** Makes what the call needs, before the "nothing changed" snapshot; passed to call. */
  prepare?(s: Services, world: World): Promise<string>;
  call(
    s: Services,
    world: World,
    actor: Actor,
    caller: ServiceCaller,
    prepared: string,
  ): Promise<unknown>;
}

/** Functions that take no actor, and why that is safe. */
export const NO_ACTOR: Record<string, string> = {
  'files.readSigned': 'the signed token is the capability; it is checked and expires',
  'voice.pushCourseContext': 'the server’s own background push of course-level facts only',
};

const owner = (
  status: 403 | 404 = 403,
  other: 403 | 404 = 404,
): Record<ServiceCaller, Outcome> => ({
  owningTeacher: 'ok',
  enrolledStudent: status,
  otherStudent: other,
  otherTeacher: 404,
});
const teacherOnly = (other: Outcome): Record<ServiceCaller, Outcome> => ({
  owningTeacher: 'ok',
  enrolledStudent: 403,
  otherStudent: 403,
  otherTeacher: other,
});
const ownThread = teacherOnly(404);
const hidesCourse = { hides: (w: World) => [w.course.id] };
const hidesAssignment = { hides: (w: World) => [w.assignment.id] };
const hidesSubmission = { hides: (w: World) => [w.submission.id] };
const hidesThread = { hides: (w: World) => [w.thread.id] };

const teacherOf = (w: World): Actor => ({ id: w.owningTeacher.id, role: 'teacher' });

const studentOf = (w: World): Actor => ({ id: w.enrolledStudent.id, role: 'student' });

/** A throwaway submission with a released grade, for a regrade request. */
async function gradedThrowaway(s: Services, w: World) {
  const { submission } = await w.throwaway();
  await s.grading.grade(teacherOf(w), submission.id, {
    grade: 7,
    feedback: null,
    show_detailed_feedback: false,
  });
  return submission.id;
}

const pdfUpload = async () => ({
  filename: 'matrix.pdf',
  mimetype: 'application/pdf',
  stream: Readable.from([await textPdf(['Work handed in by the matrix.'])]),
  truncated: () => false,
});

export const SERVICE_TABLE: Record<string, ServiceEntry> = {
  'courses.list': {
    expect: {
      owningTeacher: 'ok',
      enrolledStudent: 'ok',
      otherStudent: hidesCourse,
      otherTeacher: hidesCourse,
    },
    call: (s, _w, a) => s.courses.list(a),
  },
  'courses.get': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 'ok', otherTeacher: 404 },
    call: (s, w, a) => s.courses.get(a, w.course.id),
  },
  'courses.create': {
    expect: { owningTeacher: 'ok', enrolledStudent: 403, otherStudent: 403, otherTeacher: 'ok' },
    call: (s, _w, a) => s.courses.create(a, { title: 'Made by the matrix' }),
  },
  'courses.update': {
    expect: owner(403, 403),
    call: (s, w, a) => s.courses.update(a, w.course.id, { title: w.course.title }),
  },
  'courses.remove': {
    expect: owner(403, 403),
    call: async (s, w, a, caller) =>
      s.courses.remove(
        a,
        caller === 'owningTeacher' ? (await w.throwaway()).course.id : w.course.id,
      ),
  },

  'assignments.listForCourse': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 403, otherTeacher: 404 },
    call: (s, w, a) => s.assignments.listForCourse(a, w.course.id),
  },
  'assignments.listOwned': {
    expect: teacherOnly(hidesAssignment),
    call: (s, _w, a) => s.assignments.listOwned(a),
  },
  'assignments.listDueBetween': {
    expect: teacherOnly(hidesAssignment),
    call: (s, _w, a) =>
      s.assignments.listDueBetween(a, {
        from: new Date('2000-01-01T00:00:00Z'),
        to: new Date('2100-01-01T00:00:00Z'),
      }),
  },
  'assignments.listMine': {
    expect: {
      owningTeacher: 403,
      enrolledStudent: 'ok',
      otherStudent: hidesAssignment,
      otherTeacher: 403,
    },
    call: (s, _w, a) => s.assignments.listMine(a),
  },
  'assignments.get': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.assignments.get(a, w.assignment.id),
  },
  'assignments.create': {
    expect: owner(403, 403),
    call: (s, w, a) =>
      s.assignments.create(a, w.course.id, assignmentInputSchema.parse({ title: 'Matrix' })),
  },
  'assignments.update': {
    expect: owner(),
    call: (s, w, a) => s.assignments.update(a, w.assignment.id, { title: w.assignment.title }),
  },
  'assignments.setGradesReleased': {
    expect: owner(),
    call: async (s, w, a, caller) =>
      s.assignments.setGradesReleased(
        a,
        caller === 'owningTeacher'
          ? (await w.throwaway({ grade_release: 'manual' })).assignment.id
          : w.assignment.id,
        true,
      ),
  },
  'extensions.list': {
    expect: owner(),
    call: (s, w, a) => s.extensions.list(a, w.assignment.id),
  },
  'extensions.grant': {
    expect: owner(),
    call: async (s, w, a, caller) =>
      s.extensions.grant(
        a,
        caller === 'owningTeacher'
          ? (await w.throwaway({ due_date: new Date('2030-01-01T12:00:00Z') })).assignment.id
          : w.assignment.id,
        w.enrolledStudent.id,
        { due_date: '2030-01-03T12:00:00Z' },
      ),
  },
  'extensions.remove': {
    expect: owner(),
    call: async (s, w, a, caller) =>
      s.extensions.remove(
        a,
        caller === 'owningTeacher' ? await w.extendedAssignmentId() : w.assignment.id,
        w.enrolledStudent.id,
      ),
  },
  'gradebook.forCourse': {
    expect: owner(403, 403),
    call: (s, w, a) => s.gradebook.forCourse(a, w.course.id),
  },
  'gradebook.courseCsv': {
    expect: owner(403, 403),
    call: (s, w, a) => s.gradebook.courseCsv(a, w.course.id),
  },
  'gradebook.assignmentCsv': {
    expect: owner(),
    call: (s, w, a) => s.gradebook.assignmentCsv(a, w.assignment.id),
  },
  'assignments.remove': {
    expect: owner(),
    call: async (s, w, a, caller) =>
      s.assignments.remove(
        a,
        caller === 'owningTeacher' ? (await w.throwaway()).assignment.id : w.assignment.id,
      ),
  },

  'enrollments.enroll': {
    expect: { owningTeacher: 403, enrolledStudent: 409, otherStudent: 'ok', otherTeacher: 403 },
    call: async (s, w, a, caller) =>
      s.enrollments.enroll(
        a,
        caller === 'otherStudent' ? (await w.throwaway()).course.id : w.course.id,
      ),
  },
  'enrollments.unenroll': {
    expect: { owningTeacher: 403, enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 403 },
    call: async (s, w, a, caller) =>
      s.enrollments.unenroll(
        a,
        caller === 'enrolledStudent' ? (await w.throwaway()).course.id : w.course.id,
      ),
  },
  'enrollments.listForCourse': {
    expect: owner(403, 403),
    call: (s, w, a) => s.enrollments.listForCourse(a, w.course.id),
  },

  'submissions.submit': {
    expect: { owningTeacher: 403, enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 403 },
    call: async (s, w, a, caller) => {
      const target = caller === 'enrolledStudent' ? (await w.throwaway()).assignment : w.assignment;
      const file =
        caller === 'enrolledStudent' ? await uploaded(w.t, w.enrolledStudent, target.id) : w.file;
      return s.submissions.submit(a, target.id, {
        file_path: file.path,
        file_size: file.size,
        original_filename: file.original_filename,
      });
    },
  },
  'submissions.getMine': {
    expect: { owningTeacher: 403, enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 403 },
    call: (s, w, a) => s.submissions.getMine(a, w.assignment.id),
  },
  'submissions.listMine': {
    expect: {
      owningTeacher: 403,
      enrolledStudent: 'ok',
      otherStudent: hidesSubmission,
      otherTeacher: 403,
    },
    call: (s, _w, a) => s.submissions.listMine(a),
  },
  'submissions.listForAssignment': {
    expect: owner(),
    call: (s, w, a) => s.submissions.listForAssignment(a, w.assignment.id),
  },
  'submissions.get': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.submissions.get(a, w.submission.id),
  },
  'submissions.countForAssignment': {
    expect: owner(),
    call: (s, w, a) => s.submissions.countForAssignment(a, w.assignment.id),
  },
  'submissions.listUngraded': {
    expect: teacherOnly(hidesSubmission),
    call: (s, _w, a) => s.submissions.listUngraded(a),
  },
  'submissions.rosterForAssignment': {
    expect: owner(),
    call: (s, w, a) => s.submissions.rosterForAssignment(a, w.assignment.id),
  },
  'submissions.gradeStatistics': {
    expect: owner(),
    call: (s, w, a) => s.submissions.gradeStatistics(a, w.assignment.id),
  },
  'submissions.listLate': {
    expect: owner(403, 403),
    call: (s, w, a) => s.submissions.listLate(a, { courseId: w.course.id }),
  },

  'submissionVersions.list': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.submissionVersions.list(a, w.submission.id),
  },
  'submissionVersions.createSignedUrl': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    prepare: async (s, w) => {
      const [version] = await s.submissionVersions.list(
        { id: w.enrolledStudent.id, role: 'student' },
        w.submission.id,
      );
      if (!version) throw new Error('the world’s submission has no version');
      return version.id;
    },
    call: (s, w, a, _caller, versionId) =>
      s.submissionVersions.createSignedUrl(a, w.submission.id, versionId, 60),
  },

  'grading.grade': {
    expect: owner(),
    call: async (s, w, a, caller) => {
      const id = caller === 'owningTeacher' ? (await w.throwaway()).submission.id : w.submission.id;
      return s.grading.grade(a, id, { grade: 5, feedback: null, show_detailed_feedback: false });
    },
  },
  'grading.autoGrade': {
    expect: owner(),
    call: (s, w, a) =>
      s.grading.autoGrade(
        a,
        { submission_id: w.submission.id, assignment_id: w.assignment.id, course_id: w.course.id },
        'offline',
      ),
  },

  'grading.suggest': {
    expect: owner(),
    call: (s, w, a) => s.grading.suggest(a, w.submission.id, { engineId: 'offline' }),
  },
  'grading.getSuggestion': {
    expect: owner(),
    call: (s, w, a) => s.grading.getSuggestion(a, w.submission.id),
  },
  'grading.dismissSuggestion': {
    expect: { owningTeacher: 'ok', enrolledStudent: 404, otherStudent: 404, otherTeacher: 404 },
    prepare: async (s, w) =>
      (await s.grading.suggest(teacherOf(w), w.submission.id, { engineId: 'offline' })).id,
    call: (s, _w, a, _caller, suggestionId) => s.grading.dismissSuggestion(a, suggestionId),
  },

  'regrades.status': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.regrades.status(a, w.submission.id),
  },
  'regrades.request': {
    expect: { owningTeacher: 403, enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    prepare: (s, w) => gradedThrowaway(s, w),
    call: (s, _w, a, _caller, id) =>
      s.regrades.request(a, id, { reason: 'The proof is on page 2.', criteria: [] }),
  },
  'regrades.answer': {
    expect: owner(),
    prepare: async (s, w) => {
      const id = await gradedThrowaway(s, w);
      await s.regrades.request(studentOf(w), id, {
        reason: 'The proof is on page 2.',
        criteria: [],
      });
      return id;
    },
    call: (s, _w, a, _caller, id) =>
      s.regrades.answer(a, id, { note: 'The grade stands.', outcome: 'kept' }),
  },

  'classGrading.status': {
    expect: owner(),
    call: (s, w, a) => s.classGrading.status(a, w.assignment.id),
  },
  'classGrading.start': {
    expect: owner(),
    call: async (s, w, a, caller) =>
      s.classGrading.start(
        a,
        caller === 'owningTeacher' ? (await w.throwaway()).assignment.id : w.assignment.id,
        { engine: 'offline' },
      ),
  },
  'classGrading.cancel': {
    expect: owner(),
    call: (s, w, a) => s.classGrading.cancel(a, w.assignment.id),
  },
  'classGrading.agreement': {
    expect: owner(),
    call: (s, w, a) => s.classGrading.agreement(a, w.assignment.id),
  },

  'files.upload': {
    expect: { owningTeacher: 403, enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 403 },
    call: async (s, w, a) => s.files.upload(a, w.assignment.id, await pdfUpload()),
  },
  'files.createSignedUrl': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.files.createSignedUrl(a, w.file.path, 60),
  },

  'chat.listThreads': {
    expect: teacherOnly(hidesThread),
    call: (s, _w, a) => s.chat.listThreads(a),
  },
  'chat.createThread': {
    expect: teacherOnly('ok'),
    call: (s, _w, a) => s.chat.createThread(a, { title: 'Matrix' }),
  },
  'chat.renameThread': {
    expect: ownThread,
    call: (s, w, a) => s.chat.renameThread(a, w.thread.id, 'Planning'),
  },
  'chat.deleteThread': {
    expect: ownThread,
    call: async (s, w, a, caller) =>
      s.chat.deleteThread(
        a,
        caller === 'owningTeacher' ? (await w.throwawayThread()).id : w.thread.id,
      ),
  },
  'chat.listMessages': {
    expect: ownThread,
    call: (s, w, a) => s.chat.listMessages(a, w.thread.id),
  },
  'chat.addExchange': {
    expect: ownThread,
    call: async (s, w, a, caller) =>
      s.chat.addExchange(
        a,
        caller === 'owningTeacher' ? (await w.throwawayThread()).id : w.thread.id,
        { message: 'Hello from the matrix' },
      ),
  },
  'chat.setPendingAction': {
    expect: ownThread,
    call: (s, w, a) => s.chat.setPendingAction(a, w.thread.id, null),
  },
  'chat.pendingAction': {
    expect: ownThread,
    call: (s, w, a) => s.chat.pendingAction(a, w.thread.id),
  },

  'dashboard.get': {
    expect: {
      owningTeacher: 'ok',
      enrolledStudent: 'ok',
      otherStudent: { hides: (w) => [w.assignment.id, w.submission.id] },
      otherTeacher: { hides: (w) => [w.course.id, w.submission.id] },
    },
    call: (s, _w, a) => s.dashboard.get(a),
  },

  'agent.processMessage': {
    expect: ownThread,
    call: async (s, w, a, caller) =>
      s.agent.processMessage(
        a,
        {
          message: 'list my courses',
          thread_id: caller === 'owningTeacher' ? (await w.throwawayThread()).id : w.thread.id,
        },
        'offline',
      ),
  },
  'agent.generateThreadTitle': {
    expect: teacherOnly('ok'),
    call: (s, _w, a) => s.agent.generateThreadTitle(a, 'list my courses', 'offline'),
  },

  'voice.updateContext': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 403, otherTeacher: 404 },
    call: (s, w, a) =>
      s.voice.updateContext(a, {
        student_id: a.role === 'teacher' ? 'system' : a.id,
        course_id: w.course.id,
        agent_id: 'agent_matrix',
      }),
  },
  'users.get': {
    // The enrolled student's profile: themself, and the teacher of their course.
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 404, otherTeacher: 404 },
    call: (s, w, a) => s.users.get(a, w.enrolledStudent.id),
  },
  'voice.widget': {
    expect: { owningTeacher: 'ok', enrolledStudent: 'ok', otherStudent: 'ok', otherTeacher: 'ok' },
    call: (s, w, a) => s.voice.widget(a, w.course.id),
  },
};
