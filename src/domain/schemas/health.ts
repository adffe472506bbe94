import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  llm: z.string().describe('The grading and chat engine in use, e.g. "offline" or "openai"'),
  voice: z.enum(['configured', 'not configured']),
});
export type Health = z.infer<typeof healthSchema>;
