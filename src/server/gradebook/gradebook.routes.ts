// The gradebook and its CSV exports (the course's teacher).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@domain/schemas/common';
import { gradebookSchema } from '@domain/schemas/gradebook';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createGradebookService } from './gradebook.service';

const tags = ['gradebook'];
const security = [{ bearerAuth: [] }];
const csvResponse = z.string().describe('text/csv; charset=utf-8, with a byte-order mark');

/** "Algebra 1 gradebook" -> algebra-1-gradebook.csv (ASCII), with the full name as filename*. */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .toLowerCase()
      .slice(0, 100) || 'gradebook';
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(`${name}.csv`)}`;
}

function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .send(file.csv);
}

export const gradebookRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const gradebook = createGradebookService(deps);

  app.get(
    '/courses/:id/gradebook',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "The course's gradebook: students × assignments (the course teacher)",
        params: idParamsSchema,
        response: { 200: gradebookSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => gradebook.forCourse(actorOf(request), request.params.id),
  );

  app.get(
    '/courses/:id/gradebook.csv',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "The course's gradebook as CSV (the course teacher)",
        params: idParamsSchema,
        response: { 200: csvResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await gradebook.courseCsv(actorOf(request), request.params.id)),
  );

  app.get(
    '/assignments/:id/gradebook.csv',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "One assignment's grades as CSV (the course teacher)",
        params: idParamsSchema,
        response: { 200: csvResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await gradebook.assignmentCsv(actorOf(request), request.params.id)),
  );
};
