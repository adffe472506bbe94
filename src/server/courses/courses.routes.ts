import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import {
  courseInputSchema,
  courseSchema,
  courseScopeSchema,
  courseUpdateSchema,
} from '@domain/schemas/courses';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { listing } from '../plugins/response-serializer';
import { createCourseService } from './courses.service';

const tags = ['courses'];
const security = [{ bearerAuth: [] }];

export const courseRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const courses = createCourseService(deps);

  app.get(
    '/courses',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: "A teacher's courses, or a student's enrolled or available ones; newest first",
        querystring: courseScopeSchema,
        response: { 200: listOf(courseSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => listing(await courses.list(actorOf(request), request.query.scope)),
  );

  app.post(
    '/courses',
    {
      preHandler: app.requireRole('teacher'),
      schema: {
        tags,
        security,
        summary: 'Create a course',
        body: courseInputSchema,
        response: { 201: courseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await courses.create(actorOf(request), request.body)),
  );

  app.get(
    '/courses/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'A course with its teacher and counts',
        params: idParamsSchema,
        response: { 200: courseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => courses.get(actorOf(request), request.params.id),
  );

  app.patch(
    '/courses/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Change the title or description (the course teacher)',
        params: idParamsSchema,
        body: courseUpdateSchema,
        response: { 200: courseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => courses.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/courses/:id',
    {
      preHandler: app.requireActor,
      schema: {
        tags,
        security,
        summary: 'Delete a course with its assignments, submissions, enrolments and files',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await courses.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
