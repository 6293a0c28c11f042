import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_BASE, LOYALTY_API_BASE, PROCESS_TOKEN_HEADER, XSRF_HEADER } from '@huolto/domain';

/**
 * Logs are JSON lines (pino) that carry no personal data: a request is logged as its
 * method, route pattern (or path without the query string) and request id; headers,
 * cookies, query strings and bodies are never logged. Query strings carry plates and
 * booking keys (/oma-varaus?varaus=…&rekisteri=…), bodies carry names, e-mail addresses
 * and phone numbers, headers carry the process token and the XSRF token.
 */

export const REQUEST_ID_HEADER = 'x-request-id';
/** The key of the request id in every log line of a request. */
export const REQUEST_ID_LOG_LABEL = 'requestId';
const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The id of a request: the caller's x-request-id when it is a plain id (a proxy or load
 * balancer in front sets one), otherwise a new UUID. Anything else in the header (a second
 * header, spaces, JSON, a very long value) is ignored, so that it cannot forge log lines.
 */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** A path without its query string (or fragment), at most 200 characters. */
export function pathOnly(url: string | undefined): string {
  return (url ?? '').split(/[?#]/, 1)[0]!.slice(0, 200);
}

/** The route pattern of a request ('/ServiceBooking/rest/save-booking'); its path when no route matched. */
export function routeOf(request: FastifyRequest | IncomingMessage): string {
  const pattern = (request as FastifyRequest).routeOptions?.url;
  return pattern ?? pathOnly(request.url);
}

/** Routes polled by load balancers and Prometheus: answered without request log lines. */
const QUIET_ROUTES = new Set(['/health', '/ready', '/metrics']);

const API_PREFIXES = [API_BASE, LOYALTY_API_BASE];

/**
 * Whether a request asks for a file of the built web app: a route of @fastify/static (its
 * routes carry the file in their config) or, when the app is served, a GET of a path outside
 * the APIs that no route matched (a page of the app: index.html). One page load fetches tens
 * of files, so these are logged at debug level only.
 */
export function isStaticFileRequest(request: FastifyRequest): boolean {
  const options = request.routeOptions;
  if (typeof (options?.config as { file?: unknown } | undefined)?.file === 'string') return true;
  if (options?.url !== undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const path = pathOnly(request.url);
  if (API_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'))) return false;
  // @fastify/static decorates the reply with sendFile only when the web app is served.
  return request.server.hasReplyDecorator('sendFile');
}

const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;
const PHONE = /(?:\+358|\b0)[\d -]{5,14}\d\b/g;
const PLATE = /\b[A-ZÅÄÖ]{1,3}-\d{1,3}\b/gi;

/** Masks e-mail addresses, Finnish phone numbers and plates in a free text (error messages). */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(PLATE, '[plate]');
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
  errors?: SerializedError[];
}

/**
 * An error as logged: type, masked message and stack, code and status. Other fields are
 * left out on purpose: PostgreSQL errors carry the row's values in `detail`, SMTP errors
 * the recipients in `rejected`, `envelope` and `response`.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (typeof err !== 'object' || err === null || typeof (err as { message?: unknown }).message !== 'string') {
    return { type: typeof err, message: maskPersonalData(String(err)).slice(0, 500) };
  }
  // An Error, or an error serialized already (serializing again gives the same).
  const e = err as { type?: unknown; message: string; stack?: unknown; code?: unknown; statusCode?: unknown; cause?: unknown; errors?: unknown };
  const type = err instanceof Error ? (err.constructor?.name ?? 'Error') : typeof e.type === 'string' ? e.type : 'Error';
  const out: SerializedError = { type, message: maskPersonalData(e.message) };
  if (typeof e.stack === 'string') out.stack = maskPersonalData(e.stack);
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (depth < 3 && e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  if (depth < 3 && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((x) => serializeError(x, depth + 1));
  return out;
}

const SECRET_HEADERS = ['authorization', 'cookie', XSRF_HEADER, PROCESS_TOKEN_HEADER].map((h) => `["${h}"]`);
const SECRET_FIELDS = ['password', 'token'];

/**
 * Defence in depth for a log call that passes headers or a body after all: these paths
 * are replaced with "[redacted]" wherever they appear at the top or one or two levels down.
 */
export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`headers${h}`, `req.headers${h}`, `request.headers${h}`]),
  'res.headers["set-cookie"]',
  'reply.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** pino serializers: what a request, a reply and an error look like in a log line. */
export const serializers = {
  req: (request: FastifyRequest | IncomingMessage) => ({ method: request.method, url: routeOf(request) }),
  res: (reply: FastifyReply | { statusCode?: number }) => ({ statusCode: reply.statusCode }),
  err: (err: unknown) => serializeError(err),
};

/**
 * The logger options of the app: level and destination from the caller (`false` turns
 * logging off), serializers and redaction always ours so that no caller can log more.
 */
export function loggerOptions(given: boolean | object | undefined, level: string): false | Record<string, unknown> {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
  return {
    level,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    ...base,
    serializers,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}

/**
 * Fastify's own request log lines with the request id as `requestId`; health checks and
 * metric scrapes log nothing, files of the web app log at debug level, and an unknown
 * route is logged without its query string.
 */
export class AppLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID_LOG_LABEL });
  }

  override isLogDisabled(request: FastifyRequest): boolean {
    const url = request.routeOptions?.url;
    return url !== undefined && QUIET_ROUTES.has(url);
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    if (isStaticFileRequest(request)) request.log.debug({ req: request }, 'incoming request');
    else request.log.info({ req: request }, 'incoming request');
  }

  /** The closing line of a request names it too, so that one line tells method, route, status and time. */
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (isStaticFileRequest(request)) {
      reply.log.debug(line, 'request completed');
    } else {
      reply.log.info(line, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }
}

/** Sends the request id back in x-request-id, on every answer including errors. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
