import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TireDetails } from '@huolto/domain';
import { suggestion } from '@/test/fixtures.ts';
import type { TireSuggestion } from '@/features/tires/api/search-tires.ts';
import { TireCard, stockText } from './tire-card.tsx';

function tire(stock: number, patch: Partial<TireDetails> = {}): TireSuggestion {
  const details: TireDetails = {
    make: 'Nokian Tyres',
    description: 'Hakkapeliitta R5',
    size_info: '205/55R16 94T',
    extra_markings: ['XL'],
    tire_type: 'WINTER_STUDLESS',
    stock,
    set_price: 70_000,
    label: { rollingResistance: 'C', wetGrip: 'B', noiseDb: 71, noiseClass: 'B' },
    ...patch,
  };
  return { ...suggestion({ product: { id: 'T-1', provider: 'TIRE' }, description: 'T-1', price: 17_500 }), suggested_tire: details };
}

afterEach(cleanup);

describe('TireCard', () => {
  it('with one in stock offers one, at most one, and says so', () => {
    const onChoose = vi.fn(() => Promise.resolve());
    render(<TireCard tire={tire(1)} defaultAmount={4} onChoose={onChoose} onRemove={() => Promise.resolve()} />);
    const amount = screen.getByLabelText<HTMLSelectElement>('Määrä');
    expect(amount.value).toBe('1');
    expect([...amount.options].map((o) => o.value)).toEqual(['1']);
    expect(screen.getByText('Varastossa 1 kpl – voit valita enintään 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Valitse/ }));
    expect(onChoose).toHaveBeenCalledWith(expect.anything(), 1);
  });

  it('offers four of a tire with plenty in stock, up to a cart line\'s eight', () => {
    render(<TireCard tire={tire(17)} defaultAmount={4} onChoose={() => Promise.resolve()} onRemove={() => Promise.resolve()} />);
    const amount = screen.getByLabelText<HTMLSelectElement>('Määrä');
    expect(amount.value).toBe('4');
    expect(amount.options).toHaveLength(8);
    expect(screen.getByText('Varastossa 17 kpl')).toBeTruthy();
  });

  it('a tire out of stock cannot be chosen', () => {
    render(<TireCard tire={tire(0)} defaultAmount={4} onChoose={() => Promise.resolve()} onRemove={() => Promise.resolve()} />);
    expect(screen.queryByRole('button', { name: /^Valitse/ })).toBeNull();
    expect(screen.queryByLabelText('Määrä')).toBeNull();
    expect(screen.getByText('Ei varastossa – ei valittavissa')).toBeTruthy();
  });

  it('opens what XL means, and shows the EU label values', () => {
    render(<TireCard tire={tire(5)} defaultAmount={4} onChoose={() => Promise.resolve()} onRemove={() => Promise.resolve()} />);
    const toggle = screen.getByRole('button', { name: /Mitä merkintä XL tarkoittaa\?/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const explanation = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(explanation.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(explanation.hidden).toBe(false);
    expect(explanation.textContent).toContain('Extra Load');
    const label = screen.getByText('Vierintävastus').closest('dl')!;
    expect(label.getAttribute('aria-label')).toBe('EU-rengasmerkintä');
    expect(within(label).getByText('Vierintävastus').nextElementSibling?.textContent).toBe('C');
    expect(within(label).getByText('Märkäpito').nextElementSibling?.textContent).toBe('B');
    expect(label.textContent).toContain('71 dB');
  });

  it('says a studded tire has no EU label', () => {
    render(
      <TireCard tire={tire(5, { tire_type: 'WINTER_STUDDED', label: null })} defaultAmount={4} onChoose={() => Promise.resolve()} onRemove={() => Promise.resolve()} />,
    );
    expect(screen.getByText('EU-rengasmerkintä ei koske nastarenkaita.')).toBeTruthy();
  });

  it('stock text', () => {
    expect(stockText(1, 1)).toBe('Varastossa 1 kpl – voit valita enintään 1');
    expect(stockText(12, 8)).toBe('Varastossa 12 kpl');
  });
});
