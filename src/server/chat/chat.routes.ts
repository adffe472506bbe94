import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageInputSchema,
  chatMessageSchema,
  chatThreadInputSchema,
  chatThreadSchema,
  chatThreadUpdateSchema,
} from '@domain/schemas/chat';
import { idParamsSchema, listOf } from '@domain/schemas/common';
import type { ServiceDeps } from '../deps';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import { createChatService } from './chat.service';

const tags = ['chat'];
const security = [{ bearerAuth: [] }];

/** Mylo chat threads: teachers only, each their own (DESIGN §6-7). */
export const chatRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const chat = createChatService(deps);
  const teacherOnly = app.requireRole('teacher');

  app.get(
    '/chat/threads',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: 'Own chat threads, most recently updated first',
        response: { 200: listOf(chatThreadSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await chat.listThreads(actorOf(request)) }),
  );

  app.post(
    '/chat/threads',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: "Start a thread (title 'New Chat' unless given)",
        body: chatThreadInputSchema.nullish(),
        response: { 201: chatThreadSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await chat.createThread(actorOf(request), request.body ?? {})),
  );

  app.patch(
    '/chat/threads/:id',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: 'Rename a thread',
        params: idParamsSchema,
        body: chatThreadUpdateSchema,
        response: { 200: chatThreadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => chat.renameThread(actorOf(request), request.params.id, request.body.title),
  );

  app.delete(
    '/chat/threads/:id',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: 'Delete a thread and its messages',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await chat.deleteThread(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/chat/threads/:id/messages',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: "A thread's messages, oldest first",
        params: idParamsSchema,
        response: { 200: listOf(chatMessageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ items: await chat.listMessages(actorOf(request), request.params.id) }),
  );

  app.post(
    '/chat/threads/:id/messages',
    {
      preHandler: teacherOnly,
      schema: {
        tags,
        security,
        summary: 'Record an exchange (updates the thread count and last-message time)',
        params: idParamsSchema,
        body: chatMessageInputSchema,
        response: { 201: chatMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await chat.addExchange(actorOf(request), request.params.id, request.body)),
  );
};
