import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import { API_BASE, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type LogLine, type TestApp } from '../test/helpers.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/types.ts';
import { Mailer } from './modules/mail/outbox.ts';
import { READY_TIMEOUT_MS } from './plugins/health.ts';
import { isLoopbackHost } from './plugins/metrics.ts';
import viteConfig from '../../web/vite.config.ts';

/** A log destination that keeps every JSON line. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, records: () => lines.map((l) => JSON.parse(l) as LogLine) };
}

/** The value of one sample in a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? '';
    const have = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v) && Object.keys(have).length === Object.keys(labels).length) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

/** An app on a database that never answers (`hang`) or refuses connections (`refuse`). */
async function appWithBrokenDatabase(mode: 'hang' | 'refuse', logger: object | false = false) {
  const dataDir = mkdtempSync(join(tmpdir(), 'huolto-ops-'));
  const pool = {
    connect: () =>
      mode === 'hang'
        ? new Promise<never>(() => {})
        : Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    end: async () => {},
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: undefined };
  const mailer = new Mailer(db, { from: config.mailFrom, outboxDir: join(dataDir, 'outbox') });
  const app = await buildApp({
    config,
    database: { db, engine: 'postgres', exec: async () => {}, close: async () => {} },
    mailer,
    logger,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let t: TestApp;
const log = logSink();
beforeAll(async () => {
  // Listening on loopback: /metrics answers without METRICS_TOKEN.
  t = await createTestApp({ host: '127.0.0.1' }, { logger: { level: 'info', stream: log.stream } });
});
afterAll(async () => {
  await t?.close();
});

describe('health and readiness', () => {
  it('/health and /ready answer 200 without a session, XSRF token or cookie', async () => {
    for (const url of ['/health', '/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(json(res)).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('/health stays 200 while the database hangs; /ready answers 503 after about a second', async () => {
    const broken = await appWithBrokenDatabase('hang');
    try {
      const health = await broken.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      const started = Date.now();
      const ready = await broken.app.inject({ method: 'GET', url: '/ready' });
      const took = Date.now() - started;
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ status: 'unavailable' });
      expect(took).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(READY_TIMEOUT_MS + 2000);
    } finally {
      await broken.close();
    }
  });

  it('/ready answers 503 at once when the database refuses connections, and logs why without a stack of personal data', async () => {
    const sink = logSink();
    const broken = await appWithBrokenDatabase('refuse', { level: 'info', stream: sink.stream });
    try {
      const ready = await broken.app.inject({ method: 'GET', url: '/ready', headers: { 'x-request-id': 'probe-1' } });
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ status: 'unavailable' });
      expect((await broken.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      const warn = sink.records().find((r) => r.msg?.startsWith('readiness check failed'));
      expect(warn).toMatchObject({ level: 40, requestId: 'probe-1', err: { code: 'ECONNREFUSED' } });
    } finally {
      await broken.close();
    }
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('answers a new UUID without x-request-id, and echoes a well-formed one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const given = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings`, headers: { 'x-request-id': 'lb-7f3a-0001' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a-0001');
  });

  it('replaces a malformed x-request-id (spaces, JSON, too long) with a new UUID', async () => {
    for (const bad of ['a b', '{"msg":"forged"}', 'x'.repeat(65), 'ABC_123', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('sends the id on errors too (XSRF 403, unknown route 404) and logs it on every line of the request', async () => {
    const denied = await t.app.inject({ method: 'POST', url: `${API_BASE}/save-booking`, headers: { 'x-request-id': 'req-403' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['x-request-id']).toBe('req-403');
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page?rekisteri=ABC-123', headers: { 'x-request-id': 'req-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-404');

    const lines = log.records().filter((r) => r.requestId === 'req-404');
    expect(lines.map((r) => r.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const incoming = lines.find((r) => r.msg === 'incoming request')!;
    // Method and path only: no query string, headers, host or address.
    expect(incoming.req).toEqual({ method: 'GET', url: '/no-such-page' });
    expect(JSON.stringify(lines)).not.toContain('ABC-123');
    expect(lines.find((r) => r.msg === 'request completed')).toEqual(
      expect.objectContaining({ req: { method: 'GET', url: '/no-such-page' }, res: { statusCode: 404 }, responseTime: expect.any(Number) }),
    );
    expect(log.records().filter((r) => r.requestId === 'req-403').length).toBeGreaterThan(0);
  });

  it('logs a matched request by its route pattern, in JSON with an ISO time', async () => {
    await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/settings?registerNumber=ABC-123&email=matti@example.com`,
      headers: { 'x-request-id': 'req-route' },
    });
    const incoming = log.records().find((r) => r.requestId === 'req-route' && r.msg === 'incoming request')!;
    expect(incoming.req).toEqual({ method: 'GET', url: `${API_BASE}/settings` });
    expect(incoming.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('redacts headers, passwords and tokens that a log call passes after all', () => {
    t.app.log.info(
      {
        check: 'redact-1',
        headers: { authorization: 'Bearer s3cr3t-a', cookie: 'XSRF-TOKEN=s3cr3t-b', 'x-xsrf-token': 's3cr3t-c', 'x-process-token': 's3cr3t-d' },
        body: { password: 's3cr3t-e', token: 's3cr3t-f', account: { password: 's3cr3t-g' } },
      },
      'redaction check',
    );
    const line = log.lines.find((l) => l.includes('redact-1'))!;
    expect(line).toBeDefined();
    expect(line).not.toContain('s3cr3t');
    expect(JSON.parse(line).headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-xsrf-token': '[redacted]', 'x-process-token': '[redacted]' });
  });

  it('writes no request log lines for /health, /ready and /metrics', async () => {
    for (const url of ['/health', '/ready', '/metrics']) {
      await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': `quiet-${url.slice(1)}` } });
    }
    expect(log.records().filter((r) => String(r.requestId).startsWith('quiet-'))).toEqual([]);
  });
});

describe('metrics', () => {
  const scrape = async (app = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts requests and their latency by route pattern, method and status, never by raw URL', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const before = sample(await scrape(), 'http_requests_total', { method: 'POST', route: `${API_BASE}/search-vehicle`, status_code: '200' }) ?? 0;
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 1 });
    await c.get('/free-times-unknown', { registerNumber: 'ABC-123' });
    await t.app.inject({ method: 'GET', url: '/oma-varaus?varaus=KEY123&rekisteri=ABC-123' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'POST', route: `${API_BASE}/search-vehicle`, status_code: '200' })).toBe(before + 1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: `${API_BASE}/init-session`, status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(2);
    const labels = { method: 'POST', route: `${API_BASE}/search-vehicle`, status_code: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(text).not.toContain('ABC-123');
    expect(text).not.toContain('KEY123');
    expect(text).not.toContain('free-times-unknown');
  });

  it('includes the process metrics', async () => {
    const text = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text, name).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('counts a saved booking once, and its e-mail queued and sent', async () => {
    const before = await scrape();
    const saved0 = sample(before, 'huolto_bookings_saved_total', { process_type: 'MAINTENANCE' }) ?? 0;
    const queued0 = sample(before, 'huolto_emails_queued_total') ?? 0;
    const sent0 = sample(before, 'huolto_emails_sent_total') ?? 0;

    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
    await c.post('/customer/v2', CUSTOMER);
    expect(json(await c.post('/save-booking')).responseCode).toBe('SUCCESS');
    // Saving again answers the same booking: not a second one.
    expect(json(await c.post('/save-booking')).responseCode).toBe('SUCCESS');

    // save-booking starts sending at once; wait for that run to end.
    await t.app.mailer.kick();
    const after = await scrape();
    expect(sample(after, 'huolto_bookings_saved_total', { process_type: 'MAINTENANCE' })).toBe(saved0 + 1);
    // The confirmation and the office's notice of the booking.
    expect(sample(after, 'huolto_emails_queued_total')).toBe(queued0 + 2);
    expect(sample(after, 'huolto_emails_sent_total')).toBe(sent0 + 2);
    expect(sample(after, 'huolto_email_outbox_messages', { status: 'PENDING' })).toBe(0);
    expect(sample(after, 'huolto_email_outbox_messages', { status: 'FAILED' })).toBe(0);
    expect(after).toContain('huolto_email_send_failures_total');
  });

  it('reports the outbox backlog from the database: pending and given-up messages', async () => {
    await t.db
      .insertInto('email_outbox')
      .values([
        { recipient: 'a@example.com', subject: 's', text_body: 't', file_name: 'later.eml', next_attempt_at: new Date(Date.now() + 3_600_000) },
        { recipient: 'b@example.com', subject: 's', text_body: 't', file_name: 'failed.eml', status: 'FAILED' },
      ])
      .execute();
    const text = await scrape();
    expect(sample(text, 'huolto_email_outbox_messages', { status: 'PENDING' })).toBe(1);
    expect(sample(text, 'huolto_email_outbox_messages', { status: 'FAILED' })).toBe(1);
    expect(sample(text, 'huolto_email_outbox_messages', { status: 'SENDING' })).toBe(0);
    await t.db.deleteFrom('email_outbox').where('file_name', 'in', ['later.eml', 'failed.eml']).execute();
  });

  it('keeps each app’s counters apart', async () => {
    const other = await createTestApp({ host: '127.0.0.1' });
    try {
      const text = await scrape(other.app);
      expect(sample(text, 'huolto_bookings_saved_total', { process_type: 'MAINTENANCE' })).toBeUndefined();
      expect(sample(text, 'http_requests_total', { method: 'POST', route: `${API_BASE}/search-vehicle`, status_code: '200' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const secured = await createTestApp({ metricsToken: 'metrics-token-0123456789' });
    try {
      const none = await secured.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      const wrong = await secured.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456780' } });
      expect(wrong.statusCode).toBe(401);
      const ok = await secured.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_requests_total');
    } finally {
      await secured.close();
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('refuses /metrics (403) when the server listens on a public address', async () => {
    for (const host of ['0.0.0.0', '::']) {
      const open = await createTestApp({ host, metricsToken: undefined });
      try {
        const res = await open.app.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode, host).toBe(403);
        expect(res.body).not.toContain('http_requests_total');
        expect(res.body).not.toContain('process_cpu');
      } finally {
        await open.close();
      }
    }
  });

  it('answers on a loopback address, but not a request relayed by a proxy', async () => {
    // `t` listens on 127.0.0.1; the other loopback spellings (isLoopbackHost below) alike.
    const local = await createTestApp({ host: '::1', metricsToken: undefined });
    try {
      for (const app of [t.app, local.app]) {
        expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
        for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }]) {
          const relayed = await app.inject({ method: 'GET', url: '/metrics', headers });
          expect(relayed.statusCode, JSON.stringify(headers)).toBe(403);
        }
      }
    } finally {
      await local.close();
    }
  });

  it('tells loopback listen addresses from the others', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '', '10.0.0.1', '128.0.0.1', 'localhost.example', '127.0.0.1.example']) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe('source maps', () => {
  it('the production web build writes none', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('are not served even when the built directory has them', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'huolto-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ajanvaraus</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")\n//# sourceMappingURL=index-abc123.js.map\n');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"],"mappings":""}');
    writeFileSync(join(dist, 'assets', 'index-abc123.css.MAP'), '{"version":3}');
    const site = await createTestApp({ webDist: dist });
    try {
      const js = await site.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(js.statusCode).toBe(200);
      for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map?v=1', '/assets/./index-abc123.js.map', '/assets/index-abc123.css.MAP']) {
        const res = await site.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('secret.ts');
      }
      // A path that spells the name with escapes is no file name: it gets the app's page, never the map.
      for (const url of ['/assets/index-abc123.js%2Emap', '/assets/index-abc123.js.ma%70', '/assets%2Findex-abc123.js.map']) {
        const res = await site.app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('secret.ts');
        expect(res.body, url).not.toContain('"version":3');
      }
      expect((await site.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
    } finally {
      await site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('slow requests', () => {
  it('REQUEST_TIMEOUT_MS is 30 s unless set', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000' }).requestTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  /**
   * Sends `head` at once and then one byte of `drip` a second over a raw connection; answers
   * what came back and when the server closed the connection (or null after `giveUpMs`).
   */
  function dribble(port: number, head: string, drip: string, giveUpMs: number) {
    return new Promise<{ closedAfterMs: number | null; received: string }>((resolve) => {
      const started = Date.now();
      let received = '';
      let i = 0;
      const socket = connect(port, '127.0.0.1');
      const finish = (closedAfterMs: number | null) => {
        clearInterval(timer);
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ closedAfterMs, received });
      };
      const timer = setInterval(() => {
        if (i < drip.length && socket.writable) socket.write(drip[i++]!);
      }, 1000);
      const giveUp = setTimeout(() => finish(null), giveUpMs);
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (received += d));
      socket.on('error', () => {});
      socket.on('close', () => finish(Date.now() - started));
      socket.write(head);
    });
  }

  const TIMEOUT_MS = 2000;
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({ requestTimeoutMs: loadConfig({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) }).requestTimeoutMs });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    port = (slow.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('answers 408 and closes a connection whose body arrives a byte a second', async () => {
    const xsrf = 'slow-body-xsrf-0123456789';
    const body = JSON.stringify({ registerNumber: 'ABC-123', kilometers: 60000, padding: 'x'.repeat(40) });
    const head =
      `POST ${API_BASE}/init-session?usedProcessType=MAINTENANCE&installationType=LAAKKONEN_PUBLIC HTTP/1.1\r\n` +
      `Host: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Cookie: ${XSRF_COOKIE}=${xsrf}\r\n${XSRF_HEADER}: ${xsrf}\r\n\r\n`;
    const { closedAfterMs, received } = await dribble(port, head, body, 15_000);
    expect(closedAfterMs, 'connection still open').not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 200);
    expect(closedAfterMs!).toBeLessThan(TIMEOUT_MS + 3000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('does the same to headers that arrive a byte a second', async () => {
    const { closedAfterMs, received } = await dribble(
      port,
      `GET ${API_BASE}/settings HTTP/1.1\r\n`,
      'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n',
      15_000,
    );
    expect(closedAfterMs, 'connection still open').not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(TIMEOUT_MS + 3000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
  });
});
