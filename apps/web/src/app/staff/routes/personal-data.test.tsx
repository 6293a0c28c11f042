import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UPCOMING_BOOKINGS_MESSAGE, todayInHelsinki, type PersonalDataErasure, type PersonalDataExport, type PersonalDataFound } from '@huolto/domain';
import { OFFICE_USER, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { PersonalDataPage } from './personal-data.tsx';

const EMAIL = 'maija.meikalainen@example.fi';
const SEARCH = 'POST /staff/personal-data/search';
const EXPORT = 'POST /staff/personal-data/export';
const ERASE = 'POST /staff/personal-data/erase';

const PAST_BOOKING = {
  id: 41,
  bookingKey: 'K7Q2ZP',
  officeName: 'Laakkonen Helsinki Konala',
  start: '2026-03-10T08:00:00+02:00',
  status: 'CONFIRMED',
  registerNumber: 'ABC-123',
  customerName: 'Maija Meikäläinen',
  upcoming: false,
  removed: false,
};
const UPCOMING_BOOKING = {
  ...PAST_BOOKING,
  id: 42,
  bookingKey: 'R4N8WX',
  officeName: 'Laakkonen Espoo',
  start: '2026-12-15T10:30:00+02:00',
  upcoming: true,
};
const LOYALTY = { id: 7, name: 'Maija Meikäläinen', email: EMAIL, vehicles: 2, vouchers: 1 };

const FOUND: PersonalDataFound = { bookings: [PAST_BOOKING], loyaltyAccounts: [LOYALTY], messages: 3, feedback: 1, upcoming: 0 };
const FOUND_UPCOMING: PersonalDataFound = { ...FOUND, bookings: [UPCOMING_BOOKING, PAST_BOOKING], upcoming: 1 };
const EXPORTED: PersonalDataExport = {
  generatedAt: '2026-11-28T10:00:00+02:00',
  summary: ['Varauksia: 1', 'Kanta-asiakastilejä: 1'],
  bookings: [{ bookingKey: 'K7Q2ZP', email: EMAIL }],
  loyaltyAccounts: [{ email: EMAIL }],
  messages: [],
  feedback: [],
};
const ERASED: PersonalDataErasure = { bookings: 1, loyaltyAccounts: 1, messages: 3, feedback: 1 };

let client: QueryClient | undefined;
/** Reads the page's query cache, for what it holds after an erasure. */
function CacheProbe() {
  client = useQueryClient();
  return null;
}
/** Everything the page's cache holds (queries' keys and answers, calls' bodies and answers), as text. */
const cacheText = () =>
  JSON.stringify([
    client!.getQueryCache().getAll().map((q) => [q.queryKey, q.state.data]),
    client!.getMutationCache().getAll().map((m) => [m.state.variables, m.state.data]),
  ]);
/** A blob's text, read as a browser reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The page's live region of what the search or the erasure came to. */
const pageStatus = () => screen.getAllByRole('status').find((e) => e.classList.contains('personal-data__status'))!;
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Hae tiedot' }));
const open = (me = undefined as typeof OFFICE_USER | undefined) =>
  renderPage(
    <>
      <PersonalDataPage />
      <CacheProbe />
    </>,
    { path: '/hallinta/henkilotiedot', ...(me ? { me } : {}) },
  );

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  client = undefined;
});

describe('<PersonalDataPage>', () => {
  it("searches by e-mail and lists the person's bookings, loyalty accounts and the messages and feedback counted", async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND_UPCOMING) });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Henkilötiedot' })).toBeTruthy();
    type('Sähköposti', ` ${EMAIL.toUpperCase()} `);
    search();
    await waitFor(() =>
      expect(pageStatus().textContent).toBe('Löytyi 2 varausta, 1 kanta-asiakastili, 3 viestiä ja 1 palaute.'),
    );
    // The body as the domain writes it: the address trimmed and lower-cased, the others empty.
    expect(api.bodies(SEARCH)).toEqual([{ email: EMAIL, phone: '', registerNumber: '' }]);

    const bookings = screen.getByRole('region', { name: 'Varaukset (2)' });
    const rows = within(bookings).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['ti 15.12.2026 10.30, varaus R4N8WX', 'Laakkonen Espoo', 'ABC-123', 'Maija Meikäläinen', 'Tuleva'],
      ['ti 10.3.2026 8.00, varaus K7Q2ZP', 'Laakkonen Helsinki Konala', 'ABC-123', 'Maija Meikäläinen', 'Mennyt'],
    ]);
    // The upcoming booking links to its page, where it is cancelled.
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/hallinta/varaus/42');

    const loyalty = screen.getByRole('region', { name: 'Kanta-asiakastilit (1)' });
    expect([...within(loyalty).getAllByRole('row')[1]!.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual([
      'Maija Meikäläinen',
      EMAIL,
      '2',
      '1',
    ]);
    const other = screen.getByRole('region', { name: 'Viestit ja palautteet' });
    expect(other.textContent).toContain('Lähetetyt ja lähtevät viestit3');
    expect(other.textContent).toContain('Palautteet1');
    // The query is never in the address.
    expect(screen.getByTestId('address').textContent).toBe('/hallinta/henkilotiedot');
  });

  it('an empty form is stopped in Finnish at the e-mail before anything is sent', async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND) });
    open();
    search();
    expect(await screen.findByText('Anna sähköposti, puhelinnumero tai rekisterinumero')).toBeTruthy();
    expect(field('Sähköposti').getAttribute('aria-invalid')).toBe('true');
    type('Rekisterinumero', 'abc');
    search();
    expect(await screen.findByText('Tarkista rekisterinumero (esim. ABC-123)')).toBeTruthy();
    expect(api.called(SEARCH)).toBe(false);
  });

  it("shows the server's 400 in Finnish at the field it names, and no results", async () => {
    stubApi({ [SEARCH]: () => refusedField('phone', 'Tarkista puhelinnumero') });
    open();
    type('Puhelinnumero', '040 123 4567');
    search();
    await waitFor(() => expect(field('Puhelinnumero').getAttribute('aria-invalid')).toBe('true'));
    const errorId = field('Puhelinnumero').getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe('Tarkista puhelinnumero');
    expect(screen.queryByRole('region', { name: /Varaukset/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Poista henkilötiedot' })).toBeNull();
  });

  it("'Lataa tiedot' saves the export as one JSON file named by the day, never by the person", async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND), [EXPORT]: () => json(EXPORTED) });
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), 'blob:henkilotiedot')), revokeObjectURL: vi.fn() }));
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    open();
    type('Sähköposti', EMAIL);
    search();
    fireEvent.click(await screen.findByRole('button', { name: 'Lataa tiedot' }));
    const fileName = `henkilotiedot-${todayInHelsinki()}.json`;
    expect(await screen.findByText(`Tiedot ladattu tiedostoon ${fileName}.`)).toBeTruthy();
    expect(api.bodies(EXPORT)).toEqual([{ email: EMAIL, phone: '', registerNumber: '' }]);
    expect(clicked).toEqual([{ download: fileName, href: 'blob:henkilotiedot' }]);
    expect(clicked[0]!.download).not.toContain('maija');
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/json');
    const saved = JSON.parse(await textOf(blobs[0]!)) as PersonalDataExport;
    expect(saved).toEqual(EXPORTED);
    expect(saved.summary).toEqual(['Varauksia: 1', 'Kanta-asiakastilejä: 1']);
    // The link was only for the click, and the document is not kept in the page's cache.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(cacheText()).toContain(EMAIL);
    await waitFor(() => expect(cacheText()).not.toContain('Kanta-asiakastilejä: 1'));
  });

  it('upcoming bookings block the erasure: the button is disabled and says why', async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND_UPCOMING), [ERASE]: () => json(ERASED) });
    open();
    type('Sähköposti', EMAIL);
    search();
    const erase = (await screen.findByRole('button', { name: 'Poista henkilötiedot' })) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    const why = document.getElementById(erase.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toContain(UPCOMING_BOOKINGS_MESSAGE);
    expect(why.textContent).toContain('Tulevia varauksia: 1.');
    fireEvent.click(erase);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.called(ERASE)).toBe(false);
  });

  it('the same search sent again is read anew: once the booking ahead is cancelled, the erasure opens', async () => {
    const api = stubApi({ [SEARCH]: [() => json(FOUND_UPCOMING), () => json({ ...FOUND_UPCOMING, upcoming: 0 })] });
    open();
    type('Sähköposti', EMAIL);
    search();
    const erase = (await screen.findByRole('button', { name: 'Poista henkilötiedot' })) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    search();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Poista henkilötiedot' }) as HTMLButtonElement).disabled).toBe(false));
    expect(api.bodies(SEARCH)).toHaveLength(2);
  });

  it('erases after a confirmation that says what goes and that it cannot be undone; then shows the counts and forgets the person', async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND), [ERASE]: () => json(ERASED) });
    open();
    type('Sähköposti', EMAIL);
    type('Rekisterinumero', 'abc-123');
    search();
    fireEvent.click(await screen.findByRole('button', { name: 'Poista henkilötiedot' }));
    expect(cacheText()).toContain(EMAIL);

    let dialog = screen.getByRole('dialog', { name: 'Poistetaanko henkilötiedot?' });
    expect(dialog.textContent).toContain('Poistettavana: 1 varaus, 1 kanta-asiakastili, 3 viestiä ja 1 palaute.');
    expect(dialog.textContent).toContain('Poistoa ei voi perua.');
    // Not now: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Älä poista' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.called(ERASE)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Poista henkilötiedot' }));
    dialog = screen.getByRole('dialog', { name: 'Poistetaanko henkilötiedot?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Poista pysyvästi' }));
    await waitFor(() =>
      expect(pageStatus().textContent).toBe('Henkilötiedot poistettu: 1 varaus, 1 kanta-asiakastili, 3 viestiä ja 1 palaute.'),
    );
    expect(api.bodies(ERASE)).toEqual([{ email: EMAIL, phone: '', registerNumber: 'ABC-123' }]);
    // The person is gone from the page and from the cache: an empty form, no results.
    expect(field('Sähköposti').value).toBe('');
    expect(field('Rekisterinumero').value).toBe('');
    expect(screen.queryByRole('region', { name: /Varaukset/ })).toBeNull();
    expect(document.body.textContent).not.toContain(EMAIL);
    expect(document.body.textContent).not.toContain('Meikäläinen');
    await waitFor(() => expect(cacheText()).not.toContain(EMAIL));
    expect(cacheText()).not.toContain('Meikäläinen');
    expect(document.activeElement).toBe(field('Sähköposti'));
  });

  it("an erasure refused because a booking was made meanwhile shows the server's message and keeps the results", async () => {
    stubApi({ [SEARCH]: () => json(FOUND), [ERASE]: () => json({ error: 'CONFLICT', message: UPCOMING_BOOKINGS_MESSAGE }, 409) });
    open();
    type('Sähköposti', EMAIL);
    search();
    fireEvent.click(await screen.findByRole('button', { name: 'Poista henkilötiedot' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Poista pysyvästi' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UPCOMING_BOOKINGS_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Varaukset (1)' })).toBeTruthy();
  });

  it('an office user is told it is for admins, and nothing is asked for', async () => {
    const api = stubApi({ [SEARCH]: () => json(FOUND) });
    open(OFFICE_USER);
    expect(screen.getByText('Vain pääkäyttäjä voi käsitellä henkilötietopyyntöjä.')).toBeTruthy();
    expect(screen.queryByLabelText('Sähköposti')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called(SEARCH)).toBe(false);
  });
});
