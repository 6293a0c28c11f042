import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@huolto/domain';
import { api, ApiError, setSessionExpiredHandler } from './api-client.ts';
import { clearNotifications, getNotifications } from './notifications.ts';
import { clearProcessSession, getProcessToken, setProcessToken } from './process-session.ts';

type FetchArgs = [string, RequestInit];

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setCookie(value: string | null) {
  document.cookie =
    value === null ? 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `XSRF-TOKEN=${value}; path=/`;
}

let fetchMock: ReturnType<typeof vi.fn>;

function calls(): { url: string; init: RequestInit; headers: Record<string, string> }[] {
  return (fetchMock.mock.calls as FetchArgs[]).map(([url, init]) => ({
    url,
    init,
    headers: (init.headers ?? {}) as Record<string, string>,
  }));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.clear();
  clearProcessSession();
  clearNotifications();
  setCookie('xsrf-abc');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(null);
  setCookie(null);
  clearNotifications();
});

describe('api client', () => {
  it('sends the process token, the no-cache headers and same-origin credentials', async () => {
    setProcessToken('token-1');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.get('/get-booking/v2')).resolves.toEqual({ ok: true });
    const [call] = calls();
    expect(call?.url).toBe('/ServiceBooking/rest/get-booking/v2');
    expect(call?.headers['x-process-token']).toBe('token-1');
    expect(call?.headers['Cache-Control']).toBe('no-cache');
    expect(call?.headers['Pragma']).toBe('no-cache');
    expect(call?.init.credentials).toBe('same-origin');
  });

  it('does not send the token to init-session and stores the token of the answer', async () => {
    setProcessToken('old-token');
    fetchMock.mockResolvedValueOnce(json(200, { responseCode: 'SUCCESS' }, { 'x-process-token': 'new-token' }));
    await api.post('/init-session', undefined, { query: { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' } });
    const [call] = calls();
    expect(call?.url).toBe('/ServiceBooking/rest/init-session?usedProcessType=MAINTENANCE&installationType=LAAKKONEN_PUBLIC');
    expect(call?.headers['x-process-token']).toBeUndefined();
    expect(getProcessToken()).toBe('new-token');
    expect(window.sessionStorage.getItem('x-process-token')).toBe('new-token');
  });

  it('stores a token that any response carries', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [], { 'x-process-token': 'renewed' }));
    await api.get('/services/v2');
    expect(window.sessionStorage.getItem('x-process-token')).toBe('renewed');
  });

  it('echoes the XSRF cookie on mutating calls only, with a JSON body', async () => {
    fetchMock.mockImplementation(async () => json(200, { responseCode: 'SUCCESS' }));
    await api.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 1000 });
    await api.delete('/remove-reservation');
    await api.get('/vehicle-makes');
    const [post, del, get] = calls();
    expect(post?.headers['x-xsrf-token']).toBe('xsrf-abc');
    expect(post?.headers['Content-Type']).toBe('application/json');
    expect(post?.init.body).toBe('{"registerNumber":"ABC-123","kilometers":1000}');
    expect(del?.headers['x-xsrf-token']).toBe('xsrf-abc');
    expect(del?.headers['Content-Type']).toBeUndefined();
    expect(get?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('fetches GET /settings first when the XSRF cookie is missing', async () => {
    setCookie(null);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/settings')) {
        setCookie('fresh'); // what the browser does with the Set-Cookie of the answer
        return json(200, {});
      }
      return json(200, { responseCode: 'SUCCESS' });
    });
    await api.post('/symptoms', []);
    const [first, second] = calls();
    expect(first?.url).toBe('/ServiceBooking/rest/settings');
    expect(first?.init.method).toBe('GET');
    expect(second?.url).toBe('/ServiceBooking/rest/symptoms');
    expect(second?.headers['x-xsrf-token']).toBe('fresh');
  });

  it('on 412 clears the token, warns that the session expired, resets the app and throws', async () => {
    setProcessToken('expired');
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    fetchMock.mockResolvedValueOnce(json(412, { error: 'SESSION_EXPIRED', message: 'Istunto on päättynyt.' }));
    const error = await api.get('/get-booking/v2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(412);
    expect((error as ApiError).body).toEqual({ error: 'SESSION_EXPIRED', message: 'Istunto on päättynyt.' });
    expect(getProcessToken()).toBeNull();
    expect(window.sessionStorage.getItem('x-process-token')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(getNotifications()).toEqual([
      expect.objectContaining({ level: 'WARNING', text: MESSAGES.sessionExpired.text }),
    ]);
  });

  it.each([400, 404, 500, 504])('warns on HTTP %i and passes the error on', async (status) => {
    fetchMock.mockResolvedValueOnce(json(status, { error: 'X' }));
    await expect(api.get('/services/v2')).rejects.toMatchObject({ status, body: { error: 'X' } });
    expect(getNotifications()).toEqual([expect.objectContaining({ level: 'WARNING', text: MESSAGES.serverError.text })]);
  });

  it('stays quiet when the caller handles errors itself, but still throws', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: 'INTERNAL' }));
    await expect(api.post('/reserve-time', {}, { handleErrors: true })).rejects.toBeInstanceOf(ApiError);
    expect(getNotifications()).toHaveLength(0);
  });

  it('does not raise the server-error warning for other statuses', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: 'CONFLICT' }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 409 });
    expect(getNotifications()).toHaveLength(0);
  });
});
