import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentInputSchema,
  assignmentSchema,
  assignmentUpdateSchema,
  gradeReleaseInputSchema,
} from '@domain/schemas/assignments';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createAssignmentService } from './assignments.service';

const tags = ['assignments'];
const security = [{ bearerAuth: [] }];

export const assignmentRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const assignments = createAssignmentService(deps);

  app.get(
    '/courses/:id/assignments',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A course's assignments: all for its teacher, published ones for its students",
        params: idParamsSchema,
        response: { 200: listOf(assignmentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await assignments.listForCourse(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/courses/:id/assignments',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Create an assignment (the course teacher)',
        params: idParamsSchema,
        body: assignmentInputSchema,
        response: { 201: assignmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await assignments.create(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/me/assignments',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        security,
        summary: "Published assignments of the student's courses, soonest due first",
        response: { 200: listOf(assignmentSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await assignments.listMine(actorOf(request)) }),
  );

  app.get(
    '/assignments/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'An assignment (students: published ones of their courses)',
        params: idParamsSchema,
        response: { 200: assignmentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => assignments.get(actorOf(request), request.params.id),
  );

  app.patch(
    '/assignments/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Change an assignment or its rubric (the course teacher)',
        params: idParamsSchema,
        body: assignmentUpdateSchema,
        response: { 200: assignmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assignments.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/assignments/:id/grade-release',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Release the saved grades to students, or hide them again (manual release)',
        params: idParamsSchema,
        body: gradeReleaseInputSchema,
        response: { 200: assignmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      assignments.setGradesReleased(actorOf(request), request.params.id, request.body.released),
  );

  app.delete(
    '/assignments/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Delete an assignment with its submissions and their files',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await assignments.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
