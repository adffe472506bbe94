// Every feature's routes under /api, in one list: adding a feature means adding a line here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentRoutes } from './assignments/assignments.routes';
import { agentRoutes } from './agent/agent.routes';
import { chatRoutes } from './chat/chat.routes';
import { courseRoutes } from './courses/courses.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import type { ServiceDeps } from './deps';
import { enrollmentRoutes } from './enrollments/enrollments.routes';
import { extensionRoutes } from './extensions/extensions.routes';
import { fileRoutes } from './files/files.routes';
import { gradebookRoutes } from './gradebook/gradebook.routes';
import { gradingRoutes } from './grading/grading.routes';
import { regradeRoutes } from './regrades/regrades.routes';
import { submissionRoutes } from './submissions/submissions.routes';
import { userRoutes } from './users/users.routes';
import { voiceRoutes } from './voice/voice.routes';

export const featureRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  await app.register(dashboardRoutes, { deps });
  await app.register(courseRoutes, { deps });
  await app.register(assignmentRoutes, { deps });
  await app.register(enrollmentRoutes, { deps });
  await app.register(fileRoutes, { deps });
  await app.register(submissionRoutes, { deps });
  await app.register(gradingRoutes, { deps });
  await app.register(gradebookRoutes, { deps });
  await app.register(regradeRoutes, { deps });
  await app.register(extensionRoutes, { deps });
  await app.register(chatRoutes, { deps });
  await app.register(agentRoutes, { deps });
  await app.register(voiceRoutes, { deps });
  await app.register(userRoutes, { deps });
};
