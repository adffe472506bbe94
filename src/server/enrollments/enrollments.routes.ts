import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import { enrollmentSchema } from '@domain/schemas/enrollments';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createEnrollmentService } from './enrollments.service';

const tags = ['enrollments'];
const security = [{ bearerAuth: [] }];

export const enrollmentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const enrollments = createEnrollmentService(deps);

  app.post(
    '/courses/:id/enrollments',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        security,
        summary: 'Enrol the signed-in student in a course',
        params: idParamsSchema,
        response: { 201: enrollmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await enrollments.enroll(actorOf(request), request.params.id)),
  );

  app.delete(
    '/courses/:id/enrollments/me',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        security,
        summary: 'Leave a course',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await enrollments.unenroll(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/courses/:id/enrollments',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A course's enrolments (the course teacher)",
        params: idParamsSchema,
        response: { 200: listOf(enrollmentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await enrollments.listForCourse(actorOf(request), request.params.id),
    }),
  );
};
