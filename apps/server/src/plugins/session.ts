import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROCESS_TOKEN_HEADER } from '@huolto/domain';
import type { Db } from '../db/database.ts';
import { SessionExpiredError } from '../lib/errors.ts';
import { findLiveProcess, type ProcessRow } from '../modules/process/repository.ts';
import { clientKey } from '../modules/time/fair-share.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers without a booking process. */
    session?: boolean;
  }
  interface FastifyRequest {
    /** The booking process of the x-process-token header (routes with a session). */
    process: ProcessRow;
    /** The one-way key of the client's address, stored with the sessions it starts (modules/time/fair-share.ts). */
    readonly clientKey: string;
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Loads the process of the x-process-token header before every route that needs one.
 * A missing, malformed, unknown or expired token is HTTP 412 (SPEC §4).
 */
export function registerSession(app: FastifyInstance, db: Db, opts: { clientKeySecret?: string | undefined } = {}) {
  app.decorateRequest('process', null as unknown as ProcessRow);
  app.decorateRequest('clientKey', {
    getter(this: FastifyRequest) {
      return clientKey(this.ip, opts.clientKeySecret);
    },
  });
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config.session === false) return;
    const token = request.headers[PROCESS_TOKEN_HEADER];
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw new SessionExpiredError();
    const process = await findLiveProcess(db, token);
    if (!process) throw new SessionExpiredError();
    request.process = process;
  });
}
