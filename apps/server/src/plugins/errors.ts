import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@huolto/domain';
import { DomainError } from '../lib/errors.ts';
import { validationErrorOf } from '../lib/parse.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413's message on a route that takes a larger body than the app's (its own bodyLimit). */
    bodyTooLargeMessage?: string;
  }
}

/** The 413's message where the route does not say its own. */
export const BODY_TOO_LARGE_MESSAGE = 'Pyyntö on liian suuri.';

/** Socket errors of a database connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now, 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres (pg, pg-pool) for a lost or timed-out connection. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/, // …unexpectedly, …due to connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool connectionTimeoutMillis
  /^timeout expired$/, // pg Client connectionTimeoutMillis (db/database.ts)
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * True when the database could not be reached: the request did nothing wrong and may
 * succeed once the database is back (HTTP 503). Looks through `cause` and
 * AggregateError (a connect to several addresses) chains.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (CONNECTION_ERROR_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * One place maps failures to HTTP: domain errors keep their status and code (a route
 * schema's refusal is the same 400 VALIDATION as lib/parse.ts's), Fastify's
 * own 4xx (bad JSON, body too large, rate limit) keep theirs, a database that cannot be
 * reached is a 503 with the §8 server-error text, anything else is a 500 with a fixed
 * body that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | DomainError, request, reply) => {
    // A route schema's refusal: the zod validator of lib/parse.ts already throws a
    // ValidationError; any other validator's issues (Fastify's `validation`) become one.
    if (!(err instanceof DomainError) && Array.isArray(err.validation) && err.validation.length > 0) {
      err = validationErrorOf(err.validation);
    }
    if (err instanceof DomainError) {
      if (err.status >= 500) request.log.error({ err }, 'domain error');
      return reply.status(err.status).send({
        error: err.code,
        message: err.message,
        ...(err.fields.length ? { fields: err.fields } : {}),
      });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: status === 429 ? 'TOO_MANY_REQUESTS' : (err.code ?? 'BAD_REQUEST'),
        message:
          status === 429
            ? 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.'
            : status === 413
              ? (request.routeOptions.config.bodyTooLargeMessage ?? BODY_TOO_LARGE_MESSAGE)
              : err.message,
      });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'DATABASE_UNAVAILABLE', message: MESSAGES.serverError.text });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL', message: MESSAGES.serverError.text });
  });
}
