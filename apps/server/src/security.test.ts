import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '../test/helpers.ts';
import { BODY_LIMIT_BYTES } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ vehicleSearchRateLimit: 5 });
});
afterAll(async () => {
  await t?.close();
});

describe('security basics', () => {
  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets an XSRF-TOKEN cookie and refuses a state change without the matching header', async () => {
    const first = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/XSRF-TOKEN=[\w-]+/);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const url = `${API_BASE}/init-session?usedProcessType=MAINTENANCE`;
    const noHeader = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(noHeader.statusCode).toBe(403);
    expect(json(noHeader).error).toBe('XSRF');
    const wrong = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' } });
    expect(wrong.statusCode).toBe(403);
    const noCookie = await t.app.inject({ method: 'POST', url, headers: { 'x-xsrf-token': 'abc' } });
    expect(noCookie.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' } });
    expect(ok.statusCode).toBe(200);
    const processes = await t.db.selectFrom('process').select('token').execute();
    expect(processes).toHaveLength(1);
  });

  it('rate-limits search-vehicle per client', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 1 })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('refuses a body over the limit with 413', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/save-notes', { value: 'x'.repeat(BODY_LIMIT_BYTES + 10) });
    expect(res.statusCode).toBe(413);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/save-notes`,
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', 'x-process-token': c.token! },
      payload: '{"value": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/no-such-call` });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('NOT_FOUND');
  });

  it('a failure inside a handler is a 500 that leaks nothing', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    // Corrupt the stored cart so that reading it fails inside the service.
    await t.db.updateTable('process').set({ cart: JSON.stringify({ not: 'an array' }) }).where('token', '=', c.token!).execute();
    const res = await c.get('/get-booking/v2');
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ error: 'INTERNAL', message: 'Toiminnon suorittaminen epäonnistui.' });
  });
});
