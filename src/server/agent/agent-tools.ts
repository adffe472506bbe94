// Mylo's tools for one request: each acts through the services as the signed-in teacher
// (DESIGN §1 "one service layer, many doors"), so the agent can never read or change a course
// its teacher could not read or change through the HTTP API.
import { createAssignmentService } from '../assignments/assignments.service';
import { createChatService } from '../chat/chat.service';
import { createCourseService } from '../courses/courses.service';
import type { ServiceDeps } from '../deps';
import { createEnrollmentService } from '../enrollments/enrollments.service';
import { createSubmissionService } from '../submissions/submissions.service';
import type { AgentToolset } from './agent-tool';
import { assignmentTools } from './tools/assignment-tools';
import { classTools } from './tools/class-tools';
import { courseTools } from './tools/course-tools';
import { deleteAssignmentTool } from './tools/delete-assignment';
import { explainFeaturesTool } from './tools/explain-features';
import { submissionTools } from './tools/submission-tools';
import type { AgentServices, ToolContext } from './tools/tool-context';

export type { ToolContext } from './tools/tool-context';

export function createAgentServices(deps: ServiceDeps): AgentServices {
  return {
    courses: createCourseService(deps),
    assignments: createAssignmentService(deps),
    submissions: createSubmissionService(deps),
    enrollments: createEnrollmentService(deps),
    chat: createChatService(deps),
  };
}

export function createAgentTools(ctx: ToolContext) {
  return {
    ...courseTools(ctx),
    ...assignmentTools(ctx),
    delete_assignment: deleteAssignmentTool(ctx),
    ...submissionTools(ctx),
    ...classTools(ctx),
    explain_features: explainFeaturesTool,
  } satisfies AgentToolset;
}

export type AgentTools = ReturnType<typeof createAgentTools>;
export type AgentToolName = keyof AgentTools;
