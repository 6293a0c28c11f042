/**
 * The security headers of every answer (CSP, HSTS, frame and referrer policies, …): helmet
 * writes them from the options below once, when the app is built, and one onRequest hook
 * puts that same set on each reply. (Registered per request, helmet parsed its options and
 * set the headers one by one on every request.) No route has a policy of its own: the API
 * document's page passes the same strict CSP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'", 'https:'],
      'upgrade-insecure-requests': null,
    },
  },
  // Browsers ignore HSTS over plain http, so a developer's http://localhost is unaffected.
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true, preload: false },
  // Management links carry the booking key and plate in the query: never sent onwards.
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, by lower-case name. Every value is fixed by
 * the options (no nonce, no directive computed per request), so one run gives them all.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options as HelmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** Puts the security headers on every reply, first thing when a request comes in. */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>> = securityHeaders()) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
