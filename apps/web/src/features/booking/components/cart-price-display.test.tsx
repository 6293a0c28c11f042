import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { newQueryClient } from '@/test/fetch-stub.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { TOKEN_STORAGE_KEY } from '@/lib/process-session.ts';
import { booking, orderItem } from '@/test/fixtures.ts';
import { bookingToSummary } from '@/features/booking/summary.ts';
import { CartPanel } from './cart-panel.tsx';
import { BookingSummary, CartTotal } from './booking-summary.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const replacement = orderItem({
  display_description: 'Tuulilasin vaihto',
  product: { id: 'windshieldChange', provider: 'PROAUTOLASI' },
  amount: 1,
  price: 39000,
});
const withTime = booking({
  order_items: [replacement],
  product_parameters: [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' }],
  price: { active_price: 39000, normal_price: 39000, has_public_campaign: false },
});
const asQuote = booking({
  order_items: [replacement],
  product_parameters: [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'LEAD' }],
  price: { active_price: 39000, normal_price: 39000, has_public_campaign: false },
});

describe('from-prices and quote requests in the cart', () => {
  it('a windshield replacement says "alkaen" on its line and in the total', () => {
    render(<CartPanel booking={withTime} />);
    const cart = screen.getByRole('region', { name: 'Ostoskori' });
    expect(plain(within(cart).getAllByRole('listitem')[0]!.textContent)).toBe('Tuulilasin vaihtoalkaen 390 €');
    expect(plain(cart.querySelector('.price--total')?.textContent)).toBe('alkaen 390 €');
  });

  it('a quote request shows no price on the line nor in the total', () => {
    render(<CartPanel booking={asQuote} />);
    const cart = screen.getByRole('region', { name: 'Ostoskori' });
    expect(cart.textContent).not.toMatch(/€/);
    expect(within(cart).getAllByText('Hinta tarjouksen mukaan')).toHaveLength(2);
  });

  it('the saved summary (thanks page) and the sticky total say the same', () => {
    render(<BookingSummary summary={bookingToSummary(asQuote)} />);
    expect(screen.getByRole('region', { name: 'Ostoskori' }).textContent).not.toMatch(/€/);
    cleanup();
    render(<BookingSummary summary={bookingToSummary(withTime)} />);
    expect(plain(screen.getByRole('region', { name: 'Ostoskori' }).querySelector('.price--total')?.textContent)).toBe('alkaen 390 €');
    cleanup();
    render(<CartTotal total={39000} display="quote" />);
    expect(screen.getByText('Hinta tarjouksen mukaan')).toBeTruthy();
  });

  it('a step whose bar passes only the total reads how it shows from the booking in progress', () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const client = newQueryClient();
    client.setQueryData(queryKeys.booking('token-1'), asQuote);
    render(
      <QueryClientProvider client={client}>
        <CartTotal total={39000} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Hinta tarjouksen mukaan')).toBeTruthy();
    cleanup();
    client.setQueryData(queryKeys.booking('token-1'), withTime);
    render(
      <QueryClientProvider client={client}>
        <CartTotal total={39000} />
      </QueryClientProvider>,
    );
    expect(plain(screen.getByText(/390/).textContent)).toBe('alkaen 390 €');
  });
});
