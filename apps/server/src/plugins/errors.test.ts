import { createServer, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@huolto/domain';
import { openDatabase } from '../db/database.ts';
import { registerErrorHandler, isDatabaseUnavailable } from './errors.ts';

/** A TCP server on a free port that takes connections and never answers (a hung database). */
async function silentServer(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

/** Closes a silentServer, dropping the connections it still holds. */
function closeSilent(s: { server: Server; sockets: Socket[] }) {
  for (const socket of s.sockets) socket.destroy();
  return new Promise((r) => s.server.close(r));
}

/** A port nothing listens on. */
async function closedPort() {
  const s = await silentServer();
  await closeSilent(s);
  return s.port;
}

const caught = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
}, 10_000);

describe('which failures count as the database being unavailable', () => {
  it('a refused connection, a connection timeout and a cut connection of node-postgres', async () => {
    const refused = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x', connectionTimeoutMillis: 2000 });
    cleanup.push(() => refused.end());
    const e1 = await caught(refused.query('SELECT 1'));
    expect(e1).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(e1)).toBe(true);

    const hung = await silentServer();
    cleanup.push(() => closeSilent(hung));
    const timeout = new pg.Pool({ host: '127.0.0.1', port: hung.port, user: 'x', database: 'x', connectionTimeoutMillis: 300 });
    cleanup.push(() => timeout.end());
    const started = Date.now();
    const e2 = await caught(timeout.query('SELECT 1'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnavailable(e2)).toBe(true);

    const cut = await silentServer();
    cleanup.push(() => closeSilent(cut));
    const client = new pg.Client({ host: '127.0.0.1', port: cut.port, user: 'x', database: 'x' });
    client.on('error', () => {});
    const connecting = caught(client.connect());
    await new Promise((r) => setTimeout(r, 100));
    for (const s of cut.sockets) s.destroy();
    const e3 = await connecting;
    expect(e3).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(e3)).toBe(true);
  });

  it('openDatabase gives up on a PostgreSQL that takes the connection but never answers', async () => {
    const hung = await silentServer();
    cleanup.push(() => closeSilent(hung));
    const handle = await openDatabase({ databaseUrl: `postgres://x@127.0.0.1:${hung.port}/x`, connectionTimeoutMs: 300 });
    cleanup.push(() => handle.close());
    const started = Date.now();
    const err = await caught(handle.db.selectFrom('organization').select('id').execute());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('SQLSTATEs of a server going away, pool messages, causes; not other errors', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', 'ECONNRESET', 'EPIPE']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect'))).toBe(true);

    for (const code of ['23505', '40001', '42P01', '22P02', 'ERR_X']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('answers 503 DATABASE_UNAVAILABLE with the §8 text; anything else stays a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/gone', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.get('/bug', async () => {
      throw new Error('boom');
    });
    cleanup.push(() => app.close());
    const gone = await app.inject({ url: '/gone' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ error: 'DATABASE_UNAVAILABLE', message: MESSAGES.serverError.text });
    expect(gone.json().message).toBe('Toiminnon suorittaminen epäonnistui.');
    expect(gone.headers['retry-after']).toBe('5');
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ error: 'INTERNAL', message: MESSAGES.serverError.text });
  });
});
