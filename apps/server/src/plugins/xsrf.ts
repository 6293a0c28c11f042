import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { DomainError } from '../lib/errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF protection: every response gives a browser without one a random
 * XSRF-TOKEN cookie (readable by the app, SameSite=Strict); every state-changing request
 * must echo it in the x-xsrf-token header. Another site can neither read the cookie nor
 * set the header.
 */
export function registerXsrf(app: FastifyInstance, opts: { secure: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (!UNSAFE.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new DomainError(403, 'XSRF', 'Pyyntö hylättiin (XSRF-tarkistus).');
    }
  });
}
