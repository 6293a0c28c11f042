import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PROCESSES, type Booking, type ServiceGroup } from '@huolto/domain';
import { ProcessContext } from '@/app/process-context.tsx';
import { WizardStateProvider } from '@/stores/wizard-state.tsx';
import { booking, group, suggestion } from '@/test/fixtures.ts';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { PROCESS_TYPE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@/lib/process-session.ts';
import { TireChangeServicesStepRoute } from './tire-change-services-step.tsx';

/** Text with the no-break spaces of formatEuros made plain. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const BUNDLE_MESSAGE = 'Saat valitsemasi palvelut yhdessä: Renkaanvaihto ja rengashotelli 130\u00a0€ – 10\u00a0€ edullisemmin kuin erikseen.';
const PRODUCTS = {
  'TIRE-CHANGE': { description: 'Renkaanvaihto', price: 4990, includes: [] as string[] },
  'TIRE-HOTEL': { description: 'Rengashotelli (kausi)', price: 8990, includes: [] as string[] },
  'TIRE-HOTEL-CHANGE': { description: 'Renkaanvaihto ja rengashotelli', price: 12990, includes: ['TIRE-CHANGE', 'TIRE-HOTEL'] },
};
type Id = keyof typeof PRODUCTS;

/** A server holding one cart: choosing both parts puts the bundle in their place, as the real one does. */
function fakeServer() {
  let cart: Id[] = ['TIRE-CHANGE'];
  const suggestionOf = (id: Id) => {
    const p = PRODUCTS[id];
    const by = cart.find((c) => PRODUCTS[c].includes.includes(id));
    return suggestion({
      product: { id, provider: 'LAAKKONEN' },
      description: p.description,
      price: p.price,
      includes: p.includes,
      selected: cart.includes(id),
      ...(by ? { included_in: { id: by, description: PRODUCTS[by].description } } : {}),
    });
  };
  const groups = (): ServiceGroup[] => [
    group('tire-change', 'Renkaanvaihto', [suggestionOf('TIRE-CHANGE')]),
    group('tire-hotel', 'Rengashotelli', [suggestionOf('TIRE-HOTEL'), suggestionOf('TIRE-HOTEL-CHANGE')]),
  ];
  const current = (): Booking =>
    booking({
      process_type: 'TIRE_CHANGE',
      order_items: cart.map((id) => ({
        display_description: PRODUCTS[id].description,
        price: PRODUCTS[id].price,
        product: { id, provider: 'LAAKKONEN' },
        amount: 1,
        selected_service_identifier: 'tire-services',
        parameters: {},
        stage: 'TIRE_SERVICES' as const,
        duration_minutes: 30,
      })),
      price: { active_price: cart.reduce((s, id) => s + PRODUCTS[id].price, 0), normal_price: 0, has_public_campaign: false },
    });
  const stub = stubFetch({
    '/ServiceBooking/rest/get-booking/v2': () => json(current()),
    '/ServiceBooking/rest/extra-services/v2': () => json(groups()),
    '/ServiceBooking/rest/tire-sizes': () =>
      json({
        suppliers: [{ id: 1, name: 'Nokian Tyres' }],
        widths: [205],
        aspectRatios: [55],
        rimDiameters: [16],
        defaultOfferedTireType: 'WINTER_STUDLESS',
        defaultOfferedSupplierId: 1,
        suggestedSizes: [{ width: 205, aspectRatio: 55, rimDiameter: 16, loadIndex: 91 }],
      }),
    '/ServiceBooking/rest/search-tires/v2': () => json([]),
    '/ServiceBooking/rest/api/products/tire-change/add': (body) => {
      const added = (body as { items: { productId: Id }[] }).items.map((i) => i.productId);
      cart = [...new Set([...cart, ...added])];
      if (cart.includes('TIRE-CHANGE') && cart.includes('TIRE-HOTEL')) {
        cart = ['TIRE-HOTEL-CHANGE'];
        return json({ responseCode: 'SUCCESS', message: BUNDLE_MESSAGE });
      }
      return json({ responseCode: 'SUCCESS' });
    },
  });
  return { stub, cart: () => cart };
}

function renderStep() {
  const process = PROCESSES.TIRE_CHANGE;
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={['/renkaat/palvelut']}>
        <WizardStateProvider>
          <ProcessContext.Provider value={{ process, step: 'palvelut', stepHref: (s) => s, goTo: () => {}, goNext: () => {}, goBack: () => {} }}>
            <TireChangeServicesStepRoute />
          </ProcessContext.Provider>
        </WizardStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  window.sessionStorage.setItem(PROCESS_TYPE_STORAGE_KEY, 'TIRE_CHANGE');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the tire-change services step', () => {
  it('choosing the hotel beside the tire change: the bundle takes their place at 130 €, said on its card and aloud; the parts say why they cannot be chosen', async () => {
    const server = fakeServer();
    renderStep();
    fireEvent.click(await screen.findByRole('button', { name: /^Rengashotelli/ }));
    const hotel = await screen.findByRole('checkbox', { name: 'Rengashotelli (kausi)' });
    // Before: the parts tell what the bundle saves.
    expect(plain(screen.getAllByText(/yhdessä: 10 € edullisemmin/)[0]!.textContent)).toBe('Renkaanvaihto ja rengashotelli yhdessä: 10 € edullisemmin');

    fireEvent.click(hotel);
    const bundle = await screen.findByRole('checkbox', { name: 'Renkaanvaihto ja rengashotelli', checked: true });
    expect(server.cart()).toEqual(['TIRE-HOTEL-CHANGE']);

    // Announced, and shown on the bundle's card.
    await waitFor(() => expect(plain(screen.getByRole('status').textContent)).toBe(plain(BUNDLE_MESSAGE)));
    const bundleCard = bundle.closest('article')!;
    expect(plain(within(bundleCard as HTMLElement).getByText(/Saat valitsemasi palvelut yhdessä/).textContent)).toBe(plain(BUNDLE_MESSAGE));

    // The parts stay listed, unchosen and disabled, saying why; the reason is part of the box's description.
    for (const name of ['Renkaanvaihto', 'Rengashotelli (kausi)']) {
      const part = screen.getByRole('checkbox', { name });
      expect((part as HTMLInputElement).disabled).toBe(true);
      expect((part as HTMLInputElement).checked).toBe(false);
      const described = part.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain('Sisältyy valitsemaasi palveluun Renkaanvaihto ja rengashotelli');
    }

    // The cart holds the bundle alone, saying what it holds, and totals 130 €, not 140 €.
    const cart = screen.getByRole('region', { name: 'Ostoskori' });
    expect(within(cart).getByText('Sisältää: Renkaanvaihto + Rengashotelli (kausi)')).toBeTruthy();
    expect(within(cart).queryByText('Rengashotelli (kausi)')).toBeNull();
    expect(plain(cart.querySelector('.summary__total')?.textContent)).toContain('130 €');
    expect(plain(cart.querySelector('.summary__total')?.textContent)).not.toContain('140 €');
  });
});
