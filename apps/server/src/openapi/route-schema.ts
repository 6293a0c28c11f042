/**
 * Route schemas: what Fastify validates and serializes with, and what @fastify/swagger
 * builds the API document from. A route declares its call with `schema: callSchema({…})`
 * (summary, group, body, query and answer schemas from packages/domain); when it is
 * registered, `routeSchema` completes it for the document (operation id, security,
 * error answers, rate limits).
 */
import type { FastifySerializerCompiler, RouteOptions } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { API_BASE, LOYALTY_API_BASE, STAFF_API_PATH, STAFF_SESSION_COOKIE } from '@huolto/domain';
import { serializerOf } from './serialize.ts';

export const UNDOCUMENTED_TAG = 'Not described';

/** The groups of the document, in the order the page shows them (requirements §7's groups). */
export const TAGS = [
  { name: 'Session and settings', description: 'Starting a booking process and the public settings of the site.' },
  { name: 'Vehicle', description: 'Finding the car by its registration number, or describing an unknown one.' },
  { name: 'Organizations', description: 'Offices (toimipisteet): lists, search, info texts and choosing the office of the booking.' },
  { name: 'Services and cart', description: 'Services offered for the car and the cart of the booking.' },
  { name: 'Tires', description: 'Tire change and tire sales: sizes, the tire search and tire-change services.' },
  { name: 'Windshield', description: 'Windshield change and repair (/proautolasi).' },
  { name: 'Time', description: 'Free times, holding a time, lead mode and choosing the mechanic.' },
  { name: 'Customer and booking', description: 'The booking as a whole, the customer details and saving the booking.' },
  { name: 'Finance', description: 'The loan calculator and instalment billing; no booking session needed.' },
  {
    name: 'Managing a saved booking',
    description: 'The /oma-varaus page: booking key and registration number instead of a session; rate-limited per client address.',
  },
  {
    name: 'Staff API',
    description: `The workshop's back-office (${API_BASE}${STAFF_API_PATH}): signed in with the ${STAFF_SESSION_COOKIE} cookie from POST login; 401 without it, 403 for another office's data or an admin's call.`,
  },
  { name: 'Loyalty API', description: `OmaLaakkonen (${LOYALTY_API_BASE}): every call is POST with a JSON body; the token comes from /login/.` },
  { name: 'Operations', description: 'Health checks and this API document.' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

export interface CallDoc {
  /** One line: what the call does. */
  summary: string;
  /** More detail, when the summary is not enough. */
  description?: string;
  tag: Tag;
  /** The JSON body, as the handler parses it. */
  body?: z.ZodType;
  /** The query string, as the handler parses it (an object schema: one parameter a key). */
  query?: z.ZodType;
  /** The path parameters, as the handler parses them (an object schema: one parameter a key). */
  params?: z.ZodType;
  /** What a 200 answer holds. */
  response?: string;
  /**
   * The shape of a 200 answer, when the domain package has it: published in the document
   * and the answer serialized by it (only the keys it names are sent).
   */
  responseSchema?: z.ZodType;
  /** Content type of the 200 answer; application/json unless given. */
  responseType?: string;
  /** Response headers of a 200 answer, with their meaning. */
  responseHeaders?: Record<string, string>;
  /** Answers 429 after too many calls, beyond a `rateLimit` in the route's config. */
  rateLimited?: string;
  /**
   * The app may run without this route (an operational endpoint added separately): it is
   * described when registered and left out otherwise.
   */
  optional?: boolean;
}


/**
 * Serializes each answer with its route's response schema, compiled by fast-json-stringify
 * (openapi/serialize.ts): only the keys the schema names are written. A response given as
 * a JSON Schema rather than zod is compiled as Fastify would compile it.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType | Record<string, unknown>> = (route) => {
  const schema = route.schema;
  return schema instanceof z.ZodType ? serializerOf(schema) : (fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string);
};

/** The 200 answer of an operation beyond its JSON Schema (the document's own extension). */
export interface OkAnswer {
  description: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** What a route's `schema` holds for the document: Fastify's own keys plus the swagger ones. */
export interface RouteSchema {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response?: Record<number, z.ZodType>;
  security: Record<string, string[]>[];
  /** The 200 answer's description, content type and headers (see spec.ts). */
  'x-ok': OkAnswer;
  /** The error answers the operation may give, by status (components/responses). */
  'x-errors': Record<string, string>;
  /** A route that does not describe its call. */
  'x-undocumented'?: true;
}

/** Where a route's own call description is kept inside its `schema`. */
const CALL = 'x-call';

/**
 * A route's `schema` from the description of its call: Fastify validates `body` and
 * `querystring` with the zod schemas (the type provider types the handler's input from
 * them), and the registration hook (openapi/index.ts) completes it for the document.
 */
export function callSchema<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(doc: CallDoc & { body?: B; query?: Q; params?: P }): { body: B; querystring: Q; params: P; [CALL]: CallDoc } {
  // Only the keys given: Fastify warns about an undefined body schema on a GET's HEAD twin.
  return {
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.query ? { querystring: doc.query } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    [CALL]: doc,
  } as {
    body: B;
    querystring: Q;
    params: P;
    [CALL]: CallDoc;
  };
}

/** The call description a route declared with callSchema, if any. */
export function declaredCall(schema: unknown): CallDoc | undefined {
  return (schema as { [CALL]?: CallDoc } | undefined)?.[CALL];
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `GET /ServiceBooking/rest/free-times/morning` → getFreeTimesMorning; the loyalty API's get a loyalty prefix. */
export function operationIdOf(method: string, url: string): string {
  const loyalty = url.startsWith(LOYALTY_API_BASE);
  const rest = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : loyalty ? url.slice(LOYALTY_API_BASE.length) : url;
  const words = rest.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${loyalty ? 'loyalty' : ''}${loyalty ? method[0]! + method.slice(1).toLowerCase() : method.toLowerCase()}${camel}`;
}

type LimitConfig = { max?: unknown; timeWindow?: unknown; groupId?: unknown } | undefined;
const limitOf = (limit: LimitConfig) =>
  typeof limit?.max === 'number'
    ? {
        max: limit.max,
        // Calls of one group share their count (plugins/rate-limit.ts `limits`).
        timeWindow: `${String(limit.timeWindow ?? '1 minute')}${typeof limit.groupId === 'string' ? ` (one count for every call of the group '${limit.groupId}')` : ''}`,
      }
    : undefined;

/**
 * The schema of a route from its call description and its config: summary, tag, the
 * rate limits in the description, body and query schemas, the 200 answer's schema, the
 * security requirements and the error answers. `ids` keeps operation ids unique.
 */
export function routeSchema(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, doc: CallDoc | undefined, ids: Set<string>): RouteSchema {
  const method = [route.method].flat()[0]!.toUpperCase();
  const url = route.url;
  const config = (route.config ?? {}) as { session?: boolean; rateLimit?: LimitConfig; sessionRateLimit?: LimitConfig; staffRateLimit?: LimitConfig };
  const staffBase = `${API_BASE}${STAFF_API_PATH}/`;
  const staff = url.startsWith(staffBase);
  const staffPublic = staff && (route.config as { staffPublic?: boolean } | undefined)?.staffPublic === true;
  const session = url.startsWith(`${API_BASE}/`) && !staff && config.session !== false;
  const unsafe = UNSAFE.has(method);
  const rateLimit = limitOf(config.rateLimit);
  const sessionRateLimit = limitOf(config.sessionRateLimit);
  const staffRateLimit = limitOf(config.staffRateLimit);

  let operationId = operationIdOf(method, url);
  for (let n = 2; ids.has(operationId); n++) operationId = `${operationIdOf(method, url)}${n}`;
  ids.add(operationId);

  const notes: string[] = [];
  if (doc?.description) notes.push(doc.description);
  if (rateLimit) notes.push(`Rate-limited: ${rateLimit.max} calls per client address within ${rateLimit.timeWindow}, then 429.`);
  if (sessionRateLimit) notes.push(`Rate-limited: ${sessionRateLimit.max} calls per booking session within ${sessionRateLimit.timeWindow}, then 429.`);
  if (staffRateLimit) notes.push(`Rate-limited: ${staffRateLimit.max} calls per staff account within ${staffRateLimit.timeWindow}, then 429.`);
  if (doc?.rateLimited) notes.push(`Answers 429 ${doc.rateLimited}.`);

  const errors: Record<string, string> = {};
  if (doc?.body || doc?.query || doc?.params) errors['400'] = 'ValidationError';
  if (staff && !staffPublic) errors['401'] = 'StaffUnauthorized';
  if (unsafe) errors['403'] = 'XsrfRejected';
  if (staff && !staffPublic) errors['403'] = unsafe ? 'StaffForbiddenOrXsrf' : 'StaffForbidden';
  if (session) errors['412'] = 'SessionExpired';
  if (rateLimit || sessionRateLimit || staffRateLimit || doc?.rateLimited) errors['429'] = 'TooManyRequests';

  const requirement: Record<string, string[]> = {};
  if (session) requirement.processToken = [];
  if (staff && !staffPublic) requirement.staffSession = [];
  if (unsafe) Object.assign(requirement, { xsrfHeader: [], xsrfCookie: [] });

  const responseSchema = doc?.responseSchema;
  return {
    operationId,
    summary: doc?.summary ?? 'Not described: this route declares no schema: callSchema({…}).',
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    tags: [doc?.tag ?? UNDOCUMENTED_TAG],
    ...(doc?.body ? { body: doc.body } : {}),
    ...(doc?.query ? { querystring: doc.query } : {}),
    ...(doc?.params ? { params: doc.params } : {}),
    ...(responseSchema ? { response: { 200: responseSchema } } : {}),
    security: Object.keys(requirement).length ? [requirement] : [],
    'x-ok': {
      description: doc?.response ?? (doc ? 'OK' : 'Not described.'),
      ...(doc?.responseType ? { contentType: doc.responseType } : {}),
      ...(doc?.responseHeaders ? { headers: doc.responseHeaders } : {}),
    },
    'x-errors': errors,
    ...(doc ? {} : { 'x-undocumented': true as const }),
  };
}
