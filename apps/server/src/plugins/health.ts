import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { callSchema } from '../openapi/route-schema.ts';

/** How long /ready waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 1000;

/** The promise, or a rejection after `ms` (the promise itself runs on and is ignored). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  promise.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /health (liveness): the process answers; the database is not touched, so a database
 * outage does not get healthy servers restarted.
 * GET /ready (readiness): 200 when `select 1` answers within READY_TIMEOUT_MS, else 503,
 * so that a load balancer sends no traffic to a server that cannot reach its database.
 * Neither needs a booking session or an XSRF token.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db, opts: { readyTimeoutMs?: number } = {}) {
  const readyTimeoutMs = opts.readyTimeoutMs ?? READY_TIMEOUT_MS;

  const healthSchema = callSchema({
    tag: 'Operations',
    summary: 'Liveness: answers {status: "ok"} while the server runs.',
    responseSchema: z.object({ status: z.literal('ok') }),
  });
  app.get('/health', { config: { session: false }, schema: healthSchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  const readySchema = callSchema({
    tag: 'Operations',
    summary: 'Readiness: {status: "ok"} when the database answers within a second, else 503 {status: "unavailable"}.',
    responseSchema: z.object({ status: z.literal('ok') }),
    optional: true,
  });
  app.get('/ready', { config: { session: false }, schema: readySchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(sql`select 1`.execute(db), readyTimeoutMs);
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed: database unavailable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
