import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LiftsOffer } from '@huolto/domain';
import { OffersPanel } from './offers-panel.tsx';

afterEach(cleanup);

// Beyond what the server answers today (numeric ids, no text, an offer without a product or price):
// the panel copes with those too.
const offers = [
  { id: 1, title: 'Ilmastointihuolto', text: 'Raikas ilma kesään.', imageId: 'lift-1', productId: 'AC-1', price: 8900, normalPrice: 11900 },
  { id: 2, title: 'Pesu ja vahaus', text: null, imageId: null, productId: 'WASH-1', price: 4900, normalPrice: null },
  { id: 3, title: 'Rengashotelli', text: 'Kysy lisää toimipisteestä.', imageId: null, productId: null, price: null, normalPrice: null },
] as unknown as LiftsOffer[];

const card = (title: string) => screen.getByRole('article', { name: title });

describe('<OffersPanel>', () => {
  it('shows the offers with image, text and the price against the normal price', () => {
    render(<OffersPanel offers={offers} inCart={new Set()} onAdd={() => undefined} />);
    const ac = card('Ilmastointihuolto');
    expect(within(ac).getByText('Raikas ilma kesään.')).toBeTruthy();
    const img = ac.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/ServiceBooking/rest/media?id=lift-1');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(ac.querySelector('s')?.textContent?.replace(/\u00a0/g, ' ')).toBe('Normaalihinta 119 €');
    expect(card('Pesu ja vahaus').querySelector('s')).toBeNull();
    // An offer without a product has nothing to add.
    expect(within(card('Rengashotelli')).queryByRole('button')).toBeNull();
  });

  it('adds a product offer, and shows one already in the cart as such', async () => {
    const onAdd = vi.fn();
    render(<OffersPanel offers={offers} inCart={new Set(['WASH-1'])} onAdd={onAdd} />);
    fireEvent.click(within(card('Ilmastointihuolto')).getByRole('button', { name: 'Lisää ostoskoriin' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ productId: 'AC-1' })));
    const inCart = within(card('Pesu ja vahaus')).getByRole('button', { name: 'Ostoskorissa' }) as HTMLButtonElement;
    expect(inCart.disabled).toBe(true);
  });

  it("draws the page's picture (an icon) instead of a placeholder image, decorative, the offer still named by its title", () => {
    render(
      <OffersPanel
        offers={offers}
        inCart={new Set()}
        onAdd={() => undefined}
        picture={(offer) => (offer.imageId === 'lift-1' ? <svg data-testid="icon" /> : null)}
      />,
    );
    const ac = card('Ilmastointihuolto');
    expect(ac.querySelector('img')).toBeNull();
    expect(within(ac).getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(ac.className).toContain('offer--with-icon');
    // An offer the page has no picture for keeps what it had (here: none).
    expect(card('Pesu ja vahaus').className).not.toContain('offer--with-icon');
  });

  it('renders nothing without offers', () => {
    const { container } = render(<OffersPanel offers={[]} inCart={new Set()} onAdd={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
