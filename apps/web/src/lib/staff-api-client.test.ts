import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch-stub.ts';
import { ApiError, setUnauthorizedHandler, staffApi } from './api-client.ts';

const BASE = '/ServiceBooking/rest/staff';

function clearCookie() {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

beforeEach(clearCookie);
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  clearCookie();
});

describe('staffApi', () => {
  it('prefixes the staff API, sends the query and reads JSON', async () => {
    const stub = stubFetch({ [`${BASE}/offices/1/day`]: () => json({ date: '2026-12-02' }) });
    await expect(staffApi.get('/offices/1/day', { query: { date: '2026-12-02' } })).resolves.toEqual({ date: '2026-12-02' });
    const [url, init] = stub.calls(`${BASE}/offices/1/day`)[0]!;
    expect(url).toBe(`${BASE}/offices/1/day?date=2026-12-02`);
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
  });

  it('fetches GET /settings for the XSRF cookie before the first change, then echoes it', async () => {
    const stub = stubFetch({
      '/ServiceBooking/rest/settings': () => {
        document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
        return json({});
      },
      [`${BASE}/bookings/5/notes`]: () => json({}),
    });
    await staffApi.post('/bookings/5/notes', { text: 'Soita' });
    expect(stub.calls('/ServiceBooking/rest/settings')).toHaveLength(1);
    const [, init] = stub.calls(`${BASE}/bookings/5/notes`)[0]!;
    expect((init?.headers as Record<string, string>)['x-xsrf-token']).toBe('fresh-token');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(stub.bodies(`${BASE}/bookings/5/notes`)).toEqual([{ text: 'Soita' }]);
  });

  it('sends a picture as it is, with its own type and the XSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    // Not stubFetch: it reads every body as JSON.
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => json({ imageId: 'kuva-1' }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'auto.png', { type: 'image/png' });
    await expect(staffApi.upload('/catalogue/images', file)).resolves.toEqual({ imageId: 'kuva-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${BASE}/catalogue/images`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect((init?.headers as Record<string, string>)['x-xsrf-token']).toBe('t');
  });

  it('throws the server\'s Finnish message and the fields it names', async () => {
    stubFetch({
      [`${BASE}/absences`]: () =>
        json({ error: 'VALIDATION', message: 'Virheellinen syöte: end', fields: [{ path: 'end', message: 'Loppu ennen alkua' }] }, 400),
    });
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const error = await staffApi.post('/absences', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Virheellinen syöte: end', fields: [{ path: 'end', message: 'Loppu ennen alkua' }] });
  });

  it('a 401 of a signed-in call tells the app (the session ended); a refused sign-in does not', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFetch({
      [`${BASE}/offices`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401),
      [`${BASE}/login`]: () => json({ error: 'UNAUTHORIZED', message: 'Sähköposti tai salasana on väärin.' }, 401),
    });
    await expect(staffApi.post('/login', { email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Sähköposti tai salasana on väärin.',
    });
    expect(ended).not.toHaveBeenCalled();
    await expect(staffApi.get('/offices')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a server error is told in Finnish without the server\'s text; a lost connection too', async () => {
    stubFetch({ [`${BASE}/offices`]: () => json({ error: 'INTERNAL', message: 'stack trace' }, 500) });
    await expect(staffApi.get('/offices')).rejects.toMatchObject({ status: 500, message: 'Palvelussa tapahtui virhe. Yritä hetken kuluttua uudelleen.' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(staffApi.get('/offices')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
