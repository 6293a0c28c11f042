/**
 * The security headers of every answer (CSP, HSTS, frame and referrer policies, …): helmet
 * writes them from the options below once, when the app is built, and one onRequest hook
 * puts that same set on each reply. (Registered per request, helmet parsed its options and
 * set the headers one by one on every request.) No route has a policy of its own: the API
 * document's page passes the same strict CSP.
 *
 * One exception follows the company's settings (docs/decisions/022): the customer pages (the
 * web app's HTML) of a company with a tag manager get the policy that lets Google Tag Manager
 * in (TAG_MANAGER_SOURCES); the web app loads it only after the customer's consent. Both
 * policies are worked out once too; which one a page gets is read with the page.
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
 * What Google Tag Manager's container needs beside 'self', as Google documents it for a CSP:
 * gtm.js (a script the web app adds, so no nonce), its pixel and its calls. Tags that the
 * container loads from elsewhere (another analytics service's script or endpoint) need their
 * own origins added here; the custom HTML and JavaScript tags that need 'unsafe-inline' or
 * 'unsafe-eval' are never allowed.
 */
export const TAG_MANAGER_SOURCES: Readonly<Record<'script-src' | 'img-src' | 'connect-src', readonly string[]>> = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://www.googletagmanager.com', 'https://www.google.com'],
};

/** The options of SECURITY_HEADER_OPTIONS with TAG_MANAGER_SOURCES added to their directives. */
export function withTagManager(options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (typeof csp !== 'object' || !csp.directives) throw new Error('The security header options have no CSP directives');
  const directives = { ...csp.directives };
  for (const [name, sources] of Object.entries(TAG_MANAGER_SOURCES)) {
    directives[name] = [...((directives[name] as string[] | undefined) ?? ["'self'"]), ...sources];
  }
  return { ...options, contentSecurityPolicy: { ...csp, directives } };
}

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

/**
 * The Content-Security-Policy of the web app's pages: the strict one, or with a tag manager
 * the one that lets it in. Both are worked out here, once.
 */
export function pagePolicies(options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): { strict: string; tagManager: string } {
  return {
    strict: securityHeaders(options)['content-security-policy']!,
    tagManager: securityHeaders(withTagManager(options))['content-security-policy']!,
  };
}

/** Puts the security headers on every reply, first thing when a request comes in. */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>> = securityHeaders()) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
