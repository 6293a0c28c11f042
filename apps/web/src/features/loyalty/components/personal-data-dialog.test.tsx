import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LOYALTY_TOKEN_KEY, todayInHelsinki, type PersonalDataExport } from '@huolto/domain';
import { resetLoyaltyTokenCache } from '@/features/loyalty/loyalty-token.ts';
import { ACCOUNT, LoyaltyTestProviders, json, stubFetch, type Route } from '@/features/loyalty/testing.tsx';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { siteSettings } from '@/test/fixtures.ts';
import { LoyaltyBlock } from './loyalty-block.tsx';
import { PersonalDataDialog } from './personal-data-dialog.tsx';

/*
 * 'Omat tiedot' of a logged-in loyalty customer: the download saves the server's document as
 * one JSON file and lists what it holds; the deletion sends the password, logs out and says
 * so; a wrong password keeps the customer logged in with the server's message under the field.
 */

const API = '/omalaakkonen/api';
const WRONG = 'Salasana on väärin. Tiliä ei poistettu.';

const EXPORT: PersonalDataExport = {
  generatedAt: '2026-11-28T17:00:00.000Z',
  summary: ['OmaLaakkonen-tili: Testi Asiakas, testi@example.com', 'Varauksia: 1', 'Viestejä: 2'],
  bookings: [{ booking_key: 'ABC123', register_number: 'ABC-123' }],
  loyaltyAccounts: [{ username: 'testi@example.com', firstname: 'Testi' }],
  messages: [],
  feedback: [],
};

function stubApi(deleteUser: Route) {
  return stubFetch({
    [`${API}/getUserInfo/`]: () => json(ACCOUNT),
    [`${API}/getActiveCars/`]: () => json({ cars: [] }),
    [`${API}/getUserData/`]: () => json(EXPORT),
    [`${API}/deleteUser/`]: deleteUser,
    [`${API}/logout/`]: () => json({ responseCode: 'SUCCESS' }),
  });
}

/** The block as the vehicle step shows it, logged in, with 'Omat tiedot' opened. */
async function openFromBlock() {
  render(
    <LoyaltyTestProviders>
      <main>
        <LoyaltyBlock onSelectVehicle={vi.fn()} />
      </main>
    </LoyaltyTestProviders>,
  );
  await screen.findByText('Tervetuloa, Testi');
  fireEvent.click(screen.getByRole('button', { name: 'Omat tiedot' }));
  return screen.findByRole('dialog', { name: 'Omat tiedot' });
}

async function submitPassword(dialog: HTMLElement, password: string) {
  fireEvent.change(within(dialog).getByLabelText(/Vahvista salasanallasi/), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Poista tili pysyvästi' }));
}

/** A Blob's text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.sessionStorage.setItem(LOYALTY_TOKEN_KEY, ACCOUNT.token);
  resetLoyaltyTokenCache();
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  cleanup();
  Object.assign(URL, objectUrls);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<PersonalDataDialog>', () => {
  it("'Lataa tietoni' fetches the document with the token and saves it as one JSON file, then lists what it holds", async () => {
    const { bodies } = stubApi(() => json({ responseCode: 'SUCCESS' }));
    const files: Blob[] = [];
    // jsdom has no object URLs: the file is caught where the browser would get it.
    const createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:omat-tiedot';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(
      <LoyaltyTestProviders>
        <PersonalDataDialog onClose={vi.fn()} />
      </LoyaltyTestProviders>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Omat tiedot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lataa tietoni' }));

    const fileName = `omat-tiedot-${todayInHelsinki()}.json`;
    await waitFor(() => expect(dialog.textContent).toContain(fileName));
    expect(bodies(`${API}/getUserData/`)).toEqual([{ token: ACCOUNT.token }]);
    // One file, saved by a link with its name, holding the server's document as it came.
    expect(files).toHaveLength(1);
    expect(files[0]!.type).toBe('application/json');
    expect(JSON.parse(await readText(files[0]!))).toEqual(EXPORT);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(fileName);
    expect(clicked[0]!.getAttribute('href')).toBe('blob:omat-tiedot');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:omat-tiedot'));
    // What the file holds, in the dialog's live region.
    const saved = within(dialog).getAllByRole('status').find((s) => s.textContent?.includes(fileName))!;
    expect(within(saved).getAllByRole('listitem').map((li) => li.textContent)).toEqual(EXPORT.summary);
  });

  it('the deletion explains what goes and what stays, and links the privacy notice', () => {
    stubApi(() => json({ responseCode: 'SUCCESS' }));
    render(
      <LoyaltyTestProviders>
        <PersonalDataDialog onClose={vi.fn()} />
      </LoyaltyTestProviders>,
    );
    const section = screen.getByRole('region', { name: 'Poista tili' });
    expect(section.textContent).toContain('tallennetut autot ja etusi');
    expect(section.textContent).toContain('Jo tehdyt varaukset säilyvät korjaamolla eikä niitä peruta');
    expect(within(section).getByRole('link', { name: /tietosuojaselosteesta/ }).getAttribute('href')).toBe('/tietosuojaseloste');
  });

  it.each([
    ['Esimerkki Plus', 'Poistamme Esimerkki Plus -tilisi, sen tallennetut autot ja etusi.'],
    ['', 'Poistamme kanta-asiakastilisi, sen tallennetut autot ja etusi.'],
  ])("the deletion names the account by the programme's name ('%s') or as a kanta-asiakastili", (loyaltyName, text) => {
    stubApi(() => json({ responseCode: 'SUCCESS' }));
    render(
      <SiteSettingsContext.Provider value={siteSettings({ loyaltyName })}>
        <LoyaltyTestProviders>
          <PersonalDataDialog onClose={vi.fn()} />
        </LoyaltyTestProviders>
      </SiteSettingsContext.Provider>,
    );
    expect(screen.getByRole('region', { name: 'Poista tili' }).textContent).toContain(text);
  });

  it('an empty password is refused in the form, and nothing is sent', async () => {
    const { calls } = stubApi(() => json({ responseCode: 'SUCCESS' }));
    const dialog = await openFromBlock();
    await submitPassword(dialog, '');
    const field = within(dialog).getByLabelText(/Vahvista salasanallasi/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(calls(`${API}/deleteUser/`)).toHaveLength(0);
  });
});

describe("'Poista tili' from the loyalty block", () => {
  it('sends the password with the token, logs out and says the account is deleted, with the focus on it', async () => {
    const { bodies } = stubApi(() => json({ responseCode: 'SUCCESS' }));
    const dialog = await openFromBlock();
    await submitPassword(dialog, 'Salasana123!');

    const done = await within(dialog).findByText(/Tilisi on poistettu/);
    expect(bodies(`${API}/deleteUser/`)).toEqual([{ token: ACCOUNT.token, password: 'Salasana123!' }]);
    expect(done.closest('[role="status"]')).not.toBeNull();
    // The focus moves in an effect after the text is shown: waited for, not raced.
    await waitFor(() => expect(document.activeElement).toBe(done));
    // Logged out: the token is gone from the tab and revoked, the block offers the login again.
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBeNull();
    expect(bodies(`${API}/logout/`)).toEqual([{ token: ACCOUNT.token }]);
    await screen.findByRole('button', { name: 'Kirjaudu kanta-asiakkaana' });
    expect(screen.queryByText('Tervetuloa, Testi')).toBeNull();

    // Closing the dialog hands the focus to the login, as its opener is gone.
    // The dialog's own 'Sulje' below the message (the other is the corner's ×).
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Sulje' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }));
  });

  it('a wrong password shows the server’s message under the field and keeps the customer logged in', async () => {
    const { bodies, calls } = stubApi(() =>
      json({ error: 'WRONG_PASSWORD', message: WRONG, fields: [{ path: 'password', message: WRONG }] }, 400),
    );
    const dialog = await openFromBlock();
    await submitPassword(dialog, 'väärä-salasana');

    const field = within(dialog).getByLabelText(/Vahvista salasanallasi/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(bodies(`${API}/deleteUser/`)).toEqual([{ token: ACCOUNT.token, password: 'väärä-salasana' }]);
    const error = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe(WRONG);
    expect(document.activeElement).toBe(field);
    // Still logged in: the token kept, no logout, no confirmation.
    expect(window.sessionStorage.getItem(LOYALTY_TOKEN_KEY)).toBe(ACCOUNT.token);
    expect(calls(`${API}/logout/`)).toHaveLength(0);
    expect(within(dialog).queryByText(/Tilisi on poistettu/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sulje' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Tervetuloa, Testi')).toBeTruthy();
  });
});
