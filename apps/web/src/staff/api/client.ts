import { API_BASE, STAFF_API_PATH, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';

/**
 * The back-office's one http client: every staff call goes through `staffFetch`, which
 * - prefixes `${API_BASE}/staff`, sends and reads JSON, same-origin credentials (the
 *   staff session is an HttpOnly cookie the browser keeps);
 * - echoes the XSRF cookie in the x-xsrf-token header on mutating calls, fetching
 *   GET /settings first when the browser has no cookie yet (docs/api.md "XSRF");
 * - throws a StaffApiError carrying the server's Finnish message and field errors;
 * - on a 401 (session ended) tells the app, which shows the sign-in page.
 */

export interface StaffFieldError {
  path: string;
  message: string;
}

export class StaffApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: StaffFieldError[];
  /** Seconds to wait before trying again (a 429's Retry-After), when the server said. */
  readonly retryAfter: number | null;

  constructor(status: number, code: string, message: string, fields: StaffFieldError[] = [], retryAfter: number | null = null) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

/** Status of a StaffApiError when the request never got an answer. */
export const STAFF_NETWORK_ERROR = 0;

export const STAFF_API_BASE = `${API_BASE}${STAFF_API_PATH}`;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Calls whose 401 is an answer, not an ended session: signing in and asking who is signed in. */
const UNAUTHORIZED_IS_ANSWER = /^\/(login|me|logout)(?:[/?]|$)/;

const MESSAGES = {
  network: 'Yhteys palvelimeen ei onnistunut. Tarkista verkkoyhteys ja yritä uudelleen.',
  server: 'Palvelussa tapahtui virhe. Yritä hetken kuluttua uudelleen.',
  tooMany: 'Liian monta yritystä. Yritä hetken kuluttua uudelleen.',
  unauthorized: 'Istunto on päättynyt. Kirjaudu uudelleen.',
  forbidden: 'Sinulla ei ole oikeutta tähän toimintoon.',
  notFound: 'Tietoja ei löytynyt.',
};

let onUnauthorized: (() => void) | null = null;

/**
 * What a 401 from a signed-in call does (the staff context clears the user, so the sign-in
 * page shows). Without a handler the browser goes to the back-office's start page.
 */
export function setStaffUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

let xsrfPriming: Promise<void> | null = null;

/** GET /settings sets the XSRF cookie when the browser has none yet. */
function primeXsrfCookie(): Promise<void> {
  xsrfPriming ??= fetch(`${API_BASE}/settings`, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      xsrfPriming = null;
    });
  return xsrfPriming;
}

function buildUrl(path: string, query?: Record<string, string>): string {
  let url = `${STAFF_API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const qs = new URLSearchParams(query).toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooMany;
  return MESSAGES.server;
}

function errorOf(status: number, body: unknown, retryAfterHeader: string | null): StaffApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; message?: unknown; fields?: unknown };
  const code = typeof b.error === 'string' ? b.error : `HTTP_${status}`;
  // 5xx answers carry no text meant for people; 4xx carry the server's Finnish message.
  const message = status < 500 && typeof b.message === 'string' && b.message ? b.message : fallbackMessage(status);
  const fields = Array.isArray(b.fields)
    ? b.fields
        .filter((f): f is { path: unknown; message: unknown } => typeof f === 'object' && f !== null)
        .map((f) => ({ path: String(f.path ?? ''), message: String(f.message ?? '') }))
    : [];
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader) : null;
  return new StaffApiError(status, code, message, fields, retryAfter);
}

async function send(
  method: string,
  path: string,
  body: unknown,
  query: Record<string, string> | undefined,
  retryingXsrf: boolean,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(method)) {
    if (readCookie(XSRF_COOKIE) === null) await primeXsrfCookie();
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf !== null) headers[XSRF_HEADER] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new StaffApiError(STAFF_NETWORK_ERROR, 'NETWORK', MESSAGES.network);
  }

  const answer = await parseBody(response);
  if (response.ok) return answer;

  const error = errorOf(response.status, answer, response.headers.get('Retry-After'));
  if (response.status === 403 && error.code === 'XSRF' && !retryingXsrf && MUTATING.has(method)) {
    // The XSRF cookie was missing or stale: get a fresh one and try once more.
    await primeXsrfCookie();
    return send(method, path, body, query, true);
  }
  if (response.status === 401 && !UNAUTHORIZED_IS_ANSWER.test(path.startsWith('/') ? path : `/${path}`)) {
    if (onUnauthorized) onUnauthorized();
    else if (typeof window !== 'undefined') window.location.assign('/hallinta');
  }
  throw error;
}

/** One staff API call; `path` is relative to `${API_BASE}/staff`, e.g. '/offices/1/day'. */
export async function staffFetch<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  query?: Record<string, string>,
): Promise<T> {
  return (await send(method, path, body, query, false)) as T;
}

/** The message of a field's error, if the server named that field. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof StaffApiError)) return undefined;
  return error.fields.find((f) => f.path === field || f.path.endsWith(`.${field}`))?.message;
}
