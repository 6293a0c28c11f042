import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@huolto/domain';
import { callSchema, declaredCall, routeSchema, type CallDoc } from './route-schema.ts';
import { finishDocument, openApiBase, type OpenApiDocument } from './spec.ts';
import { DOCS_CSS, renderDocsPage } from './page.ts';

export const OPENAPI_JSON_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = `${API_BASE}/docs`;
export const DOCS_CSS_PATH = `${API_BASE}/docs/docs.css`;

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD url` → the description of the call, for every documented route registered. */
    routeCalls: ReadonlyMap<string, CallDoc>;
  }
}

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The handler of a route whose body or query schema is checked: it gets the parsed input,
 * and a refusal answers after every preHandler hook, so the session's 412 and its rate
 * limit come before a 400, as when handlers parsed their input themselves.
 */
function afterValidation(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (request.validationError) throw request.validationError;
    return handler.call(this, request, reply);
  } as RouteHandlerMethod;
}

/**
 * The API document. Call it before any route is registered: every route registered later
 * has its `schema: callSchema({…})` completed for the document (Fastify validates the body
 * and query with it; @fastify/swagger, with fastify-type-provider-zod's zod → JSON Schema
 * transform, builds the OpenAPI 3.1 document from it, in the order the routes are registered). Serves the document and its HTML page without
 * a booking session. Routes with `schema: { hide: true }` (the web app's files) are left out.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const ids = new Set<string>();
  const calls = new Map<string, CallDoc>();
  app.decorate('routeCalls', calls);
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    // Fastify's HEAD twin of a GET is not in the document.
    if ([route.method].flat().every((m) => m.toUpperCase() === 'HEAD')) return;
    const method = [route.method].flat()[0]!.toUpperCase();
    const key = `${method} ${route.url}`;
    const doc = declaredCall(route.schema);
    if (doc) calls.set(key, doc);
    const { body: _body, querystring: _query, 'x-call': _call, ...rest } = (route.schema ?? {}) as Record<string, unknown>;
    const schema = { ...routeSchema(route, doc, ids), ...rest };
    route.schema = schema;
    if (schema.body || schema.querystring || schema.params) {
      route.attachValidation = true;
      route.handler = afterValidation(route.handler);
    }
  });

  await app.register(swagger, {
    openapi: openApiBase(VERSION) as Parameters<typeof swagger>[1] extends { openapi?: infer O } ? O : never,
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      finishDocument((documentObject as { openapiObject: Record<string, unknown> }).openapiObject, [...calls.keys()]) as never,
    // Keep `const` as zod writes it (JSON Schema 2020-12 has it; OpenAPI 3.1 is that dialect).
    convertConstToEnum: false,
  });

  // Built on the first request, when every route is registered.
  let page: string | undefined;
  const document = () => app.swagger() as unknown as OpenApiDocument;
  const open = { config: { session: false } };

  const operations = { tag: 'Operations' } as const;
  app.get(
    OPENAPI_JSON_PATH,
    { ...open, schema: callSchema({ ...operations, summary: 'This document: OpenAPI 3.1 of the booking API and the loyalty API.', response: 'The OpenAPI document.' }) },
    async () => document(),
  );
  app.get(DOCS_PATH, { ...open, schema: callSchema({ ...operations, summary: 'The calls of this document as a browsable HTML page.', responseType: 'text/html' }) }, async (_request, reply) => {
    page ??= renderDocsPage(document(), { json: OPENAPI_JSON_PATH, css: DOCS_CSS_PATH });
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(DOCS_CSS_PATH, { ...open, schema: callSchema({ ...operations, summary: 'The style sheet of the HTML page.', responseType: 'text/css' }) }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/css; charset=utf-8').send(DOCS_CSS);
  });
}
