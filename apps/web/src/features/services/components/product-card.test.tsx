import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { suggestion } from '@/test/fixtures.ts';
import { ProductCard } from './product-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Text with the no-break spaces of formatEuros made plain. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

describe('<ProductCard>', () => {
  it("shows a service group's picture as its kind's icon, decorative, and keeps other images", () => {
    const { container } = render(
      <ProductCard
        product={suggestion({
          additional_data: { infoDescription: null, imageIds: ['service-oil', 'photo-1'] },
          suggestion_sub_rows: [{ operation: { description: 'Öljynvaihto' }, spareParts: [] }],
        })}
        onToggle={() => undefined}
      />,
    );
    const icon = container.querySelector('.service-icon');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.querySelector('svg')).not.toBeNull();
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([expect.stringContaining('photo-1')]);
    // An oil change is a service of its own kind, not a maintenance.
    expect(screen.getByRole('button', { name: 'Näytä palvelun sisältö' })).toBeTruthy();
  });

  it("words a car wash's contents as the service's and a maintenance package's as the maintenance's", () => {
    const rows = [{ operation: { description: 'Ulkopesu' }, spareParts: [] }];
    render(
      <>
        <ProductCard
          product={suggestion({ description: 'Ulkopesu', additional_data: { infoDescription: null, imageIds: ['service-wash'] }, suggestion_sub_rows: rows })}
          onToggle={() => undefined}
        />
        <ProductCard
          product={suggestion({ additional_data: { infoDescription: null, imageIds: ['service-maintenance'] }, suggestion_sub_rows: rows })}
          onToggle={() => undefined}
        />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Näytä palvelun sisältö' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Näytä huollon sisältö' })).toHaveLength(1);
  });

  it("words a tire service's contents as the service's, not the maintenance's", () => {
    render(
      <ProductCard
        product={suggestion({ suggestion_sub_rows: [{ operation: { description: 'Renkaiden vaihto' }, spareParts: [] }] })}
        contentsWording="service"
        note="Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin"
        onToggle={() => undefined}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Näytä palvelun sisältö' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Piilota palvelun sisältö' })).toBeTruthy();
    expect(screen.getByText('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin')).toBeTruthy();
  });

  it('shows the description as the checkbox label and the price rounded up to whole euros', () => {
    const { container } = render(<ProductCard product={suggestion({ price: 24901 })} onToggle={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Määräaikaishuolto' })).toBeTruthy();
    expect(plain(container.querySelector('.product-card__price')?.textContent)).toBe('250 €');
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByText('Kampanja')).toBeNull();
  });

  it('shows a campaign price against the struck-through normal price, labelled, with a badge', () => {
    const { container } = render(
      <ProductCard product={suggestion({ price: 19900, normal_price: 24950 })} onToggle={() => undefined} />,
    );
    const normal = container.querySelector('s');
    expect(normal).not.toBeNull();
    expect(plain(normal?.textContent)).toBe('Normaalihinta 250 €');
    expect(plain(container.querySelector('.product-card__campaign-price')?.textContent)).toBe('Kampanjahinta 199 €');
    expect(screen.getByText('Kampanja')).toBeTruthy();
    // The checkbox reads its price too.
    const box = screen.getByRole('checkbox', { name: 'Määräaikaishuolto' });
    expect(plain(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent)).toContain('199 €');
  });

  it('does not treat an equal or lower normal price as a campaign', () => {
    const { container } = render(
      <ProductCard product={suggestion({ price: 19900, normal_price: 19900 })} onToggle={() => undefined} />,
    );
    expect(container.querySelector('s')).toBeNull();
  });

  it('switches the contents toggle between show and hide and reveals the operations', () => {
    render(
      <ProductCard
        product={suggestion({
          suggestion_sub_rows: [
            { operation: { description: 'Moottoriöljyn vaihto' }, spareParts: [{ description: 'Öljynsuodatin' }] },
          ],
        })}
        onToggle={() => undefined}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Näytä huollon sisältö' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Piilota huollon sisältö');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.hidden).toBe(false);
    expect(screen.getByText('Moottoriöljyn vaihto')).toBeTruthy();
    expect(screen.getByText('Öljynsuodatin')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Näytä huollon sisältö');
  });

  it('has no contents toggle without operations unless it may load them', () => {
    render(<ProductCard product={suggestion()} onToggle={() => undefined} />);
    expect(screen.queryByRole('button', { name: /huollon sisältö/ })).toBeNull();
  });

  it('renders the info HTML without scripts or event handlers', () => {
    const { container } = render(
      <ProductCard
        product={suggestion({
          additional_data: {
            infoDescription: '<p>Sis. <strong>öljyt</strong></p><img src=x onerror=alert(1)><script>alert(2)</script>',
            imageIds: [],
          },
        })}
        onToggle={() => undefined}
      />,
    );
    const info = container.querySelector('.product-card__info');
    expect(info?.innerHTML).toBe('<p>Sis. <strong>öljyt</strong></p>');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('alert');
  });

  it('shows its images from the media call, lazily and with a size and an alt text', () => {
    render(
      <ProductCard
        product={suggestion({ additional_data: { infoDescription: null, imageIds: ['img 1', 'img-2'] } })}
        onToggle={() => undefined}
      />,
    );
    const images = screen.getAllByRole('img') as HTMLImageElement[];
    expect(images).toHaveLength(2);
    expect(images[0]?.getAttribute('src')).toBe('/ServiceBooking/rest/media?id=img%201');
    expect(images[1]?.getAttribute('src')).toBe('/ServiceBooking/rest/media?id=img-2');
    for (const img of images) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
    }
    expect(images[0]?.alt).toBe('Määräaikaishuolto (kuva 1/2)');
  });

  it('calls the handler with the product and the new state when the checkbox is clicked', async () => {
    const onToggle = vi.fn(() => Promise.resolve());
    const product = suggestion();
    const { rerender } = render(<ProductCard product={product} onToggle={onToggle} />);
    const box = screen.getByRole('checkbox', { name: 'Määräaikaishuolto' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true); // follows the click at once
    await waitFor(() => expect(onToggle).toHaveBeenCalledWith(product, true));

    const selected = suggestion({ selected: true });
    rerender(<ProductCard product={selected} onToggle={onToggle} />);
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(onToggle).toHaveBeenLastCalledWith(selected, false));
  });

  it('goes back to the offer state when the change fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    const onToggle = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    render(<ProductCard product={suggestion()} onToggle={onToggle} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(onToggle).toHaveBeenCalled());
    await act(async () => fail(new Error('x')));
    await waitFor(() => expect(box.checked).toBe(false));
  });

  it('shows the extra products only when the product is selected, each with its own checkbox', async () => {
    const wipers = suggestion({ product: { id: 'X-1', provider: 'LAAKKONEN' }, description: 'Pyyhkijänsulat', price: 3990 });
    const onToggle = vi.fn();
    const { rerender } = render(
      <ProductCard product={suggestion({ additional_products: [wipers] })} onToggle={onToggle} />,
    );
    expect(screen.queryByRole('checkbox', { name: 'Pyyhkijänsulat' })).toBeNull();

    rerender(<ProductCard product={suggestion({ selected: true, additional_products: [wipers] })} onToggle={onToggle} />);
    const group = screen.getByRole('group', { name: 'Lisää samalla: Määräaikaishuolto' });
    const extra = screen.getByRole('checkbox', { name: 'Pyyhkijänsulat' });
    expect(group.contains(extra)).toBe(true);
    expect(group.querySelector('.product-card--compact')).not.toBeNull();

    fireEvent.click(extra);
    await waitFor(() => expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ product: wipers.product }), true));
  });

  it('ignores extra products that are not suggestions', () => {
    render(
      <ProductCard product={suggestion({ selected: true, additional_products: [null, { foo: 1 }] })} onToggle={() => undefined} />,
    );
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  it('loads the contents with product-additional-data when the suggestion has none', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toBe('/ServiceBooking/rest/product-additional-data?productId=P-1');
      return new Response(
        JSON.stringify({
          productId: 'P-1',
          infoDescription: null,
          imageIds: [],
          operations: [{ description: 'Jarrunesteen vaihto', spareParts: [{ description: 'Jarruneste DOT4' }] }],
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    window.sessionStorage.setItem('x-process-token', 'token-1');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ProductCard product={suggestion()} onToggle={() => undefined} lazyContents />
      </QueryClientProvider>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Näytä huollon sisältö' }));
    expect(await screen.findByText('Jarrunesteen vaihto')).toBeTruthy();
    expect(screen.getByText('Jarruneste DOT4')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.sessionStorage.clear();
  });
});
