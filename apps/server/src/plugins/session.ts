import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROCESS_TOKEN_HEADER } from '@huolto/domain';
import type { Db } from '../db/database.ts';
import { SessionExpiredError } from '../lib/errors.ts';
import { readVersions, type Versions } from '../db/versions.ts';
import { findLiveSession, SessionMemory, type ProcessRow } from '../modules/process/index.ts';
import type { WriteClock } from '../db/write-clock.ts';
import type { HeldTime } from '../modules/holds/index.ts';
import { clientKey } from '../lib/client-key.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers without a booking process. */
    session?: boolean;
  }
  interface FastifyRequest {
    /** The booking session of the x-process-token header (routes with a session): its `process` row. */
    session: ProcessRow;
    /** The process's live hold or booked time, read with it (routes with a session). */
    heldTime: HeldTime | undefined;
    /**
     * The cache versions (db/versions.ts): read with the session row on routes with a
     * session, otherwise once on first use.
     */
    versions(): Promise<Versions>;
    /** The one-way key of the client's address, stored with the sessions it starts (lib/client-key.ts). */
    readonly clientKey: string;
  }
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Loads the process of the x-process-token header before every route that needs one,
 * with its held time and the cache versions, in one statement — or, on the embedded
 * database, from memory while nothing has been written since it was read (`writeClock`;
 * modules/process/session-memory.ts).
 * A missing, malformed, unknown or expired token is HTTP 412 (requirements §4).
 */
export function registerSession(
  app: FastifyInstance,
  db: Db,
  opts: { clientKeySecret?: string | undefined; writeClock?: WriteClock | undefined } = {},
) {
  const memory = opts.writeClock && new SessionMemory(opts.writeClock);
  app.decorateRequest('session', null as unknown as ProcessRow);
  app.decorateRequest('heldTime', undefined);
  const loaded = new WeakMap<FastifyRequest, Promise<Versions>>();
  app.decorateRequest('versions', function (this: FastifyRequest) {
    let v = loaded.get(this);
    if (!v) {
      v = memory ? memory.versions(db) : readVersions(db);
      loaded.set(this, v);
    }
    return v;
  });
  app.decorateRequest('clientKey', {
    getter(this: FastifyRequest) {
      return clientKey(this.ip, opts.clientKeySecret);
    },
  });
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config.session === false) return;
    const token = request.headers[PROCESS_TOKEN_HEADER];
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw new SessionExpiredError();
    const session = await (memory ? memory.find(db, token) : findLiveSession(db, token));
    if (!session) throw new SessionExpiredError();
    request.session = session.process;
    request.heldTime = session.held;
    loaded.set(request, Promise.resolve(session.versions));
  });
}
