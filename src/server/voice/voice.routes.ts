import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  updateContextInputSchema,
  updateContextResultSchema,
  voiceWidgetQuerySchema,
  voiceWidgetSchema,
} from '@domain/schemas/voice';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createVoiceService } from './voice.service';

const tags = ['voice'];
const security = [{ bearerAuth: [] }];

export const voiceRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const voice = createVoiceService(deps);

  app.post(
    '/voice-agent/update-context',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "Push the voice course's knowledge base; a student also gets their own progress",
        description:
          "A student for themself on the voice course they are enrolled in, or the course's " +
          'teacher with student_id "system". Without ELEVENLABS_API_KEY and VOICE_AGENT_ID the ' +
          'document is kept locally and the answer is {pushed: false, reason: "Voice is not configured …"}.',
        body: updateContextInputSchema,
        response: {
          200: updateContextResultSchema,
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request) => voice.updateContext(actorOf(request), request.body),
  );

  app.get(
    '/voice-agent/widget',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Whether the course page shows the voice widget, and with what',
        querystring: voiceWidgetQuerySchema,
        response: { 200: voiceWidgetSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => voice.widget(actorOf(request), request.query.course_id),
  );
};
