import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@huolto/domain';
import { buildOpenApiDocument, type OpenApiDocument, type RouteInfo } from './document.ts';
import { DOCS_CSS, renderDocsPage } from './page.ts';

export const OPENAPI_JSON_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = `${API_BASE}/docs`;
export const DOCS_CSS_PATH = `${API_BASE}/docs/docs.css`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerOpenApi, as the API document lists them. */
    openApiRoutes: readonly RouteInfo[];
  }
}

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The API document: collects every route registered from here on (call it before the route
 * plugins; onRoute hooks of the root reach the plugins' routes too) and serves the OpenAPI
 * 3.1 document and its HTML page, without a booking session. Routes with
 * `schema: { hide: true }` (the web app's static files) are left out.
 */
export function registerOpenApi(app: FastifyInstance) {
  const routes: RouteInfo[] = [];
  app.decorate('openApiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    type LimitConfig = { max?: unknown; timeWindow?: unknown } | undefined;
    const config = (route.config ?? {}) as { session?: boolean; rateLimit?: LimitConfig; sessionRateLimit?: LimitConfig };
    const limitOf = (limit: LimitConfig) =>
      typeof limit?.max === 'number' ? { max: limit.max, timeWindow: String(limit.timeWindow ?? '1 minute') } : undefined;
    const rateLimit = limitOf(config.rateLimit);
    const sessionRateLimit = limitOf(config.sessionRateLimit);
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        session: config.session !== false,
        ...(rateLimit ? { rateLimit } : {}),
        ...(sessionRateLimit ? { sessionRateLimit } : {}),
      });
    }
  });

  // Built on the first request, when every route is registered.
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  const document = () => (doc ??= buildOpenApiDocument(routes, { version: VERSION }));
  const open = { config: { session: false } };

  app.get(OPENAPI_JSON_PATH, open, async () => document());
  app.get(DOCS_PATH, open, async (_request, reply) => {
    page ??= renderDocsPage(document(), { json: OPENAPI_JSON_PATH, css: DOCS_CSS_PATH });
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(DOCS_CSS_PATH, open, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/css; charset=utf-8').send(DOCS_CSS);
  });
}
