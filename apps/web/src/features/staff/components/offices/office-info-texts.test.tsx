import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayInHelsinki, type InfoText } from '@huolto/domain';
import { json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { OfficeInfoTexts, finnishDate } from './office-info-texts.tsx';

const TODAY = todayInHelsinki();
const NOW: InfoText = { id: 7, text: 'Sisäänkäynti takapihalta\nremontin ajan', validFrom: addDays(TODAY, -1), validTo: addDays(TODAY, 5), active: true };
const LATER: InfoText = { id: 8, text: 'Suljettu juhannuksena', validFrom: '2099-06-19', validTo: '2099-06-21', active: true };
const OFF: InfoText = { id: 6, text: 'Vanha tiedote', validFrom: addDays(TODAY, -3), validTo: addDays(TODAY, 3), active: false };

function renderTexts() {
  const announce = vi.fn();
  renderPage(<OfficeInfoTexts officeId={1} announce={announce} />, { path: '/hallinta/toimipisteet/1' });
  return announce;
}

const card = () => screen.getByRole('region', { name: 'Tiedotteet asiakkaille' });
const newForm = () => within(card()).getByRole('form', { name: 'Lisää tiedote' });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<OfficeInfoTexts>', () => {
  it('writes dates the Finnish way', () => {
    expect(finnishDate('2030-06-01')).toBe('1.6.2030');
    expect(finnishDate('2026-12-24')).toBe('24.12.2026');
  });

  it("lists the office's notices with their days in Finnish format, whether each shows now, and their lines", async () => {
    stubApi({ 'GET /staff/offices/1/info-texts': () => json([LATER, NOW, OFF]) });
    renderTexts();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('19.6.2099–21.6.2099');
    expect(items[0]!.textContent).toContain('Tulossa');
    expect(items[1]!.textContent).toContain(`${finnishDate(NOW.validFrom)}–${finnishDate(NOW.validTo)}`);
    expect(items[1]!.textContent).toContain('Näkyy nyt');
    expect(within(items[1]!).getByText(/Sisäänkäynti takapihalta/).textContent).toBe('Sisäänkäynti takapihalta\nremontin ajan');
    expect(items[2]!.textContent).toContain('Ei käytössä');
    expect(within(items[2]!).getByRole('button', { name: 'Ota käyttöön: Vanha tiedote' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    stubApi({ 'GET /staff/offices/1/info-texts': () => json([]) });
    renderTexts();
    expect(await screen.findByText('Ei voimassa olevia tiedotteita.')).toBeTruthy();
  });

  it('adds a notice with its first and last day, then reads the list again', async () => {
    const created: InfoText = { id: 9, text: 'Uusi tiedote', validFrom: TODAY, validTo: addDays(TODAY, 2), active: true };
    const api = stubApi({
      'GET /staff/offices/1/info-texts': [() => json([]), () => json([created])],
      'POST /staff/offices/1/info-texts': () => json(created),
    });
    const announce = renderTexts();
    await screen.findByText('Ei voimassa olevia tiedotteita.');
    const form = newForm();
    expect((within(form).getByLabelText(/Ensimmäinen päivä/) as HTMLInputElement).value).toBe(TODAY);
    fireEvent.change(within(form).getByLabelText(/^Tiedote/), { target: { value: 'Uusi tiedote' } });
    fireEvent.change(within(form).getByLabelText(/Viimeinen päivä/), { target: { value: addDays(TODAY, 2) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tiedote' }));
    await waitFor(() => expect(announce).toHaveBeenCalledWith('Tiedote lisätty'));
    expect(api.bodies('POST /staff/offices/1/info-texts')).toEqual([{ text: 'Uusi tiedote', validFrom: TODAY, validTo: addDays(TODAY, 2) }]);
    expect(await within(card()).findByText('Uusi tiedote')).toBeTruthy();
    expect((within(newForm()).getByLabelText(/^Tiedote/) as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses an empty notice and a last day before the first in Finnish, sending nothing', async () => {
    const api = stubApi({ 'GET /staff/offices/1/info-texts': () => json([]) });
    renderTexts();
    await screen.findByText('Ei voimassa olevia tiedotteita.');
    const form = newForm();
    fireEvent.change(within(form).getByLabelText(/Viimeinen päivä/), { target: { value: addDays(TODAY, -1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tiedote' }));
    expect(await within(form).findByText('Pakollinen tieto')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Tiedote/), { target: { value: 'Teksti' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tiedote' }));
    expect(await within(form).findByText('Viimeinen päivä on ennen ensimmäistä')).toBeTruthy();
    expect(api.called('POST /staff/offices/1/info-texts')).toBe(false);
  });

  it("shows the server's 400 at the field it names", async () => {
    stubApi({
      'GET /staff/offices/1/info-texts': () => json([]),
      'POST /staff/offices/1/info-texts': () => refusedField('validTo', 'Päivämäärä vuosilta 2000–2099'),
    });
    renderTexts();
    await screen.findByText('Ei voimassa olevia tiedotteita.');
    const form = newForm();
    fireEvent.change(within(form).getByLabelText(/^Tiedote/), { target: { value: 'Teksti' } });
    fireEvent.change(within(form).getByLabelText(/Viimeinen päivä/), { target: { value: addDays(TODAY, 1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää tiedote' }));
    expect(await within(form).findByText('Päivämäärä vuosilta 2000–2099')).toBeTruthy();
  });

  it('edits a notice in a dialog, keeping it in use', async () => {
    const api = stubApi({
      'GET /staff/offices/1/info-texts': () => json([NOW]),
      'PUT /staff/offices/1/info-texts/7': (b) => json({ ...NOW, ...(b as object) }),
    });
    const announce = renderTexts();
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa tiedotetta: Sisäänkäynti takapihalta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Muokkaa tiedotetta' });
    expect((within(dialog).getByLabelText(/^Tiedote/) as HTMLTextAreaElement).value).toBe(NOW.text);
    fireEvent.change(within(dialog).getByLabelText(/^Tiedote/), { target: { value: 'Sisäänkäynti pääovesta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(announce).toHaveBeenCalledWith('Tiedote tallennettu'));
    expect(api.bodies('PUT /staff/offices/1/info-texts/7')).toEqual([{ text: 'Sisäänkäynti pääovesta', validFrom: NOW.validFrom, validTo: NOW.validTo, active: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a notice out of use, and tells when that fails', async () => {
    const api = stubApi({
      'GET /staff/offices/1/info-texts': () => json([NOW]),
      'PUT /staff/offices/1/info-texts/7': [(b) => json({ ...NOW, ...(b as object) }), () => json({ error: 'NOT_FOUND', message: 'Tiedotetta ei löytynyt' }, 404)],
    });
    const announce = renderTexts();
    fireEvent.click(await screen.findByRole('button', { name: 'Poista käytöstä: Sisäänkäynti takapihalta' }));
    await waitFor(() => expect(announce).toHaveBeenCalledWith('Tiedote poistettu käytöstä'));
    expect(api.bodies('PUT /staff/offices/1/info-texts/7')).toEqual([{ text: NOW.text, validFrom: NOW.validFrom, validTo: NOW.validTo, active: false }]);
    fireEvent.click(screen.getByRole('button', { name: 'Poista käytöstä: Sisäänkäynti takapihalta' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tiedotetta ei löytynyt');
  });
});
