import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LOYALTY_TOKEN_KEY } from '@huolto/domain';
import { resetLoyaltyTokenCache } from '@/features/loyalty/loyalty-token.ts';
import { ACCOUNT, LoyaltyTestProviders, json, stubFetch } from '@/features/loyalty/testing.tsx';
import { VehicleListDialog } from './vehicle-list-dialog.tsx';

const CARS = [
  {
    license: 'ABC-123',
    brand_name: 'Volkswagen',
    model_name: 'Golf',
    car_type_specified: 'Golf 1.5 TSI Style 5-ov. viistoperä',
    image: '/ServiceBooking/rest/media?id=car-ABC-123',
  },
  { license: 'BMW-123', brand_name: 'BMW', model_name: '320i', car_type_specified: '320i Sedan M Sport', image: null },
];

function renderDialog() {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <LoyaltyTestProviders>
      <VehicleListDialog open onClose={onClose} onSelect={onSelect} />
    </LoyaltyTestProviders>,
  );
  return { onSelect, onClose };
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.sessionStorage.setItem(LOYALTY_TOKEN_KEY, ACCOUNT.token);
  resetLoyaltyTokenCache();
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<VehicleListDialog>', () => {
  it('lists the saved cars with picture, plate, make and model and type; Valitse calls back with the licence', async () => {
    const { bodies } = stubFetch({
      '/omalaakkonen/api/getActiveCars/': () => json({ cars: CARS }),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
    });
    const { onSelect, onClose } = renderDialog();
    screen.getByRole('dialog', { name: 'Valitse ajoneuvo' });
    const golf = (await screen.findByRole('img', { name: 'Volkswagen Golf' })) as HTMLImageElement;
    expect(golf.getAttribute('src')).toBe('/ServiceBooking/rest/media?id=car-ABC-123');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('.plate')?.textContent).toBe('ABC-123');
    expect(within(items[0]!).getByText('Golf 1.5 TSI Style 5-ov. viistoperä')).toBeTruthy();
    expect(within(items[1]!).getByText('BMW 320i')).toBeTruthy();
    expect(bodies('/omalaakkonen/api/getActiveCars/')[0]).toEqual({ token: ACCOUNT.token });

    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Valitse/ }));
    expect(onSelect).toHaveBeenCalledWith('BMW-123');
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the account has no saved cars', async () => {
    stubFetch({
      '/omalaakkonen/api/getActiveCars/': () => json({ cars: [] }),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
    });
    renderDialog();
    expect(await screen.findByText('Tililläsi ei ole tallennettuja autoja')).toBeTruthy();
  });
});
