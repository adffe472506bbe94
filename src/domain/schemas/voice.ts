import { z } from 'zod';

/** A widget session's dynamic variables: the signed-in student's own progress, as strings. */
export const voiceDynamicVariablesSchema = z.record(z.string(), z.string());

/** POST /api/voice-agent/update-context (SPEC §7; sign-in required, DESIGN §6). */
export const updateContextInputSchema = z.object({
  student_id: z
    .string()
    .trim()
    .min(1)
    .describe('The signed-in student\'s own id, or "system" (the course\'s teacher only)'),
  course_id: z.uuid({ error: 'Not a valid course id.' }),
  agent_id: z.string().trim().min(1).max(200),
});
export type UpdateContextInput = z.infer<typeof updateContextInputSchema>;

export const updateContextResultSchema = z.object({
  pushed: z.boolean().describe('Whether a new document went to the voice provider'),
  reason: z
    .string()
    .optional()
    .describe('Why nothing was pushed: "unchanged", or that voice is not configured'),
  document_id: z.string().nullable().optional(),
  dynamic_variables: voiceDynamicVariablesSchema
    .optional()
    .describe('For a student: their own progress, for their widget session only'),
});
export type UpdateContextResult = z.infer<typeof updateContextResultSchema>;

/** GET /api/voice-agent/widget?course_id= */
export const voiceWidgetQuerySchema = z.object({
  course_id: z.uuid({ error: 'Not a valid course id.' }),
});

export const voiceWidgetSchema = z.object({
  enabled: z.boolean(),
  agent_id: z.string().optional(),
  script_url: z.string().optional(),
  dynamic_variables: voiceDynamicVariablesSchema.optional(),
});
export type VoiceWidget = z.infer<typeof voiceWidgetSchema>;
