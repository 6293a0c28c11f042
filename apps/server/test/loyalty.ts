/**
 * Loyalty API test helpers: a member's browser calling the loyalty API (LOYALTY_API_BASE).
 */
import type { FastifyInstance } from 'fastify';
import { LOYALTY_API_BASE, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';

/**
 * A POST to the loyalty API with a valid XSRF pair, as a browser sends it. `remoteAddress` is
 * the client's address as the server sees it (limits are per address); `cookie` adds the
 * browser's other cookies (e.g. the registration's device cookie).
 */
export function loyalty(app: FastifyInstance, path: string, body: unknown, opts: { remoteAddress?: string | undefined; cookie?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `${LOYALTY_API_BASE}${path}`,
    headers: { cookie: `${XSRF_COOKIE}=k${opts.cookie ? `; ${opts.cookie}` : ''}`, [XSRF_HEADER]: 'k' },
    payload: body as object,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}
