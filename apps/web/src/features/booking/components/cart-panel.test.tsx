import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { booking, orderItem } from '@/test/fixtures.ts';
import { CartPanel } from './cart-panel.tsx';

afterEach(cleanup);

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const full = booking({
  order_items: [
    orderItem(),
    orderItem({
      display_description: 'Pyyhkijänsulat',
      product: { id: 'W-1', provider: 'LAAKKONEN' },
      amount: 2,
      price: 5980,
    }),
  ],
  extra_order_items: [{ id: 'EX-1', description: 'Lasinpesuneste 5 l', price: 1490 }],
  symptoms: [{ id: 7, description: 'Kolina edessä' }],
  price: { active_price: 32370, normal_price: 35000, has_public_campaign: true },
});

describe('<CartPanel>', () => {
  it('shows an amount only where it means something: tires always, a service not when once', () => {
    render(
      <CartPanel
        booking={booking({
          order_items: [
            orderItem({ display_description: 'Määräaikaishuolto 60\u00a0000\u00a0km' }),
            orderItem({ display_description: 'Nokian Hakka Blue 3 205/55R16 91V', product: { id: 'T-1', provider: 'TIRE' }, amount: 4 }),
            orderItem({ display_description: 'Nokian Hakka Blue 3 195/65R15 91V', product: { id: 'T-2', provider: 'TIRE' }, amount: 1 }),
          ],
        })}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Ostoskori' })).getAllByRole('listitem');
    expect(items[0]!.querySelector('.cart__amount')).toBeNull();
    expect(items[1]!.querySelector('.cart__amount')?.textContent).toBe('4 kpl');
    expect(items[2]!.querySelector('.cart__amount')?.textContent).toBe('1 kpl');
  });

  it('lists the items with amount and price, the extras, the symptom and the total', () => {
    render(<CartPanel booking={full} />);
    const cart = screen.getByRole('region', { name: 'Ostoskori' });
    const items = within(cart).getAllByRole('listitem');
    expect(items.map((li) => plain(li.textContent))).toEqual([
      'Määräaikaishuolto249 €',
      'Pyyhkijänsulat2 kpl60 €',
      'Lasinpesuneste 5 l15 €',
      'Muu korjaus/huolto: Kolina edessäHinta sovitaan',
    ]);
    const total = cart.querySelector('.summary__total');
    expect(plain(total?.querySelector('.price--total')?.textContent)).toBe('324 €');
    expect(plain(total?.querySelector('s')?.textContent)).toBe('Normaalihinta 350 €');
    // Read-only without handlers.
    expect(within(cart).queryByRole('button')).toBeNull();
    expect(within(cart).getByText(/Laakkonen Helsinki Konala/)).toBeTruthy();
  });

  it('shows the reductions taken off the total', () => {
    render(
      <CartPanel
        booking={booking({
          order_items: [orderItem()],
          price: { active_price: 22410, normal_price: 24900, has_public_campaign: true },
          discounts: [{ code: 'OMALAAKKONEN', description: 'OmaLaakkonen-etu 10 %', amount: 2490 }],
        })}
      />,
    );
    const line = screen.getByText('OmaLaakkonen-etu 10 %').closest('li');
    // 24,90 € is shown as −24 €: 249 € − 24 € matches the total 224,10 € shown as 225 €.
    expect(plain(line?.textContent)).toBe('OmaLaakkonen-etu 10 %Alennus −24 €');
  });

  it('strikes no normal price without a public campaign', () => {
    render(<CartPanel booking={booking({ order_items: [orderItem()], price: { active_price: 24900, normal_price: 24900, has_public_campaign: false } })} />);
    expect(document.querySelector('s')).toBeNull();
    expect(plain(document.querySelector('.price--total')?.textContent)).toBe('249 €');
  });

  it('calls the remove handlers with the order item or the extra item id', () => {
    const onRemoveItem = vi.fn();
    const onRemoveExtraItem = vi.fn();
    render(<CartPanel booking={full} onRemoveItem={onRemoveItem} onRemoveExtraItem={onRemoveExtraItem} />);
    fireEvent.click(screen.getByRole('button', { name: 'Poista ostoskorista: Pyyhkijänsulat' }));
    expect(onRemoveItem).toHaveBeenCalledWith(full.order_items[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Poista ostoskorista: Lasinpesuneste 5 l' }));
    expect(onRemoveExtraItem).toHaveBeenCalledWith('EX-1');
    // A symptom is removed in its own form, not here.
    expect(screen.getAllByRole('button', { name: /^Poista ostoskorista/ })).toHaveLength(3);
  });

  it('disables the remove buttons while a change is under way', () => {
    render(<CartPanel booking={full} onRemoveItem={() => undefined} busy />);
    for (const b of screen.getAllByRole('button', { name: /^Poista ostoskorista/ })) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('says so when the cart is empty', () => {
    render(<CartPanel booking={booking()} />);
    expect(screen.getByText('Et ole vielä valinnut palveluita.')).toBeTruthy();
    expect(plain(document.querySelector('.price--total')?.textContent)).toBe('0 €');
  });

  it("says an empty cart in the step's own words (tire sales: tires, not services)", () => {
    render(<CartPanel booking={booking()} emptyText="Et ole vielä valinnut renkaita." />);
    expect(screen.getByText('Et ole vielä valinnut renkaita.')).toBeTruthy();
    expect(screen.queryByText(/palveluita/)).toBeNull();
  });
});
