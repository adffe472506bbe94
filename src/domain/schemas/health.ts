import { z } from 'zod';

export const jobBacklogSchema = z.object({
  due: z.number().int().describe('Queued jobs that are due now, across every instance'),
  running: z.number().int(),
  oldest_due_seconds: z.number().int().describe('How long the oldest due job has waited'),
  failed_last_hour: z.number().int(),
});

export const healthSchema = z.object({
  status: z
    .enum(['ok', 'degraded'])
    .describe('ok when this instance can serve: its database and its storage answer'),
  db: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  redis: z
    .enum(['ok', 'down', 'not configured'])
    .describe('Shared limits; when down they fail open and the instance still serves'),
  jobs: jobBacklogSchema.nullable().describe('null when the database cannot be read'),
  llm: z.string().describe('The grading and chat engine in use, e.g. "offline" or "openai"'),
  voice: z.enum(['configured', 'not configured']),
});
export type Health = z.infer<typeof healthSchema>;
