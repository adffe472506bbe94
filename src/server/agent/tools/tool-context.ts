// What every tool is built from: the services (the same ones the HTTP routes use) and the
// signed-in teacher they act as. Tools never query course or assignment tables themselves.
import type { ChatService } from '../../chat/chat.service';
import type { AssignmentService } from '../../assignments/assignments.service';
import type { CourseService } from '../../courses/courses.service';
import type { EnrollmentService } from '../../enrollments/enrollments.service';
import type { SubmissionService } from '../../submissions/submissions.service';
import type { Actor } from '../../policies/actor';

export interface AgentServices {
  courses: CourseService;
  assignments: AssignmentService;
  submissions: SubmissionService;
  enrollments: EnrollmentService;
  chat: ChatService;
}

export interface ToolContext {
  actor: Actor;
  services: AgentServices;
  /** The chat thread the request belongs to; a delete can only be proposed in one. */
  threadId: string | null;
  /** Reference time for relative dates ("next Friday at 5pm"). */
  now: Date;
  /** The course page the teacher has open: it settles which of two same-named assignments. */
  courseId?: string;
  /** The teacher's UTC offset in minutes (e.g. -300 for New York in winter); server's if unset. */
  utcOffsetMinutes?: number;
}
