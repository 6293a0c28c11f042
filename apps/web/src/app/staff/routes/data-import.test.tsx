import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DATA_FILES, DATA_FILE_LABELS, DATA_IMPORT_MAX_CHARS, type DataImportResult, type StaffMe } from '@huolto/domain';
import { json, newQueryClient, stubFetch, type Route } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { DataImportPage } from './data-import.tsx';

const IMPORT = '/ServiceBooking/rest/staff/data/import';

const ADMIN: StaffMe = { id: 1, email: 'admin@example.test', name: 'Pääkäyttäjä', role: 'ADMIN', offices: [] };
const OFFICE_USER: StaffMe = { id: 2, email: 'toimipiste@example.test', name: 'Toimipiste', role: 'OFFICE', offices: [{ id: 1, name: 'Keskusta' }] };

const CSV = 'koodi;nimi;osoite\nHKI1;Helsinki Keskusta;Katu 1\nHKI2;Helsinki Itä;Katu 2\nESP1;Espoo;Tie 3\n';

const preview = (applied: boolean): DataImportResult => ({
  file: 'offices',
  applied,
  changes: [
    { key: 'HKI1', action: 'CREATE', fields: [] },
    { key: 'HKI2', action: 'UPDATE', fields: ['nimi', 'osoite'] },
    { key: 'ESP1', action: 'UNCHANGED', fields: [] },
  ],
  counts: { CREATE: 1, UPDATE: 1, UNCHANGED: 1, OUT_OF_STOCK: 0 },
  moreChanges: 0,
  refused: [],
});

const TIRES = 'supplier;product_code\nNokian;T1\nNokian;T2\nNokian;=T3\n';
/** A tire list's check or import: two rows listed of 1,502 changes, 20 unchanged, 3 out of stock, one row refused. */
const tires = (applied: boolean): DataImportResult => ({
  file: 'tires',
  applied,
  changes: [
    { key: 'Nokian / T1', action: 'UPDATE', fields: ['price', 'stock'] },
    { key: 'Nokian / T9', action: 'OUT_OF_STOCK', fields: ['stock'] },
  ],
  counts: { CREATE: 1_499, UPDATE: 1, UNCHANGED: 20, OUT_OF_STOCK: 3 },
  moreChanges: 1_521,
  refused: [{ file: 'tires.csv', line: 4, column: 'product_code', message: 'Solu alkaa =-merkillä: taulukko-ohjelma lukisi sen kaavana. Kirjoita arvo ilman sitä.' }],
});

function renderPage(me: StaffMe = ADMIN) {
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={me}>
      <MemoryRouter initialEntries={['/hallinta/tuonti']}>
        <DataImportPage />
      </MemoryRouter>
    </StaffProvider>,
  );
}

function chooseFile(text: string | Uint8Array<ArrayBuffer>, name = 'toimipisteet.csv') {
  const input = screen.getByLabelText(/^CSV-tiedosto/);
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataImportPage', () => {
  it('offers the files in the import order, offices first, and a download of each', () => {
    stubFetch({});
    renderPage();
    const select = screen.getByRole('combobox', { name: /Tiedosto/ });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1. Toimipisteet',
      '2. Nostimet ja mekaanikot',
      '3. Aukioloajat',
      '4. Palvelut ja hinnat',
      '5. Palveluiden työvaiheet ja varaosat',
      '6. Tuulilasituotteiden valinnat',
      '7. Lisätuotteet',
      '8. Tarjouskortit',
      '9. Kampanjakoodit',
      '10. Renkaat: hinnasto ja varasto',
      '11. Ajoneuvorekisteri',
      '12. Merkkien ohjaukset omille sivuilleen',
    ]);
    expect(screen.getByText(/Tuo ensin toimipisteet/)).toBeTruthy();
    const exports = screen.getByRole('region', { name: 'Vie tiedot' });
    expect(within(exports).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(DATA_FILES.map((f) => `/ServiceBooking/rest/staff/data/export/${f}`));
    expect(within(exports).getAllByRole('link').map((a) => a.textContent)).toEqual(DATA_FILES.map((f) => `${DATA_FILE_LABELS[f]} (CSV)`));
  });

  it("shows the chosen file's columns (required or not, meaning, example) and its current export as a template, not a path in the code", () => {
    stubFetch({});
    renderPage();
    expect(screen.queryByText(/docs\/data-import/)).toBeNull();
    const form = screen.getByRole('region', { name: 'Tuo CSV-tiedosto' });
    const table = () => within(form).getByRole('table', { name: /^Sarakkeet:/ });
    const rowOf = (name: string) =>
      within(table())
        .getAllByRole('row')
        .find((r) => r.querySelector('th')?.textContent === name)!;
    expect(within(form).getByText('Tiedoston sarakkeet: Toimipisteet (21)', { selector: 'summary' })).toBeTruthy();
    expect(within(rowOf('code')).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'kyllä',
      'Toimipisteen oma tunnus: tämän ja muiden tiedostojen avain (a–z, 0–9, - ja _).',
      'TRE1',
    ]);
    expect(within(rowOf('phone')).getAllByRole('cell')[0]!.textContent).toBe('ei');
    const template = within(form).getByRole('link', { name: 'Lataa pohjaksi nykyiset tiedot: Toimipisteet (CSV)' });
    expect(template.getAttribute('href')).toBe('/ServiceBooking/rest/staff/data/export/offices');
    expect(template.getAttribute('download')).toBe('toimipisteet.csv');

    fireEvent.change(screen.getByRole('combobox', { name: /Tiedosto/ }), { target: { value: 'opening-hours' } });
    expect(within(form).getByText('Tiedoston sarakkeet: Aukioloajat (5)', { selector: 'summary' })).toBeTruthy();
    expect(within(table()).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['office_code', 'day', 'opening_time', 'closing_time', 'reason']);
    expect(within(form).getByRole('link', { name: /^Lataa pohjaksi/ }).getAttribute('href')).toBe('/ServiceBooking/rest/staff/data/export/opening-hours');

    fireEvent.change(screen.getByRole('combobox', { name: /Tiedosto/ }), { target: { value: 'tires' } });
    expect(within(form).getByText('Tiedoston sarakkeet: Renkaat: hinnasto ja varasto (16)', { selector: 'summary' })).toBeTruthy();
    expect(within(table()).getAllByRole('rowheader').map((h) => h.textContent).slice(0, 3)).toEqual(['supplier', 'product_code', 'make']);
  });

  it('checks the file first, shows what would change, and imports the same text on "Tuo muutokset"', async () => {
    const routes: Record<string, Route> = {
      [IMPORT]: (body) => json(preview((body as { apply: boolean }).apply)),
    };
    const { bodies } = stubFetch(routes);
    renderPage();
    chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));

    const checked = await screen.findByRole('region', { name: 'Tarkistettu: Toimipisteet' });
    expect(bodies(IMPORT)).toEqual([{ file: 'offices', csv: CSV, apply: false }]);
    expect(within(checked).getByRole('list', { name: 'Muutokset yhteensä' }).textContent).toBe('Lisätään: 1Muutetaan: 1Ennallaan: 1');
    const rows = within(checked).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['HKI1', 'Lisätään', 'uusi rivi'],
      ['HKI2', 'Muutetaan', 'nimi, osoite'],
    ]);
    // The table's frame, which scrolls on a phone, is reached with the keyboard.
    expect(within(checked).getByRole('region', { name: 'Tuonnin muutokset, vieritettävä' }).tabIndex).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Tuo muutokset' }));
    const done = await screen.findByRole('region', { name: 'Tuotu: Toimipisteet' });
    expect(bodies(IMPORT)).toEqual([
      { file: 'offices', csv: CSV, apply: false },
      { file: 'offices', csv: CSV, apply: true },
    ]);
    expect(within(done).getByRole('list', { name: 'Muutokset yhteensä' }).textContent).toBe('Lisätty: 1Muutettu: 1Ennallaan: 1');
    expect(screen.queryByRole('button', { name: 'Tuo muutokset' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Tarkistettu: Toimipisteet' })).toBeNull();
  });

  it('sends the chosen kind, and offers no import when nothing would change', async () => {
    const { bodies } = stubFetch({
      [IMPORT]: () =>
        json({
          file: 'services',
          applied: false,
          changes: [{ key: 'HKI1 / Öljynvaihto', action: 'UNCHANGED', fields: [] }],
          counts: { CREATE: 0, UPDATE: 0, UNCHANGED: 1, OUT_OF_STOCK: 0 },
          moreChanges: 0,
          refused: [],
        }),
    });
    renderPage();
    fireEvent.change(screen.getByRole('combobox', { name: /Tiedosto/ }), { target: { value: 'services' } });
    chooseFile('toimipiste;nimi\nHKI1;Öljynvaihto\n', 'palvelut.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    const checked = await screen.findByRole('region', { name: 'Tarkistettu: Palvelut ja hinnat' });
    expect((bodies(IMPORT)[0] as { file: string }).file).toBe('services');
    expect(within(checked).getByText(/Tiedosto ei muuta mitään/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tuo muutokset' })).toBeNull();
  });

  it('tires: checks leaving refused rows out, shows the counts, the refused rows and how many changes are not listed, and imports the rest on "Tuo ohittaen hylätyt rivit"', async () => {
    const { bodies } = stubFetch({ [IMPORT]: (body) => json(tires((body as { apply: boolean }).apply)) });
    renderPage();
    fireEvent.change(screen.getByRole('combobox', { name: /Tiedosto/ }), { target: { value: 'tires' } });
    chooseFile(TIRES, 'renkaat.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));

    const checked = await screen.findByRole('region', { name: 'Tarkistettu: Renkaat: hinnasto ja varasto' });
    expect(bodies(IMPORT)).toEqual([{ file: 'tires', csv: TIRES, apply: false, skipRefused: true }]);
    expect(within(checked).getByRole('list', { name: 'Muutokset yhteensä' }).textContent).toBe('Lisätään: 1499Muutetaan: 1Ennallaan: 20Loppuu varastosta: 3');
    const rows = within(checked).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Nokian / T1', 'Muutetaan', 'price, stock'],
      ['Nokian / T9', 'Loppuu varastosta', 'varasto 0'],
    ]);
    // 1,503 changes, two listed; the unchanged rows left out are not changes.
    // (The matcher reads the no-break space between thousands as a space.)
    expect(within(checked).getByText('ja 1 501 muuta muutosta')).toBeTruthy();
    const refused = screen.getByRole('region', { name: 'Hylätyt rivit' });
    expect(within(refused).getByText(/1 riviä hylätään/)).toBeTruthy();
    expect(within(refused).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['4', 'product_code', 'Solu alkaa =-merkillä: taulukko-ohjelma lukisi sen kaavana. Kirjoita arvo ilman sitä.'],
    ]);
    expect(screen.queryByRole('button', { name: 'Tuo muutokset' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Tuo ohittaen hylätyt rivit' }));
    const done = await screen.findByRole('region', { name: 'Tuotu: Renkaat: hinnasto ja varasto' });
    expect(bodies(IMPORT)[1]).toEqual({ file: 'tires', csv: TIRES, apply: true, skipRefused: true });
    expect(within(done).getByRole('list', { name: 'Muutokset yhteensä' }).textContent).toBe('Lisätty: 1499Muutettu: 1Ennallaan: 20Loppunut varastosta: 3');
    expect(within(screen.getByRole('region', { name: 'Ohitetut rivit' })).getByText(/1 riviä jätettiin tuomatta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tuo ohittaen hylätyt rivit' })).toBeNull();
  });

  it('tires without refused rows import with "Tuo muutokset", strictly', async () => {
    const { bodies } = stubFetch({ [IMPORT]: (body) => json({ ...tires((body as { apply: boolean }).apply), refused: [], moreChanges: 0 }) });
    renderPage();
    fireEvent.change(screen.getByRole('combobox', { name: /Tiedosto/ }), { target: { value: 'tires' } });
    chooseFile(TIRES, 'renkaat.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    await screen.findByRole('region', { name: 'Tarkistettu: Renkaat: hinnasto ja varasto' });
    expect(screen.queryByRole('region', { name: 'Hylätyt rivit' })).toBeNull();
    expect(screen.queryByText(/muuta muutosta/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tuo muutokset' }));
    await screen.findByRole('region', { name: 'Tuotu: Renkaat: hinnasto ja varasto' });
    expect(bodies(IMPORT)[1]).toEqual({ file: 'tires', csv: TIRES, apply: true });
  });

  it('lists a refused file’s rows with their line, column and message', async () => {
    stubFetch({
      [IMPORT]: () =>
        json(
          {
            responseCode: 'IMPORT_INVALID',
            message: 'Tiedostossa on virheitä',
            errors: [
              { file: 'offices', line: 3, column: 'postinumero', message: 'Anna viisinumeroinen postinumero' },
              { file: 'offices', line: 7, column: null, message: 'Rivillä on liian monta saraketta' },
            ],
          },
          400,
        ),
    });
    renderPage();
    chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    const refused = await screen.findByRole('region', { name: 'Tiedostossa on virheitä' });
    expect(within(refused).getByText(/Mitään ei tuotu/)).toBeTruthy();
    const rows = within(refused).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', 'postinumero', 'Anna viisinumeroinen postinumero'],
      ['7', '–', 'Rivillä on liian monta saraketta'],
    ]);
    expect(within(refused).getByRole('region', { name: 'Virheelliset rivit, vieritettävä' }).tabIndex).toBe(0);
    expect(screen.queryByRole('button', { name: 'Tuo muutokset' })).toBeNull();
  });

  it('puts a refusal that names the field on it', async () => {
    stubFetch({
      [IMPORT]: () => json({ error: 'VALIDATION', message: 'Tarkista tiedot', fields: [{ path: 'csv', message: 'Tiedosto on liian suuri' }] }, 400),
    });
    renderPage();
    chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    await waitFor(() => expect(screen.getByLabelText(/^CSV-tiedosto/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Tiedosto on liian suuri')).toBeTruthy();
  });

  it('refuses a file past DATA_IMPORT_MAX_CHARS without sending it, saying the limit', async () => {
    const { calls } = stubFetch({ [IMPORT]: () => json(preview(false)) });
    renderPage();
    // More bytes than DATA_IMPORT_MAX_CHARS characters can take: refused by its size, not read.
    chooseFile(new Uint8Array(3 * DATA_IMPORT_MAX_CHARS + 4));
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    await waitFor(() => expect(screen.getByLabelText(/^CSV-tiedosto/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Tiedosto on liian suuri: enintään 5 000 000 merkkiä. Jaa se osiin.')).toBeTruthy();
    expect(calls(IMPORT)).toHaveLength(0);
  });

  it('asks for a file, and refuses one that is not UTF-8 without sending it', async () => {
    const { calls } = stubFetch({ [IMPORT]: () => json(preview(false)) });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    expect(await screen.findByText('Valitse CSV-tiedosto')).toBeTruthy();

    // 'Hyvinkää' saved as Latin-1: ä is the single byte 0xE4.
    chooseFile(new Uint8Array([0x6b, 0x6f, 0x6f, 0x64, 0x69, 0x0a, 0x48, 0x79, 0x76, 0x69, 0x6e, 0x6b, 0xe4, 0xe4, 0x0a]));
    fireEvent.click(screen.getByRole('button', { name: 'Tarkista' }));
    expect(await screen.findByText(/Tiedosto ei ole UTF-8-muodossa/)).toBeTruthy();
    expect(calls(IMPORT)).toHaveLength(0);
  });

  it('is for admins only', () => {
    const { fetchMock } = stubFetch({});
    renderPage(OFFICE_USER);
    expect(screen.getByRole('heading', { level: 1, name: 'Tuonti ja vienti' })).toBeTruthy();
    expect(screen.getByText('Vain pääkäyttäjä voi tuoda ja viedä tietoja.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tarkista' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Vie tiedot' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
