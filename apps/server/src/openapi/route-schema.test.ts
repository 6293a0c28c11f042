import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { API_BASE, searchVehicleBody } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { ValidationError } from '../lib/errors.ts';
import { parse, validatorCompiler } from '../lib/parse.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { documentOnly, serializerCompiler } from './route-schema.ts';

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
  it('serialize through the schema unless documentOnly', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const answer = z.object({ status: z.literal('ok') });
    app.get('/enforced', { schema: { response: { 200: answer } } }, async () => ({ status: 'ok', extra: 1 }));
    app.get('/documented', { schema: { response: { 200: documentOnly(answer) } } }, async () => ({ status: 'ok', extra: 1 }));
    expect((await app.inject({ url: '/enforced' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/documented' })).json()).toEqual({ status: 'ok', extra: 1 });
    await app.close();
  });

  it('leave the answers of the booking API as the handlers build them', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const booking = await c.get('/get-booking/v2');
    expect(booking.statusCode).toBe(200);
    expect(json(booking)).toBeTypeOf('object');
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok' });
    const docs = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs` });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
  });
});
