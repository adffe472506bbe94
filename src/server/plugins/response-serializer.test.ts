// Answers are written from the route's zod schema: only the properties it names, dates as ISO
// strings, null where the schema allows it.
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime } from '@domain/schemas/common';
import { compileResponseSerializers, listing, serializerCompiler } from './response-serializer';

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

  it("writes a kept list under each route's own schema, and a changed list anew", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    // A kept answer (prepared.ts) is frozen all the way down.
    const keptAnswer = (n: number, name: string) =>
      Object.freeze([Object.freeze({ n, name })]) as { n: number; name: string }[];
    let kept = keptAnswer(1, 'Ada');
    const full = z.object({ items: z.array(z.object({ n: z.number(), name: z.string() })) });
    const short = z.object({ items: z.array(z.object({ n: z.number() })) });
    app.get('/full', { schema: { response: { 200: full } } }, async () => listing([...kept]));
    app.get('/kept', { schema: { response: { 200: full } } }, async () => listing(kept));
    app.get('/short', { schema: { response: { 200: short } } }, async () => listing(kept));
    const body = async (url: string) => (await app.inject({ url })).body;

    expect(listing(kept)).toBe(listing(kept));
    expect(listing([...kept])).not.toBe(listing([...kept]));
    for (let i = 0; i < 2; i++) {
      expect(JSON.parse(await body('/kept'))).toEqual({ items: [{ n: 1, name: 'Ada' }] });
      expect(JSON.parse(await body('/short'))).toEqual({ items: [{ n: 1 }] });
    }
    kept = keptAnswer(2, 'Alan');
    expect(JSON.parse(await body('/kept'))).toEqual({ items: [{ n: 2, name: 'Alan' }] });
    expect(await body('/full')).toBe(await body('/kept'));
    await app.close();
  });

  it('writes a kept list once, however often it is sent', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    let reads = 0;
    const row = Object.freeze({
      get name() {
        reads += 1;
        return 'Ada';
      },
    });
    const kept = Object.freeze([row]) as { name: string }[];
    const schema = z.object({ items: z.array(z.object({ name: z.string() })) });
    app.get('/kept', { schema: { response: { 200: schema } } }, async () => listing(kept));
    app.get('/fresh', { schema: { response: { 200: schema } } }, async () => listing([...kept]));
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/kept' })).json()).toEqual({ items: [{ name: 'Ada' }] });
    }
    expect(reads).toBe(1);
    for (let i = 0; i < 2; i++) await app.inject({ url: '/fresh' });
    expect(reads).toBe(3);
    await app.close();
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
