import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LOYALTY_TOKEN_KEY, MESSAGES, PROCESS_TOKEN_HEADER } from '@huolto/domain';
import { clearNotifications, getNotifications } from '@/lib/notifications.ts';
import { resetLoyaltyTokenCache } from '@/features/loyalty/loyalty-token.ts';
import { ACCOUNT, LoyaltyTestProviders, json, stubFetch } from '@/features/loyalty/testing.tsx';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { siteSettings } from '@/test/fixtures.ts';
import { LoginDialog } from './login-dialog.tsx';

const TOKEN = ACCOUNT.token;
const LOGIN = '/omalaakkonen/api/login/';

const FORGOT_PASSWORD_URL = 'https://yritys.example/salasana';

function renderDialog(links: Record<string, string> = { loyaltyPassword: FORGOT_PASSWORD_URL }) {
  const onClose = vi.fn();
  const settings = siteSettings({ links: { ...siteSettings().links, ...links } });
  render(
    <SiteSettingsContext.Provider value={settings}>
      <LoyaltyTestProviders>
        <LoginDialog open onClose={onClose} />
      </LoyaltyTestProviders>
    </SiteSettingsContext.Provider>,
  );
  return { onClose };
}

const username = () => screen.getByLabelText(/Käyttäjätunnus/) as HTMLInputElement;
const password = () => screen.getByLabelText(/^Salasana/) as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Kirjaudu' }) as HTMLButtonElement;
const notifications = () => getNotifications().map((n) => ({ level: n.level, text: n.text }));

function fillAndSubmit(user = 'testi@example.com', pass = 'Salasana123!') {
  fireEvent.change(username(), { target: { value: user } });
  fireEvent.change(password(), { target: { value: pass } });
  return waitFor(() => expect(loginButton().disabled).toBe(false)).then(() => fireEvent.click(loginButton()));
}

beforeEach(() => {
  window.sessionStorage.clear();
  resetLoyaltyTokenCache();
  document.cookie = 'XSRF-TOKEN=x; path=/';
  clearNotifications();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('<LoginDialog>', () => {
  it('is a labelled modal dialog with the forgot-password link and registration', () => {
    stubFetch({});
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const forgot = screen.getByRole('link', { name: /Unohtuiko salasana\?/ });
    expect(forgot.getAttribute('href')).toBe(FORGOT_PASSWORD_URL);
    expect(forgot.getAttribute('target')).toBe('_blank');
    expect(forgot.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Uusi asiakas? Rekisteröidy' })).toBeTruthy();
    // The first field has the focus.
    expect(document.activeElement).toBe(username());
  });

  it('leaves the forgot-password link out when the settings give none', () => {
    stubFetch({});
    renderDialog({});
    expect(screen.getByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Unohtuiko salasana\?/ })).toBeNull();
  });

  it('keeps Kirjaudu disabled until both the username and the password are filled', async () => {
    const { fetchMock } = stubFetch({});
    renderDialog();
    expect(loginButton().disabled).toBe(true);
    fireEvent.change(username(), { target: { value: 'testi@example.com' } });
    await waitFor(() => expect(loginButton().disabled).toBe(true));
    fireEvent.change(password(), { target: { value: 'x' } });
    await waitFor(() => expect(loginButton().disabled).toBe(false));
    fireEvent.change(username(), { target: { value: '  ' } });
    await waitFor(() => expect(loginButton().disabled).toBe(true));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the values typed, through the loyalty API without the process token', async () => {
    window.sessionStorage.setItem(PROCESS_TOKEN_HEADER, 'p'.repeat(30));
    const { bodies, calls } = stubFetch({
      [LOGIN]: () => json({ token: TOKEN }),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
      '/ServiceBooking/rest/campaign-code/v2': () => json({ responseCode: 'SUCCESS', vouchers: [] }),
    });
    renderDialog();
    await fillAndSubmit();
    await waitFor(() => expect(bodies(LOGIN)).toEqual([{ username: 'testi@example.com', password: 'Salasana123!' }]));
    const [, init] = calls(LOGIN)[0]!;
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers['x-xsrf-token']).toBe('x');
    expect(headers[PROCESS_TOKEN_HEADER]).toBeUndefined();
  });

  it('on success stores the token in sessionStorage, says Tervetuloa! and closes', async () => {
    stubFetch({
      [LOGIN]: () => json({ token: TOKEN }),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
    });
    const { onClose } = renderDialog();
    await fillAndSubmit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBe(TOKEN);
    expect(notifications()).toContainEqual({ level: 'SUCCESS', text: 'Tervetuloa!' });
    expect(MESSAGES.loginSuccess.text).toBe('Tervetuloa!');
  });

  it('on 401 shows the login-failed error and stores nothing', async () => {
    stubFetch({ [LOGIN]: () => json({ error: 'UNAUTHORIZED', message: MESSAGES.loginFailed.text }, 401) });
    const { onClose } = renderDialog();
    await fillAndSubmit('testi@example.com', 'väärä');
    await waitFor(() => expect(notifications()).toContainEqual({ level: 'ERROR', text: MESSAGES.loginFailed.text }));
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password()));
  });

  it('shows the login-failed error inside the dialog, and a successful retry takes it and the stale notification away', async () => {
    let attempts = 0;
    stubFetch({
      [LOGIN]: () => (++attempts === 1 ? json({ error: 'UNAUTHORIZED', message: MESSAGES.loginFailed.text }, 401) : json({ token: TOKEN })),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
    });
    const { onClose } = renderDialog();
    await fillAndSubmit('testi@example.com', 'väärä');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.loginFailed.text);
    expect(screen.getByRole('dialog').contains(alert)).toBe(true);
    expect(notifications()).toContainEqual({ level: 'ERROR', text: MESSAGES.loginFailed.text });

    await fillAndSubmit('testi@example.com', 'Salasana123!');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifications()).toEqual([{ level: 'SUCCESS', text: 'Tervetuloa!' }]);
  });

  it('labels the username field as the e-mail address it takes', () => {
    stubFetch({});
    renderDialog();
    expect(screen.getByLabelText(/Käyttäjätunnus \(sähköposti\)/).getAttribute('inputmode')).toBe('email');
  });

  it("on 429 shows the server's message", async () => {
    const message = 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.';
    stubFetch({ [LOGIN]: () => json({ error: 'TOO_MANY_ATTEMPTS', message }, 429) });
    renderDialog();
    await fillAndSubmit();
    await waitFor(() => expect(notifications()).toContainEqual({ level: 'ERROR', text: message }));
    expect(notifications().some((n) => n.text === MESSAGES.loginFailed.text)).toBe(false);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('closes on Escape and with the close button', () => {
    stubFetch({});
    const { onClose } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Sulje' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    stubFetch({});
    renderDialog();
    const dialog = screen.getByRole('dialog');
    const register = screen.getByRole('button', { name: 'Uusi asiakas? Rekisteröidy' });
    register.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sulje' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(register);
  });

  it.each([
    ['Esimerkki', 'Luo Esimerkki-tili.'],
    ['Esimerkki Plus', 'Luo Esimerkki Plus -tili.'],
    ['', 'Luo kanta-asiakastili.'],
  ])("the registration names the account by the programme's name ('%s') or as a kanta-asiakastili", (loyaltyName, intro) => {
    stubFetch({});
    render(
      <SiteSettingsContext.Provider value={siteSettings({ loyaltyName })}>
        <LoyaltyTestProviders>
          <LoginDialog open onClose={vi.fn()} />
        </LoyaltyTestProviders>
      </SiteSettingsContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Uusi asiakas? Rekisteröidy' }));
    const dialog = screen.getByRole('dialog', { name: 'Rekisteröidy kanta-asiakkaaksi' });
    expect(dialog.textContent).toContain(`${intro} Lähetämme sähköpostiisi vahvistuskoodin.`);
  });

  it('registers a new customer, confirms the e-mailed code and returns to the login with a note', async () => {
    const { bodies } = stubFetch({
      '/omalaakkonen/api/registerUser/': () => json({ responseCode: 'SUCCESS' }),
      '/omalaakkonen/api/confirmUser/': (body) =>
        (body as { code: string }).code === '123456'
          ? json({ responseCode: 'SUCCESS' })
          : json({ error: 'INVALID_CODE', message: 'Vahvistuskoodi ei kelpaa.', fields: [{ path: 'code', message: 'Vahvistuskoodi ei kelpaa' }] }, 400),
    });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Uusi asiakas? Rekisteröidy' }));
    screen.getByRole('dialog', { name: 'Rekisteröidy kanta-asiakkaaksi' });
    fireEvent.change(screen.getByLabelText(/Sähköposti/), { target: { value: 'Uusi@Example.com' } });
    fireEvent.change(screen.getByLabelText(/^Salasana/), { target: { value: 'lyhyt' } });
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Uuno' } });
    fireEvent.change(screen.getByLabelText(/Sukunimi/), { target: { value: 'Uusi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rekisteröidy' }));
    expect(await screen.findByText('Salasanassa on oltava vähintään 10 merkkiä')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Salasana/), { target: { value: 'pitkäsalasana1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rekisteröidy' }));

    await screen.findByRole('dialog', { name: 'Vahvista tilisi' });
    expect(bodies('/omalaakkonen/api/registerUser/')).toEqual([
      { username: 'uusi@example.com', password: 'pitkäsalasana1', firstname: 'Uuno', lastname: 'Uusi' },
    ]);
    fireEvent.change(screen.getByLabelText(/Vahvistuskoodi/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vahvista' }));
    expect(await screen.findByText('Vahvistuskoodi ei kelpaa')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Vahvistuskoodi/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vahvista' }));

    await screen.findByRole('dialog', { name: 'Kirjaudu kanta-asiakkaana' });
    expect(screen.getByRole('status').textContent).toBe('Tilisi on vahvistettu. Voit nyt kirjautua.');
    expect(username().value).toBe('uusi@example.com');
    // The username is known: the focus waits in the password field.
    await waitFor(() => expect(document.activeElement).toBe(password()));
    expect(bodies('/omalaakkonen/api/confirmUser/').at(-1)).toEqual({ username: 'uusi@example.com', code: '123456' });
  });
});
