import { API_BASE, PROCESS_TOKEN_HEADER, SERVER_ERROR_STATUSES, STAFF_API_PATH, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { notifyMessage } from './notifications.ts';
import { clearProcessSession, getProcessToken, setProcessToken } from './process-session.ts';

/**
 * THE http client of the app (docs/conventions.md "Web app"), for the booking app and the
 * back-office alike. Every call goes through `apiRequest`, which
 * - prefixes the API's base (API_BASE; the loyalty API or the staff API with `base`), sends
 *   JSON and the no-cache headers, same-origin credentials (the staff session and the
 *   loyalty session are HttpOnly cookies the browser keeps);
 * - on the booking API sends the process token on every call but init-session and stores
 *   any token a response carries (requirements §4, §7);
 * - echoes the XSRF cookie on mutating calls, fetching GET /settings first when the
 *   cookie is not there yet (docs/api.md "XSRF");
 * - maps errors (requirements §8): 412 → session expired warning and reset; 400/404/500/504 and
 *   503 (database unavailable) → server-error warning unless the caller handles errors
 *   itself; on the staff API a 401 of a signed-in call → the sign-in page. The caller
 *   always gets an ApiError, with the server's Finnish message for a 4xx.
 */

export interface FieldError {
  path: string;
  message: string;
}

/** Finnish texts of a failure the server did not explain (5xx, no answer, a 4xx without a message). */
const FALLBACK_MESSAGES = {
  network: 'Yhteys palvelimeen ei onnistunut. Tarkista verkkoyhteys ja yritä uudelleen.',
  server: 'Palvelussa tapahtui virhe. Yritä hetken kuluttua uudelleen.',
  busy: 'Palvelu on juuri nyt ruuhkautunut. Yritä hetken kuluttua uudelleen.',
  tooMany: 'Liian monta yritystä. Yritä hetken kuluttua uudelleen.',
  unauthorized: 'Istunto on päättynyt. Kirjaudu uudelleen.',
  forbidden: 'Sinulla ei ole oikeutta tähän toimintoon.',
  notFound: 'Tietoja ei löytynyt.',
};

function fallbackMessage(status: number, code: string): string {
  if (status === NETWORK_ERROR_STATUS) return FALLBACK_MESSAGES.network;
  if (status === 401) return FALLBACK_MESSAGES.unauthorized;
  if (status === 403) return FALLBACK_MESSAGES.forbidden;
  if (status === 404) return FALLBACK_MESSAGES.notFound;
  if (status === 429) return FALLBACK_MESSAGES.tooMany;
  if (status === 503 && code === 'BUSY') return FALLBACK_MESSAGES.busy;
  return FALLBACK_MESSAGES.server;
}

/**
 * A failed call: its status (0 when no answer came), the answer's body, its `error` code
 * (`NETWORK` without an answer, `HTTP_<status>` without a code), the fields a 400 names,
 * a 429's Retry-After in seconds and, as `message`, the server's Finnish text of a 4xx or a
 * Finnish text of our own (5xx answers carry no text meant for people).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: string;
  readonly fields: FieldError[];
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; message?: unknown; fields?: unknown };
    const code = typeof b.error === 'string' ? b.error : status === NETWORK_ERROR_STATUS ? 'NETWORK' : `HTTP_${status}`;
    const serverText = status >= 400 && status < 500 && typeof b.message === 'string' && b.message ? b.message : null;
    super(serverText ?? fallbackMessage(status, code));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = code;
    this.fields = Array.isArray(b.fields)
      ? b.fields
          .filter((f): f is { path: unknown; message: unknown } => typeof f === 'object' && f !== null)
          .map((f) => ({ path: String(f.path ?? ''), message: String(f.message ?? '') }))
      : [];
    this.retryAfter = retryAfter;
  }
}

/** Status used for an ApiError when the request never got an answer. */
export const NETWORK_ERROR_STATUS = 0;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; omitted (no Content-Type) when undefined. */
  body?: unknown;
  /** A file sent as it is (a picture), with its own type as the Content-Type; instead of `body`. */
  file?: Blob;
  query?: Record<string, QueryValue>;
  /**
   * The caller shows its own message for 400/404/500/503/504 (and network failures);
   * a 412 still resets the session.
   */
  handleErrors?: boolean;
  signal?: AbortSignal;
  /**
   * Another API of this origin instead of API_BASE (the loyalty API, LOYALTY_API_BASE).
   * It gets the XSRF and no-cache handling but never the process token.
   */
  base?: string;
}

/** The back-office's API (`staffApi` below). */
export const STAFF_API_BASE = `${API_BASE}${STAFF_API_PATH}`;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Staff calls whose 401 is an answer, not an ended session: signing in and asking who is signed in. */
const UNAUTHORIZED_IS_ANSWER = /^\/?(login|me|logout)(?:[/?]|$)/;

let onUnauthorized: (() => void) | null = null;

/**
 * What a 401 from a signed-in staff call does (the back-office's session context clears the
 * user, so the sign-in page shows). Without a handler the browser goes to /hallinta.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/**
 * Statuses answered with the §8 server-error warning: SERVER_ERROR_STATUSES and 503,
 * which the server answers while its database cannot be reached.
 */
const WARNING_STATUSES = new Set<number>([...SERVER_ERROR_STATUSES, 503]);

let onSessionExpired: (() => void) | null = null;

/** The app registers what "reset app state" means (clear the cache, go to ajoneuvo). */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  onSessionExpired = handler;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function buildUrl(path: string, query?: Record<string, QueryValue>, base: string = API_BASE): string {
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null) params.append(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

function isInitSession(path: string): boolean {
  return /^\/?init-session(?:[/?]|$)/.test(path);
}

let xsrfPriming: Promise<void> | null = null;

/** GET /settings sets the XSRF cookie when the browser has none yet. */
async function primeXsrfCookie(): Promise<void> {
  if (!xsrfPriming) {
    xsrfPriming = fetch(buildUrl('/settings'), {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        xsrfPriming = null;
      });
  }
  return xsrfPriming;
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

async function send(path: string, options: RequestOptions, retryingXsrf: boolean): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  };
  if (options.file !== undefined) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const bookingApi = options.base === undefined || options.base === API_BASE;
  if (bookingApi && !isInitSession(path)) {
    const token = getProcessToken();
    if (token) headers[PROCESS_TOKEN_HEADER] = token;
  }

  if (MUTATING.has(method)) {
    if (readCookie(XSRF_COOKIE) === null) await primeXsrfCookie();
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf !== null) headers[XSRF_HEADER] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.base), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (!options.handleErrors) notifyMessage('serverError');
    throw new ApiError(NETWORK_ERROR_STATUS, null);
  }

  const token = bookingApi ? response.headers.get(PROCESS_TOKEN_HEADER) : null;
  if (token) setProcessToken(token);

  const body = await parseBody(response);
  if (response.ok) return body;

  if (response.status === 412) {
    notifyMessage('sessionExpired');
    clearProcessSession();
    onSessionExpired?.();
  } else if (
    response.status === 403 &&
    !retryingXsrf &&
    MUTATING.has(method) &&
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === 'XSRF'
  ) {
    // The XSRF cookie was missing or stale: get a fresh one and try once more.
    await primeXsrfCookie();
    return send(path, options, true);
  } else if (response.status === 401 && options.base === STAFF_API_BASE && !UNAUTHORIZED_IS_ANSWER.test(path)) {
    if (onUnauthorized) onUnauthorized();
    else if (typeof window !== 'undefined') window.location.assign('/hallinta');
  } else if (WARNING_STATUSES.has(response.status) && !options.handleErrors) {
    notifyMessage('serverError');
  }
  const retryAfter = response.headers.get('Retry-After');
  throw new ApiError(response.status, body, retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options, false)) as T;
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

type StaffOpts = Omit<RequestOptions, 'method' | 'body' | 'base' | 'handleErrors'>;
const staff = (opts?: StaffOpts): Opts => ({ ...opts, base: STAFF_API_BASE, handleErrors: true });

/**
 * The back-office's calls, `path` relative to the staff API (`/offices/1/day`): the cookie
 * session, no process token, no customer notifications (the pages show the error where it
 * happened), a 401 of a signed-in call → the sign-in page.
 */
export const staffApi = {
  get: <T>(path: string, opts?: StaffOpts) => api.get<T>(path, staff(opts)),
  post: <T>(path: string, body?: unknown, opts?: StaffOpts) => api.post<T>(path, body, staff(opts)),
  put: <T>(path: string, body?: unknown, opts?: StaffOpts) => api.put<T>(path, body, staff(opts)),
  patch: <T>(path: string, body?: unknown, opts?: StaffOpts) => api.patch<T>(path, body, staff(opts)),
  delete: <T>(path: string, opts?: StaffOpts) => api.delete<T>(path, staff(opts)),
  /** A file as the request's body (a picture): POST, or PUT to replace one. */
  upload: <T>(path: string, file: Blob, method: 'POST' | 'PUT' = 'POST', opts?: StaffOpts) => apiRequest<T>(path, { ...staff(opts), method, file }),
};
