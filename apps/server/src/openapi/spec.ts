/**
 * The parts of the OpenAPI 3.1 document that are not any one route's: info, tags, the
 * security schemes and the shared error answers, given to @fastify/swagger; and the last
 * pass over the document it builds from the route schemas (`finishDocument`).
 */
import { API_BASE, LOYALTY_API_BASE, PROCESS_TOKEN_HEADER, STAFF_API_PATH, STAFF_SESSION_COOKIE, STAFF_SESSION_HOURS, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { TAGS, UNDOCUMENTED_TAG, type OkAnswer } from './route-schema.ts';

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
  /** A route that does not describe its call. */
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

const JSON_TYPE = 'application/json';

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

/** The `openapi` option of @fastify/swagger: everything of the document but its paths. */
export function openApiBase(version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Laakkonen ajanvaraus — booking API and OmaLaakkonen loyalty API',
      version,
      description:
        `The booking API (${API_BASE}) and the loyalty API (${LOYALTY_API_BASE}) of the online booking. ` +
        'JSON in and out; money is integer cents; dates are YYYY-MM-DD and local date-times ' +
        'YYYY-MM-DDTHH:mm:ss in Europe/Helsinki. A booking starts with POST init-session, whose ' +
        `${PROCESS_TOKEN_HEADER} response header every later call sends back. Every POST, PUT, PATCH ` +
        `and DELETE must echo the ${XSRF_COOKIE} cookie (set by any answer) in the ${XSRF_HEADER} header.`,
    },
    components: {
      securitySchemes: {
        processToken: {
          type: 'apiKey' as const,
          in: 'header',
          name: PROCESS_TOKEN_HEADER,
          description: 'The booking process, from the response header of POST init-session. Missing, unknown or expired: 412.',
        },
        staffSession: {
          type: 'apiKey' as const,
          in: 'cookie',
          name: STAFF_SESSION_COOKIE,
          description: `The back-office session, set HttpOnly by POST ${API_BASE}${STAFF_API_PATH}/login; ${STAFF_SESSION_HOURS} hours from sign-in. Missing or expired: 401.`,
        },
        xsrfHeader: {
          type: 'apiKey' as const,
          in: 'header',
          name: XSRF_HEADER,
          description: `The value of the ${XSRF_COOKIE} cookie, on every POST, PUT, PATCH and DELETE.`,
        },
        xsrfCookie: {
          type: 'apiKey' as const,
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
        StaffUnauthorized: errorResponse('Not signed in to the back-office, or the session has expired (error UNAUTHORIZED).'),
        StaffForbidden: errorResponse("Signed in, but the call concerns another office's data or needs an admin (error FORBIDDEN)."),
        StaffForbiddenOrXsrf: errorResponse("Another office's data or an admin's call (error FORBIDDEN), or the XSRF header does not match (error XSRF)."),
        TooManyRequests: errorResponse('Too many calls from this client address; try again later.'),
      },
    },
  };
}

type SwaggerOperation = Omit<OpenApiOperation, 'responses'> & {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-ok'?: OkAnswer;
  'x-errors'?: Record<string, string>;
};

/**
 * An answer's schema without `additionalProperties: false`: a client must accept fields
 * added later (zod writes it for every object, as a request must not carry unknown keys).
 */
function openAnswer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openAnswer);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openAnswer(value)]),
  );
}

/** The 200 answer: its description, headers and content type from `x-ok`, its schema from @fastify/swagger. */
function okResponse(op: SwaggerOperation) {
  const ok = op['x-ok'] ?? { description: 'OK' };
  const generated = op.responses?.['200'];
  const schema = generated?.content?.[JSON_TYPE]?.schema;
  const contentType = ok.contentType ?? JSON_TYPE;
  const response: Record<string, unknown> = { description: ok.description };
  if (schema) response.content = { [contentType]: { schema: openAnswer(schema) } };
  else if (contentType !== JSON_TYPE) response.content = { [contentType]: {} };
  if (ok.headers) {
    response.headers = Object.fromEntries(Object.entries(ok.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  }
  return response;
}

/**
 * The `transformObject` of @fastify/swagger: each operation's answers (the 200 with its
 * schema, then the shared error answers), the operations in the order the routes were
 * registered (`order`: `METHOD url`, the modules' order in app.ts, roughly that of a
 * booking), and only the tags in use.
 */
export function finishDocument(built: Record<string, unknown>, registered: readonly string[]): OpenApiDocument {
  const paths = (built.paths ?? {}) as Record<string, Record<string, SwaggerOperation>>;
  const order = new Map(registered.map((key, i) => [key, i]));
  const rank = (method: string, path: string) => order.get(`${method.toUpperCase()} ${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`) ?? order.size;

  const operations = Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  operations.sort((a, b) => rank(a.method, a.path) - rank(b.method, b.path) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

  const finished: OpenApiDocument['paths'] = {};
  for (const { path, method, op } of operations) {
    const { 'x-ok': _ok, 'x-errors': errors, responses: _responses, ...rest } = op;
    const responses: Record<string, unknown> = { '200': okResponse(op) };
    for (const [status, name] of Object.entries(errors ?? {})) responses[status] = { $ref: `#/components/responses/${name}` };
    (finished[path] ??= {})[method] = { ...rest, responses } as OpenApiOperation;
  }
  const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
  const { paths: _paths, tags: _tags, ...head } = built;
  return {
    ...(head as Omit<OpenApiDocument, 'paths' | 'tags' | 'jsonSchemaDialect'>),
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [
      ...TAGS.filter((t) => used.has(t.name)).map((t) => ({ name: t.name, description: t.description })),
      ...(used.has(UNDOCUMENTED_TAG) ? [{ name: UNDOCUMENTED_TAG, description: 'Routes that do not describe their call.' }] : []),
    ],
    paths: finished,
  };
}
