import { z } from 'zod';

/**
 * Timestamps travel as ISO 8601 strings and are Dates on the server. The server's response
 * serializer encodes Date -> string; clients use the wire type, `z.input<typeof schema>`.
 */
export const isoDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not a valid id.' }) });

/** Lists are arrays in `{ items: [...] }` (DESIGN §6). */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** Optional Markdown/text: trimmed, and empty means "none" (stored as null). */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .transform((text) => (text.trim() === '' ? null : text.trim()))
    .nullish();

export const personSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
});
