import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@huolto/domain';
import { DomainError } from '../lib/errors.ts';

/**
 * One place maps failures to HTTP: domain errors keep their status and code, Fastify's
 * own 4xx (bad JSON, body too large, rate limit) keep theirs, anything else is a 500
 * with a fixed body that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | DomainError, request, reply) => {
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
        error: err.code ?? 'BAD_REQUEST',
        message: status === 429 ? 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.' : err.message,
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL', message: MESSAGES.serverError.text });
  });
}
