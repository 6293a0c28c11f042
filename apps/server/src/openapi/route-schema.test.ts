import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { API_BASE, searchVehicleBody } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { ValidationError } from '../lib/errors.ts';
import { parse, validatorCompiler } from '../lib/parse.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { serializerCompiler } from './route-schema.ts';
import { serializerOf } from './serialize.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The answer `parse` gives for an input (the handlers' own refusal). */
function parseRefusal(schema: z.ZodType, input: unknown) {
  try {
    parse(schema, input);
  } catch (err) {
    const e = err as ValidationError;
    return { error: e.code, message: e.message, fields: e.fields };
  }
  throw new Error('the input was accepted');
}

describe('route schemas validate as lib/parse.ts does', () => {
  it("answers a route schema's refusal with parse's 400, before the handler runs", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    let handled = 0;
    app.post('/v', { schema: { body: searchVehicleBody } }, async (request) => {
      handled++;
      return request.body;
    });
    const bad = { registerNumber: '', kilometers: -5 };
    const res = await app.inject({ method: 'POST', url: '/v', payload: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(parseRefusal(searchVehicleBody, bad));
    expect(res.json().error).toBe('VALIDATION');
    // A missing body is read as {}, as parse reads it.
    const none = await app.inject({ method: 'POST', url: '/v' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(parseRefusal(searchVehicleBody, undefined));
    expect(handled).toBe(0);
    // The handler receives the parsed value.
    const good = await app.inject({ method: 'POST', url: '/v', payload: { registerNumber: 'abc-123' } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual(parse(searchVehicleBody, { registerNumber: 'abc-123' }));
    await app.close();
  });

  it('answers 412 for a missing session before a bad body, and 400 with the fields once the session is live', async () => {
    const bad = { registerNumber: 'x'.repeat(500) };
    const stranger = new ApiClient(t.app);
    await stranger.get('/settings'); // the XSRF cookie, without a session
    expect((await stranger.post('/search-vehicle', bad)).statusCode).toBe(412);
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/search-vehicle', bad);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(parseRefusal(searchVehicleBody, bad));
  });

  it('hands the handlers the parsed input (a query\'s whole number as a number)', async () => {
    const c = new ApiClient(t.app);
    const res = await c.get('/booking-settings/organization', { organizationId: '1', processType: 'MAINTENANCE' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ organizationId: 1 });
  });
});

describe('response schemas', () => {
  /** An app whose one route answers `answer` through `schema`, as the service's routes do. */
  async function answerOf(schema: z.ZodType, answer: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get('/a', { schema: { response: { 200: schema } } }, async () => answer);
    const res = await app.inject({ url: '/a' });
    await app.close();
    return res;
  }

  it('send only the keys the schema names, also of nested objects, array items and records', async () => {
    const schema = z.object({
      status: z.literal('ok'),
      office: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      lines: z.array(z.object({ code: z.string() })),
      labels: z.record(z.string(), z.object({ text: z.string() })),
    });
    const res = await answerOf(schema, {
      status: 'ok',
      secret: 'x',
      office: { id: 1, name: 'Espoo', internalNote: 'y' },
      lines: [{ code: 'A', cost: 5 }],
      labels: { fi: { text: 'Hei', hidden: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"status":"ok","office":{"id":1,"name":"Espoo"},"lines":[{"code":"A"}],"labels":{"fi":{"text":"Hei"}}}');
  });

  it('write every value the handler gave as JSON.stringify writes it', async () => {
    const schema = z.object({
      name: z.string(),
      count: z.number().int(),
      price: z.number(),
      flag: z.boolean(),
      code: z.literal('SUCCESS'),
      kind: z.enum(['A', 'B']),
      nested: z.object({ when: z.string() }),
      list: z.array(z.string()),
      note: z.string().optional(),
      extra: z.string().default('fallback'),
      any: z.unknown(),
    });
    // Not what the schema says (null for a string, a fraction for an integer, another code,
    // a missing key): the value is still sent as it is, not "" or 0 or the schema's const.
    const answer = {
      name: null,
      count: 12.5,
      price: 1e21,
      flag: null,
      code: 'NOT_AVAILABLE',
      kind: 'C',
      nested: null,
      list: null,
      any: { deep: [1, 'two', null] },
    };
    const res = await answerOf(schema, answer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);
    // A date object as its ISO text, as JSON.stringify writes it.
    const when = new Date('2026-03-29T01:30:00.000Z');
    expect((await answerOf(schema, { ...answer, nested: { when } })).json().nested).toEqual({ when: when.toISOString() });
  });

  it('write a union by the branch the value fits, and refuse a value that fits none', async () => {
    const schema = z.discriminatedUnion('responseCode', [
      z.object({ responseCode: z.literal('SUCCESS'), booking: z.object({ key: z.string(), start: z.string().nullable() }) }),
      z.object({ responseCode: z.literal('NOT_AVAILABLE'), message: z.string() }),
    ]);
    const ok = await answerOf(schema, { responseCode: 'SUCCESS', booking: { key: 'K1', start: null, internal: 1 }, message: 'x' });
    expect(ok.body).toBe('{"responseCode":"SUCCESS","booking":{"key":"K1","start":null}}');
    const taken = await answerOf(schema, { responseCode: 'NOT_AVAILABLE', message: 'Aika ehdittiin varata.', booking: { key: 'K1' } });
    expect(taken.body).toBe('{"responseCode":"NOT_AVAILABLE","message":"Aika ehdittiin varata."}');
    expect((await answerOf(schema, { responseCode: 'MAYBE' })).statusCode).toBe(500);
  });

  it('compile each schema once', () => {
    const schema = z.object({ status: z.literal('ok') });
    const serialize = serializerOf(schema);
    expect(serializerOf(schema)).toBe(serialize);
    expect(serialize({ status: 'ok', extra: 1 })).toBe('{"status":"ok"}');
  });

  it('compile the response schema of every documented route without falling back', () => {
    const schemas = [...t.app.routeCalls.values()].flatMap((doc) => (doc.responseSchema ? [doc.responseSchema] : []));
    expect(schemas.length).toBeGreaterThan(60);
    for (const schema of schemas) expect(() => serializerOf(schema)).not.toThrow();
  });

  it('leave the OpenAPI page, the health answer and a booking as before', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const booking = await c.get('/get-booking/v2');
    expect(booking.statusCode).toBe(200);
    expect(json(booking)).toMatchObject({ process_type: 'MAINTENANCE', order_items: [] });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.body).toBe('{"status":"ok"}');
    const docs = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs` });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
  });
});
