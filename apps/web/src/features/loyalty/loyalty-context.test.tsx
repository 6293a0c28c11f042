import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LOYALTY_TOKEN_KEY, MESSAGES } from '@huolto/domain';
import { clearNotifications, getNotifications } from '@/lib/notifications.ts';
import { clearProcessSession, setProcessToken } from '@/lib/process-session.ts';
import { clearLoginRequest, isLoginRequested, requestLogin } from '@/lib/first-step-handoff.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { LoyaltyBlock } from './components/loyalty-block.tsx';
import { resetLoyaltyTokenCache } from './loyalty-token.ts';
import { ACCOUNT, LoyaltyTestProviders, json, newQueryClient, stubFetch } from './testing.tsx';

const TOKEN = ACCOUNT.token;
const PROCESS = 'p'.repeat(30);
const CAMPAIGN = '/ServiceBooking/rest/campaign-code/v2';

const notifications = () => getNotifications().map((n) => ({ level: n.level, text: n.text }));

function loggedIn() {
  window.sessionStorage.setItem(LOYALTY_TOKEN_KEY, TOKEN);
  resetLoyaltyTokenCache();
}

function renderBlock(onSelectVehicle?: (license: string) => void) {
  const client = newQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <LoyaltyTestProviders client={client}>
      <LoyaltyBlock onSelectVehicle={onSelectVehicle} />
    </LoyaltyTestProviders>,
  );
  const invalidated = () => invalidate.mock.calls.map(([filters]) => (filters as { queryKey?: unknown })?.queryKey);
  return { client, invalidated };
}

// The block fetches its dialogs' code when the login link is focused or pointed at: load
// them before the tests, so that no import is still on its way when a test's environment ends.
beforeAll(async () => {
  await Promise.all([import('./components/login-dialog.tsx'), import('./components/vehicle-list-dialog.tsx')]);
});

beforeEach(() => {
  window.sessionStorage.clear();
  resetLoyaltyTokenCache();
  clearProcessSession();
  document.cookie = 'XSRF-TOKEN=x; path=/';
  clearNotifications();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('<LoyaltyBlock> and the loyalty provider', () => {
  it('offers the login when logged out', () => {
    stubFetch({});
    renderBlock(() => undefined);
    expect(screen.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Valitse ajoneuvo' })).toBeNull();
  });

  it('opens the login asked for before it had loaded (the first step, its placeholder), also while it is shown, once', async () => {
    stubFetch({});
    requestLogin();
    renderBlock(() => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sulje' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isLoginRequested()).toBe(false);
    // Asked while the block is already there (its code arrived as the placeholder was clicked).
    act(() => requestLogin());
    expect(await screen.findByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' })).toBeTruthy();
    clearLoginRequest();
  });

  it('greets the logged-in customer and puts the members’ code on the booking process', async () => {
    loggedIn();
    setProcessToken(PROCESS);
    const { bodies } = stubFetch({
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
      [CAMPAIGN]: () => json({ responseCode: 'SUCCESS', vouchers: ['ETU-20-HUOLTO'] }),
    });
    const { invalidated } = renderBlock(() => undefined);
    expect(await screen.findByText('Tervetuloa, Testi')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Valitse ajoneuvo' })).toBeTruthy();
    await waitFor(() => expect(bodies(CAMPAIGN)).toEqual([{ value: 'OMALAAKKONEN', loyaltyToken: TOKEN }]));
    await waitFor(() => expect(invalidated()).toContainEqual(queryKeys.allBooking));
    expect(invalidated()).toContainEqual(queryKeys.allLiftsOffers);
  });

  it('puts the code on a process session that starts after the login, once', async () => {
    loggedIn();
    const { bodies } = stubFetch({
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
      [CAMPAIGN]: () => json({ responseCode: 'SUCCESS', vouchers: [] }),
    });
    renderBlock();
    await screen.findByText('Tervetuloa, Testi');
    expect(bodies(CAMPAIGN)).toEqual([]);
    act(() => setProcessToken(PROCESS));
    await waitFor(() => expect(bodies(CAMPAIGN)).toHaveLength(1));
    act(() => setProcessToken('q'.repeat(30)));
    await waitFor(() => expect(bodies(CAMPAIGN)).toHaveLength(2));
  });

  it('logs out: POST /logout/, the token removed, the code taken off the process, Olet kirjautunut ulos', async () => {
    loggedIn();
    setProcessToken(PROCESS);
    const { bodies } = stubFetch({
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
      '/omalaakkonen/api/logout/': () => json({ responseCode: 'SUCCESS' }),
      [CAMPAIGN]: () => json({ responseCode: 'SUCCESS' }),
    });
    const { invalidated } = renderBlock(() => undefined);
    await screen.findByText('Tervetuloa, Testi');
    await waitFor(() => expect(bodies(CAMPAIGN)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu ulos' }));
    await screen.findByRole('button', { name: 'Kirjaudu kanta-asiakkaana' });
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(notifications()).toContainEqual({ level: MESSAGES.logout.level, text: 'Olet kirjautunut ulos' }));
    expect(bodies('/omalaakkonen/api/logout/')).toEqual([{ token: TOKEN }]);
    expect(bodies(CAMPAIGN).at(-1)).toEqual({ value: null, loyaltyToken: null });
    expect(invalidated().filter((k) => JSON.stringify(k) === JSON.stringify(queryKeys.allBooking)).length).toBeGreaterThanOrEqual(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }));
  });

  it('logs out when the account cannot be fetched (an expired token)', async () => {
    loggedIn();
    stubFetch({
      '/omalaakkonen/api/getUserInfo/': () => json({ error: 'UNAUTHORIZED', message: MESSAGES.loginFailed.text }, 401),
      '/omalaakkonen/api/logout/': () => json({ responseCode: 'SUCCESS' }),
    });
    renderBlock();
    await screen.findByRole('button', { name: 'Kirjaudu kanta-asiakkaana' });
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(notifications()).toContainEqual({ level: 'INFO', text: 'Olet kirjautunut ulos' }));
  });
});
