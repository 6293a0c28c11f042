import { API_BASE, PROCESS_TOKEN_HEADER, SERVER_ERROR_STATUSES, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { notifyMessage } from './notifications.ts';
import { clearProcessSession, getProcessToken, setProcessToken } from './process-session.ts';

/**
 * THE http client of the app (CONVENTIONS "Web app"). Every call to the booking API
 * goes through `apiRequest`, which
 * - prefixes API_BASE, sends JSON and the no-cache headers, same-origin credentials;
 * - sends the process token on every call but init-session and stores any token a
 *   response carries (SPEC §4, §7);
 * - echoes the XSRF cookie on mutating calls, fetching GET /settings first when the
 *   cookie is not there yet (docs/api.md "XSRF");
 * - maps errors (SPEC §8): 412 → session expired warning and reset; 400/404/500/504 and
 *   503 (database unavailable) → server-error warning unless the caller handles errors
 *   itself. The caller always gets an ApiError.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Status used for an ApiError when the request never got an answer. */
export const NETWORK_ERROR_STATUS = 0;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; omitted (no Content-Type) when undefined. */
  body?: unknown;
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

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

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
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (!options.handleErrors) notifyMessage('serverError');
    throw new ApiError(NETWORK_ERROR_STATUS, null, cause instanceof Error ? cause.message : 'Network error');
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
  } else if (WARNING_STATUSES.has(response.status) && !options.handleErrors) {
    notifyMessage('serverError');
  }
  throw new ApiError(response.status, body);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options, false)) as T;
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: Opts) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};
