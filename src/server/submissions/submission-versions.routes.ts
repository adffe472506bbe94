// GET /api/submissions/:id/versions, POST /api/submissions/:id/versions/:versionId/signed-url.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, isoDateTime, listOf } from '@domain/schemas/common';
import {
  submissionVersionSchema,
  versionFileUrlInputSchema,
  versionParamsSchema,
} from '@domain/schemas/submission-versions';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createSubmissionVersionService } from './submission-versions';

const signedUrlSchema = z.object({ url: z.string(), expires_at: isoDateTime });

export const submissionVersionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const versions = createSubmissionVersionService(deps);
  const tags = ['submissions'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/submissions/:id/versions',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A submission's versions, newest first (its student, or the course teacher)",
        params: idParamsSchema,
        response: {
          200: listOf(submissionVersionSchema),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => ({ items: await versions.list(actorOf(request), request.params.id) }),
  );

  app.post(
    '/submissions/:id/versions/:versionId/signed-url',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A time-limited link to one version's file (its student, or the course teacher)",
        params: versionParamsSchema,
        body: versionFileUrlInputSchema,
        response: { 200: signedUrlSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      versions.createSignedUrl(
        actorOf(request),
        request.params.id,
        request.params.versionId,
        request.body.expires_in,
      ),
  );
};
