import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TireAdmin } from '@huolto/domain';
import { OFFICE_USER, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { TiresPage } from './tires.tsx';

const TIRES: TireAdmin[] = [
  {
    productId: 'nokian-123',
    supplier: 'Vianor',
    supplierCode: 'T430123',
    make: 'Nokian',
    model: 'Hakkapeliitta R5',
    size: '205/55R16',
    priceCents: 14990,
    stock: 8,
    imageIds: ['kuva-r5'],
    active: true,
  },
  { productId: 'mich-9', supplier: 'Vianor', supplierCode: 'M9', make: 'Michelin', model: 'X-Ice', size: '205/55R16', priceCents: 16900, stock: 0, imageIds: [], active: true },
];

const url = (api: ReturnType<typeof stubApi>, i: number) =>
  String((api.fetchMock.mock.calls as unknown as [string][]).filter(([u]) => u.includes('/catalogue/tires'))[i]![0]);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<TiresPage>', () => {
  it('searches by size and supplier, and lists code, make, model, size, price and stock; the price lists are imported', async () => {
    const api = stubApi({ 'GET /staff/catalogue/tires': () => json(TIRES) });
    renderPage(<TiresPage />, { path: '/hallinta/renkaat', me: OFFICE_USER });
    expect(screen.getByRole('heading', { level: 1, name: 'Renkaat' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tuonti ja vienti' }).getAttribute('href')).toBe('/hallinta/tuonti');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Tuotekoodi tai koko'), { target: { value: ' 205/55R16 ' } });
    fireEvent.change(screen.getByLabelText('Toimittaja'), { target: { value: 'Vianor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hae' }));
    await waitFor(() => expect(url(api, 1)).toContain('q=205%2F55R16&supplier=Vianor'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Nokian Hakkapeliitta R5 205/55R16', 'T430123 (Vianor)', 'Nokian', 'Hakkapeliitta R5', '205/55R16', '150\u00a0€', '8 kpl', ''],
      ['Michelin X-Ice 205/55R16', 'M9 (Vianor)', 'Michelin', 'X-Ice', '205/55R16', '169\u00a0€', '0 kpl', 'Ei kuvaa'],
    ]);
    expect(screen.getByRole('img', { name: 'Kuva: Nokian Hakkapeliitta R5 205/55R16' }).getAttribute('src')).toContain('/media?id=kuva-r5');
    // An office user reads: no stock to save, no picture to upload.
    expect(screen.queryByRole('button', { name: /Tallenna varasto/ })).toBeNull();
    expect(screen.queryByLabelText(/Uusi kuva/)).toBeNull();
  });

  it('an admin saves a stock (a bad one refused in Finnish, the server’s refusal shown) and uploads a picture', async () => {
    const api = stubApi({
      'GET /staff/catalogue/tires': () => json(TIRES),
      'PUT /staff/catalogue/tires/mich-9/stock': [() => refusedField('stock', 'Varasto 0–100 000'), (b) => json({ ...TIRES[1], ...(b as object) })],
      'PUT /staff/catalogue/tires/mich-9/image': () => json({ ...TIRES[1], imageIds: ['kuva-x'] }),
    });
    renderPage(<TiresPage />, { path: '/hallinta/renkaat' });
    const stock = await screen.findByLabelText('Varasto: Michelin X-Ice 205/55R16');
    fireEvent.change(stock, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varasto: Michelin X-Ice 205/55R16' }));
    expect(await screen.findByText('Varasto 0–100 000')).toBeTruthy();
    expect(api.called('PUT /staff/catalogue/tires/mich-9/stock')).toBe(false);
    fireEvent.change(stock, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varasto: Michelin X-Ice 205/55R16' }));
    await waitFor(() => expect(api.bodies('PUT /staff/catalogue/tires/mich-9/stock')).toHaveLength(1));
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varasto: Michelin X-Ice 205/55R16' }));
    await waitFor(() => expect(api.bodies('PUT /staff/catalogue/tires/mich-9/stock')).toEqual([{ stock: 12 }, { stock: 12 }]));
    await waitFor(() => expect(stock.getAttribute('aria-invalid')).toBeNull());

    const file = new File([new Uint8Array(10)], 'x-ice.webp', { type: 'image/webp' });
    fireEvent.change(screen.getByLabelText('Uusi kuva: Michelin X-Ice 205/55R16'), { target: { files: [file] } });
    await waitFor(() => expect(api.bodies('PUT /staff/catalogue/tires/mich-9/image')).toEqual([file]));
  });
});
