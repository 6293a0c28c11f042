/**
 * Builds the OpenAPI 3.1 document from the routes the app registered and the catalogue.
 * JSON Schemas come from zod 4's own z.toJSONSchema (draft 2020-12, the dialect of
 * OpenAPI 3.1): request schemas as the client sends them (io: 'input'), answers as the
 * server produces them (io: 'output').
 */
import { z } from 'zod';
import { API_BASE, LOYALTY_API_BASE, PROCESS_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { CATALOGUE, TAGS, type CallDoc } from './catalogue.ts';

/** A route as the onRoute hook saw it. */
export interface RouteInfo {
  method: string;
  url: string;
  /** false: answers without a booking process (config.session). */
  session: boolean;
  /** The per-client limit of config.rateLimit, per its time window. */
  rateLimit?: { max: number; timeWindow: string };
  /** The per-session limit of config.sessionRateLimit, per its time window. */
  sessionRateLimit?: { max: number; timeWindow: string };
}

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: 'query'; required: boolean; schema: JsonSchema; description?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
  /** A route the catalogue does not describe yet. */
  'x-undocumented'?: true;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
}

export const UNDOCUMENTED_TAG = 'Not in the catalogue';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = 'application/json';

/**
 * A zod schema as JSON Schema, without the top-level $schema (the document names the
 * dialect). Answers are described without `additionalProperties: false`: a client must
 * accept fields added later.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    ...(io === 'output'
      ? {
          override: (ctx: { jsonSchema: JsonSchema }) => {
            if (ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
          },
        }
      : {}),
  }) as JsonSchema;
  return rest;
}

/** Query parameters of an object schema: one a key, required unless optional or defaulted. */
function queryParameters(schema: z.ZodType): NonNullable<OpenApiOperation['parameters']> {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, prop]) => {
    const { description, ...propSchema } = prop;
    return {
      name,
      in: 'query' as const,
      required: required.has(name),
      schema: propSchema,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** `GET /ServiceBooking/rest/free-times/morning` → getFreeTimesMorning; the loyalty API's get a loyalty prefix. */
function operationIdOf(method: string, url: string): string {
  const loyalty = url.startsWith(LOYALTY_API_BASE);
  const rest = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : loyalty ? url.slice(LOYALTY_API_BASE.length) : url;
  const words = rest.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${loyalty ? 'loyalty' : ''}${loyalty ? method[0]! + method.slice(1).toLowerCase() : method.toLowerCase()}${camel}`;
}

/** `/a/:id` → `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Whether a route needs the process token: the booking API's, unless its config says session: false. */
export const needsSession = (route: RouteInfo) => route.url.startsWith(`${API_BASE}/`) && route.session;

function operationOf(route: RouteInfo, doc: CallDoc | undefined, ids: Set<string>): OpenApiOperation {
  const method = route.method;
  const session = needsSession(route);
  const unsafe = UNSAFE.has(method);
  let operationId = operationIdOf(method, route.url);
  for (let n = 2; ids.has(operationId); n++) operationId = `${operationIdOf(method, route.url)}${n}`;
  ids.add(operationId);

  const notes: string[] = [];
  if (doc?.description) notes.push(doc.description);
  if (route.rateLimit) notes.push(`Rate-limited: ${route.rateLimit.max} calls per client address within ${route.rateLimit.timeWindow}, then 429.`);
  if (route.sessionRateLimit) {
    notes.push(`Rate-limited: ${route.sessionRateLimit.max} calls per booking session within ${route.sessionRateLimit.timeWindow}, then 429.`);
  }
  if (doc?.rateLimited) notes.push(`Answers 429 ${doc.rateLimited}.`);

  const responseType = doc?.responseType ?? JSON_TYPE;
  const ok: Record<string, unknown> = { description: doc?.response ?? (doc ? 'OK' : 'Not described.') };
  if (doc?.responseSchema) ok.content = { [responseType]: { schema: jsonSchemaOf(doc.responseSchema, 'output') } };
  else if (responseType !== JSON_TYPE) ok.content = { [responseType]: {} };
  if (doc?.responseHeaders) {
    ok.headers = Object.fromEntries(
      Object.entries(doc.responseHeaders).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  }
  const responses: Record<string, unknown> = { '200': ok };
  if (doc?.body || doc?.query) responses['400'] = { $ref: '#/components/responses/ValidationError' };
  if (unsafe) responses['403'] = { $ref: '#/components/responses/XsrfRejected' };
  if (session) responses['412'] = { $ref: '#/components/responses/SessionExpired' };
  if (route.rateLimit || route.sessionRateLimit || doc?.rateLimited) responses['429'] = { $ref: '#/components/responses/TooManyRequests' };

  const requirement: Record<string, string[]> = {};
  if (session) requirement.processToken = [];
  if (unsafe) Object.assign(requirement, { xsrfHeader: [], xsrfCookie: [] });

  return {
    operationId,
    summary: doc?.summary ?? 'Not described: this route has no entry in the API catalogue (apps/server/src/openapi/catalogue.ts).',
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    tags: [doc?.tag ?? UNDOCUMENTED_TAG],
    ...(doc?.query ? { parameters: queryParameters(doc.query) } : {}),
    ...(doc?.body ? { requestBody: { required: true, content: { [JSON_TYPE]: { schema: jsonSchemaOf(doc.body, 'input') } } } } : {}),
    responses,
    security: Object.keys(requirement).length ? [requirement] : [],
    ...(doc ? {} : { 'x-undocumented': true as const }),
  };
}

/** The routes to document: each once, without the HEAD routes Fastify adds for each GET. */
export function documentedRoutes(routes: readonly RouteInfo[]): RouteInfo[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  const seen = new Set<string>();
  return routes.filter((r) => {
    if (r.method === 'HEAD' && gets.has(r.url)) return false;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function buildOpenApiDocument(
  routes: readonly RouteInfo[],
  opts: { version: string; catalogue?: Record<string, CallDoc> } = { version: '0' },
): OpenApiDocument {
  const catalogue = opts.catalogue ?? CATALOGUE;
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  // In the catalogue's order (the order of a booking), routes it lacks last.
  const order = new Map(Object.keys(catalogue).map((key, i) => [key, i]));
  const rank = (r: RouteInfo) => order.get(`${r.method} ${r.url}`) ?? order.size;
  const list = documentedRoutes(routes).sort((a, b) => rank(a) - rank(b) || a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of list) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, catalogue[`${route.method} ${route.url}`], ids);
  }
  const used = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)));
  const errorSchema = {
    type: 'object',
    properties: {
      error: { type: 'string', description: 'A stable code: VALIDATION, SESSION_EXPIRED, XSRF, NOT_FOUND, …' },
      message: { type: 'string', description: 'In Finnish, for the user.' },
      fields: {
        type: 'array',
        description: 'Each bad field of a 400: its path in the body or query and a Finnish message.',
        items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] },
      },
    },
    required: ['error', 'message'],
  };
  const errorResponse = (description: string) => ({
    description,
    content: { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Laakkonen ajanvaraus — booking API and OmaLaakkonen loyalty API',
      version: opts.version,
      description:
        `The booking API (${API_BASE}) and the loyalty API (${LOYALTY_API_BASE}) of the online booking. ` +
        'JSON in and out; money is integer cents; dates are YYYY-MM-DD and local date-times ' +
        'YYYY-MM-DDTHH:mm:ss in Europe/Helsinki. A booking starts with POST init-session, whose ' +
        `${PROCESS_TOKEN_HEADER} response header every later call sends back. Every POST, PUT, PATCH ` +
        `and DELETE must echo the ${XSRF_COOKIE} cookie (set by any answer) in the ${XSRF_HEADER} header.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [
      ...TAGS.filter((t) => used.has(t.name)).map((t) => ({ name: t.name, description: t.description })),
      ...(used.has(UNDOCUMENTED_TAG) ? [{ name: UNDOCUMENTED_TAG, description: 'Routes the catalogue does not describe yet.' }] : []),
    ],
    paths,
    components: {
      securitySchemes: {
        processToken: {
          type: 'apiKey',
          in: 'header',
          name: PROCESS_TOKEN_HEADER,
          description: 'The booking process, from the response header of POST init-session. Missing, unknown or expired: 412.',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: `The value of the ${XSRF_COOKIE} cookie, on every POST, PUT, PATCH and DELETE.`,
        },
        xsrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: XSRF_COOKIE,
          description: 'Set by any answer to a client without one; the x-xsrf-token header must repeat it.',
        },
      },
      schemas: { Error: errorSchema },
      responses: {
        ValidationError: errorResponse('Bad input (error VALIDATION): nothing changed; `fields` names each bad field.'),
        XsrfRejected: errorResponse('The x-xsrf-token header is missing or does not match the XSRF-TOKEN cookie (error XSRF).'),
        SessionExpired: errorResponse('The process token is missing, unknown or expired (error SESSION_EXPIRED, "Istunto on päättynyt.").'),
        TooManyRequests: errorResponse('Too many calls from this client address; try again later.'),
      },
    },
  };
}
