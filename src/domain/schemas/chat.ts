import { z } from 'zod';
import { TEXT_LIMITS } from '../limits';
import { isoDateTime } from './common';

/** Chat messages are capped so one request cannot flood the agent or the database. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

export const chatMessageTextSchema = z
  .string({ error: 'Message must be text.' })
  .trim()
  .min(1, 'Message cannot be empty.')
  .max(CHAT_MESSAGE_MAX_LENGTH, `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`)
  // NUL cannot be stored, and no control character (but tab and line breaks) belongs in a
  // message: refused before anything runs, so a refused request changes nothing.
  // eslint-disable-next-line no-control-regex
  .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), {
    error: 'Message contains a control character.',
  });

export const chatThreadSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  title: z.string(),
  message_count: z.number().int(),
  last_message_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ChatThread = z.input<typeof chatThreadSchema>;

export const chatThreadInputSchema = z.object({
  title: z.string().trim().min(1).max(TEXT_LIMITS.title).optional(),
});
export const chatThreadUpdateSchema = z.object({
  title: z.string().trim().min(1, 'Title cannot be empty.').max(TEXT_LIMITS.title),
});

export const chatMessageSchema = z.object({
  id: z.uuid(),
  thread_id: z.uuid(),
  user_id: z.uuid(),
  message: z.string(),
  response: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ChatMessage = z.input<typeof chatMessageSchema>;

/** POST /api/chat/threads/:id/messages: record an exchange (the agent endpoints do it too). */
export const chatMessageInputSchema = z.object({
  message: chatMessageTextSchema,
  response: z.string().max(TEXT_LIMITS.markdown).nullish(),
});

/** POST /api/agent/process and /api/agent/test (SPEC §7). */
export const agentProcessInputSchema = z.object({
  message: chatMessageTextSchema,
  /** Ignored: the agent always acts as the signed-in user. Accepted for SPEC compatibility. */
  user_id: z.string().optional(),
  thread_id: z.uuid().nullish(),
  context: z.record(z.string(), z.unknown()).nullish(),
});

export const agentReplySchema = z.object({
  response: z.string(),
  success: z.boolean(),
  action_taken: z.string(),
  data: z.unknown(),
  /** The stored exchange, when a thread was given. */
  message: chatMessageSchema.optional(),
});
export type AgentReply = z.input<typeof agentReplySchema>;

export const threadTitleInputSchema = z.object({
  first_message: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
  first_response: z.string().max(TEXT_LIMITS.markdown).optional().default(''),
});
export const threadTitleReplySchema = z.object({
  success: z.boolean(),
  title: z.string(),
  error: z.string().optional(),
});
