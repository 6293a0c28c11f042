import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TireDetails, TireSizes } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { suggestion } from '@/test/fixtures.ts';
import { TOKEN_STORAGE_KEY } from '@/lib/process-session.ts';
import type { TireSuggestion } from '@/features/tires/api/search-tires.ts';
import { TireSearch, defaultTireForm, splitTireResults } from './tire-search.tsx';

const SIZES: TireSizes = {
  suppliers: [
    { id: 1, name: 'Nokian Tyres' },
    { id: 2, name: 'Michelin' },
  ],
  widths: [195, 205, 215],
  aspectRatios: [55, 65],
  rimDiameters: [15, 16],
  defaultOfferedTireType: 'WINTER_STUDLESS',
  defaultOfferedSupplierId: 1,
  suggestedSizes: [{ width: 205, aspectRatio: 55, rimDiameter: 16, loadIndex: 91 }],
};

function tire(id: string, markings: string[], price: number, selected = false): TireSuggestion {
  const details: TireDetails = {
    make: 'Nokian Tyres',
    description: `Malli ${id}`,
    size_info: '205/55R16 91T',
    extra_markings: markings,
    tire_type: 'WINTER_STUDLESS',
    stock: 4,
    set_price: price * 4,
  };
  return { ...suggestion({ product: { id, provider: 'TIRE' }, description: id, price, selected }), suggested_tire: details };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
beforeEach(() => sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token-1'));

describe('tire search rules', () => {
  it('starts from the offered type and supplier and the car\'s first size', () => {
    expect(defaultTireForm(SIZES)).toEqual({
      tireType: 'WINTER_STUDLESS',
      suppliers: [1],
      width: '205',
      aspectRatio: '55',
      rimDiameter: '16',
      loadIndex: '91',
    });
    expect(defaultTireForm({ ...SIZES, suggestedSizes: [] })).toMatchObject({ width: '', loadIndex: '' });
  });

  it('keeps the example tire and the chosen ones in view, the rest behind the toggle', () => {
    const van = tire('C1', ['C'], 150);
    const car = tire('N1', [], 160);
    const chosen = tire('N2', ['XL'], 170, true);
    const other = tire('N3', [], 180);
    expect(splitTireResults([van, car, chosen, other], 1)).toEqual({ example: car, shown: [car, chosen], others: [van, other] });
    expect(splitTireResults([van, car, chosen, other], 2)).toEqual({ example: van, shown: [van, chosen], others: [car, other] });
  });
});

describe('<TireSearch>', () => {
  function setup(results: TireSuggestion[]) {
    const stub = stubFetch({
      '/ServiceBooking/rest/tire-sizes': () => json(SIZES),
      '/ServiceBooking/rest/search-tires/v2': () => json(results),
    });
    const onChoose = vi.fn(async () => undefined);
    const onRemove = vi.fn(async () => undefined);
    const onFormChange = vi.fn();
    render(
      <QueryClientProvider client={newQueryClient()}>
        <TireSearch
          registerNumber="ABC-123"
          classificationId={1}
          onChoose={onChoose}
          onRemove={onRemove}
          onFormChange={onFormChange}
        />
      </QueryClientProvider>,
    );
    return { ...stub, onChoose, onRemove, onFormChange };
  }

  it('searches by itself with the car\'s size, shows the example tire and toggles the others', async () => {
    const { bodies } = setup([tire('C1', ['C'], 15000), tire('N1', [], 16000), tire('N2', [], 17000)]);
    await screen.findByText('Löytyi 3 rengasta');
    expect(bodies('/ServiceBooking/rest/search-tires/v2')).toEqual([
      { suppliers: [1], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDLESS' },
    ]);
    const example = screen.getByRole('article');
    expect(within(example).getByText('Suosituksemme autollesi')).toBeTruthy();
    expect(within(example).getByRole('heading').textContent).toBe('Nokian Tyres Malli N1');
    // The set price is four tires, rounded up to whole euros.
    expect(within(example).getByText(/Sarja asennettuna/).textContent?.replace(/\u00a0/g, ' ')).toBe('Sarja asennettuna 640 €');

    const toggle = screen.getByRole('button', { name: 'Näytä muut renkaat (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: /Piilota renkaat/ }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('does not search while a field is missing, and searches again once the form is valid', async () => {
    const { bodies, onFormChange } = setup([tire('N1', [], 16000)]);
    await screen.findByText('Löytyi 1 rengas');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nokian Tyres' }));
    expect(screen.getByText('Valitse vähintään yksi valmistaja.')).toBeTruthy();
    expect(screen.getByText(/Valitse rengastyyppi, vähintään yksi valmistaja ja rengaskoko/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Leveys/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Michelin' }));
    expect(bodies('/ServiceBooking/rest/search-tires/v2')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/Kuormitusindeksi/), { target: { value: '100' } });
    expect(bodies('/ServiceBooking/rest/search-tires/v2')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/Leveys/), { target: { value: '215' } });
    await waitFor(() => expect(bodies('/ServiceBooking/rest/search-tires/v2')).toHaveLength(2));
    expect(bodies('/ServiceBooking/rest/search-tires/v2')[1]).toEqual({
      suppliers: [2],
      width: 215,
      aspectRatio: 55,
      rimDiameter: 16,
      minLoadIndex: 100,
      tireType: 'WINTER_STUDLESS',
    });
    expect(onFormChange).toHaveBeenLastCalledWith(expect.objectContaining({ width: '215', loadIndex: '100', suppliers: [2] }));
    // Load index options are 70–130 (requirements §9).
    const loadOptions = [...(screen.getByLabelText(/Kuormitusindeksi/) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(loadOptions).toHaveLength(61);
  });

  it('chooses a tire with the amount, and removes a chosen one', async () => {
    const { onChoose, onRemove } = setup([tire('N1', [], 16000), tire('N2', [], 17000, true)]);
    await screen.findByText('Löytyi 2 rengasta');
    const [example, chosen] = screen.getAllByRole('article');
    fireEvent.change(within(example!).getByLabelText('Määrä'), { target: { value: '2' } });
    fireEvent.click(within(example!).getByRole('button', { name: /^Valitse/ }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ product: { id: 'N1', provider: 'TIRE' } }), 2));
    expect(within(chosen!).getByText('Valittu')).toBeTruthy();
    fireEvent.click(within(chosen!).getByRole('button', { name: /^Poista/ }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ product: { id: 'N2', provider: 'TIRE' } })));
  });
});
