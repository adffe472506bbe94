// Answers are written from the route's zod schema: only the properties it names, dates as ISO
// strings, null where the schema allows it.
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime } from '@domain/schemas/common';
import { compileResponseSerializers, serializerCompiler } from './response-serializer';

const answerSchema = z.object({
  id: z.uuid(),
  at: isoDateTime,
  note: z.string().nullable(),
  owner: z.object({ name: z.string() }).nullable(),
  items: z.array(z.object({ n: z.number().int() })),
});

async function answer(data: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: answerSchema } } }, async () => data as never);
  const response = await app.inject({ url: '/x' });
  await app.close();
  return response.body;
}

describe('Response serializer', () => {
  it('writes only what the schema names, with dates as ISO strings', async () => {
    const body = await answer({
      id: '6f1c1d3e-8f5a-4d7e-9a2b-1c3d4e5f6a7b',
      at: new Date('2026-11-26T10:00:00.000Z'),
      note: null,
      owner: { name: 'Ada', password_hash: 'scrypt$secret' },
      items: [{ n: 3, grade: 'hidden' }],
      password_hash: 'scrypt$secret',
    });
    expect(JSON.parse(body)).toEqual({
      id: '6f1c1d3e-8f5a-4d7e-9a2b-1c3d4e5f6a7b',
      at: '2026-11-26T10:00:00.000Z',
      note: null,
      owner: { name: 'Ada' },
      items: [{ n: 3 }],
    });
    expect(body).not.toContain('secret');
    expect(body).not.toContain('hidden');
  });

  it('writes null for a nullable object and text for a nullable string', async () => {
    const body = await answer({
      id: '6f1c1d3e-8f5a-4d7e-9a2b-1c3d4e5f6a7b',
      at: '2026-11-26T10:00:00.000Z',
      note: 'Late by a day',
      owner: null,
      items: [],
    });
    expect(JSON.parse(body)).toMatchObject({ note: 'Late by a day', owner: null, items: [] });
  });

  it('compiles every declared answer before a server listens, each once', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    const receiptSchema = z.object({ id: z.uuid(), received_at: isoDateTime });
    app.get('/receipt', { schema: { response: { 200: receiptSchema } } }, async () => ({
      id: '6f1c1d3e-8f5a-4d7e-9a2b-1c3d4e5f6a7b',
      received_at: new Date('2026-11-26T10:00:00.000Z'),
      extra: 'not in the schema',
    }));
    await app.ready();

    expect(compileResponseSerializers()).toBeGreaterThanOrEqual(1);
    // Nothing is left for a request to compile, and the compiled answer is the same.
    expect(compileResponseSerializers()).toBe(0);
    const response = await app.inject({ url: '/receipt' });
    expect(JSON.parse(response.body)).toEqual({
      id: '6f1c1d3e-8f5a-4d7e-9a2b-1c3d4e5f6a7b',
      received_at: '2026-11-26T10:00:00.000Z',
    });
    await app.close();
  });
});
