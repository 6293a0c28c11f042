import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@huolto/domain';
import { api, ApiError } from './api-client.ts';
import { clearNotifications, getNotifications } from './notifications.ts';
import { clearProcessSession, getProcessToken, setProcessToken } from './process-session.ts';

/** What the server answers while its database cannot be reached (plugins/errors.ts). */
const UNAVAILABLE = { error: 'DATABASE_UNAVAILABLE', message: MESSAGES.serverError.text };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Retry-After': '5' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
  clearProcessSession();
  clearNotifications();
  document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  clearNotifications();
});

describe('api client when the database is unavailable (HTTP 503)', () => {
  it('shows the §8 server-error warning once, keeps the session and passes the error on', async () => {
    setProcessToken('token-1');
    fetchMock.mockResolvedValueOnce(answer(503, UNAVAILABLE));
    const error = await api.post('/reserve-time', { reservation: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(getNotifications()).toEqual([expect.objectContaining({ level: 'WARNING', text: 'Toiminnon suorittaminen epäonnistui.' })]);
    // Not a session expiry: the booking goes on once the database is back.
    expect(getProcessToken()).toBe('token-1');
  });

  it('works again on the next call once the database is back', async () => {
    setProcessToken('token-1');
    fetchMock.mockResolvedValueOnce(answer(503, UNAVAILABLE)).mockResolvedValueOnce(answer(200, { responseCode: 'SUCCESS' }));
    await expect(api.get('/get-booking/v2')).rejects.toMatchObject({ status: 503 });
    await expect(api.get('/get-booking/v2')).resolves.toEqual({ responseCode: 'SUCCESS' });
    expect(getNotifications()).toHaveLength(1);
  });

  it('stays quiet when the caller handles errors itself', async () => {
    fetchMock.mockResolvedValueOnce(answer(503, UNAVAILABLE));
    await expect(api.get('/services/v2', { handleErrors: true })).rejects.toMatchObject({ status: 503 });
    expect(getNotifications()).toHaveLength(0);
  });
});
