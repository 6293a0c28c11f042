import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_CODE_MESSAGES, LOYALTY_TOKEN_KEY, type Booking } from '@huolto/domain';
import { clearProcessSession, setProcessToken } from '@/lib/process-session.ts';
import { resetLoyaltyTokenCache } from '@/features/loyalty/loyalty-token.ts';
import { ACCOUNT, LoyaltyTestProviders, json, stubFetch, type Route } from '@/features/loyalty/testing.tsx';
import { CampaignCodeField, acceptedText } from './campaign-code-field.tsx';

/*
 * The customer's own campaign code on the details step: folded behind a link-button; a
 * refused code's reason in the field's error, a taken one as 'Kampanjakoodi KOODI: -X %'
 * once the booking is read again; hidden for a logged-in member, whose booking has the
 * members' code.
 */

const CAMPAIGN = '/ServiceBooking/rest/campaign-code/v2';
const BOOKING = '/ServiceBooking/rest/get-booking/v2';

type BookingPart = Pick<Booking, 'campaign_code' | 'discounts'>;

/** The field over a booking read as the step reads it (the booking query, refetched when the field invalidates it). */
function Harness() {
  const booking = useQuery({
    queryKey: ['booking', 'test'],
    queryFn: async () => (await (await fetch(BOOKING)).json()) as BookingPart,
  });
  return booking.data ? <CampaignCodeField booking={booking.data} /> : null;
}

/** The server: a booking whose code is what campaign-code/v2 last took; `answer` decides for each code. */
function serve(answer: (code: string) => { responseCode: string; percentOff?: number }) {
  let current: string | null = null;
  const routes: Record<string, Route> = {
    [BOOKING]: () => json({ campaign_code: current, discounts: current ? [{ code: current, description: 'Etu', amount: 1500 }] : [] }),
    [CAMPAIGN]: (body) => {
      const value = (body as { value: string | null }).value;
      if (value === null) {
        current = null;
        return json({ responseCode: 'SUCCESS' });
      }
      const a = answer(value);
      if (a.responseCode === 'SUCCESS') current = value;
      return json(a);
    },
  };
  return stubFetch(routes);
}

const openField = async () => {
  const toggle = await screen.findByRole('button', { name: 'Onko sinulla kampanjakoodi?' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByLabelText('Kampanjakoodi')).toBeNull();
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return screen.getByLabelText('Kampanjakoodi') as HTMLInputElement;
};

const submit = (input: HTMLInputElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Käytä koodi' }));
};

beforeEach(() => {
  window.sessionStorage.clear();
  resetLoyaltyTokenCache();
  clearProcessSession();
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<CampaignCodeField>', () => {
  it.each(['NOT_FOUND', 'EXPIRED', 'NOT_YET_VALID', 'MEMBERS_ONLY'] as const)('shows the Finnish reason for %s in the field', async (responseCode) => {
    const { bodies } = serve(() => ({ responseCode }));
    render(
      <LoyaltyTestProviders>
        <Harness />
      </LoyaltyTestProviders>,
    );
    const input = await openField();
    submit(input, ' kevat25 ');
    await waitFor(() => expect(screen.getByText(CAMPAIGN_CODE_MESSAGES[responseCode])).toBeTruthy());
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(CAMPAIGN_CODE_MESSAGES[responseCode]).id);
    // Sent in capitals, without the blanks, as the back-office writes codes.
    expect(bodies(CAMPAIGN)).toEqual([{ value: 'KEVAT25', loyaltyToken: null }]);
    expect(screen.queryByText(/Kampanjakoodi KEVAT25/)).toBeNull();
  });

  it('refuses an empty code and one that could be no code without asking the server', async () => {
    const { calls } = serve(() => ({ responseCode: 'SUCCESS', percentOff: 15 }));
    render(
      <LoyaltyTestProviders>
        <Harness />
      </LoyaltyTestProviders>,
    );
    const input = await openField();
    submit(input, '   ');
    expect(await screen.findByText('Kirjoita kampanjakoodi')).toBeTruthy();
    submit(input, 'kevät!');
    expect(await screen.findByText(CAMPAIGN_CODE_MESSAGES.NOT_FOUND)).toBeTruthy();
    expect(calls(CAMPAIGN)).toHaveLength(0);
  });

  it('a taken code shows as "Kampanjakoodi KOODI: -X %"; removing it brings the link back', async () => {
    const { bodies } = serve((code) => (code === 'KEVAT25' ? { responseCode: 'SUCCESS', percentOff: 15 } : { responseCode: 'NOT_FOUND' }));
    render(
      <LoyaltyTestProviders>
        <Harness />
      </LoyaltyTestProviders>,
    );
    submit(await openField(), 'kevat25');
    expect(await screen.findByText('Kampanjakoodi KEVAT25: -15 %')).toBeTruthy();
    expect(screen.queryByLabelText('Kampanjakoodi', { selector: 'input' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Poista kampanjakoodi' }));
    expect(await screen.findByRole('button', { name: 'Onko sinulla kampanjakoodi?' })).toBeTruthy();
    expect(bodies(CAMPAIGN).at(-1)).toEqual({ value: null, loyaltyToken: null });
  });

  it('is not shown to a logged-in member (the booking has the members\u2019 code)', async () => {
    window.sessionStorage.setItem(LOYALTY_TOKEN_KEY, ACCOUNT.token);
    resetLoyaltyTokenCache();
    setProcessToken('p'.repeat(30));
    const { bodies } = stubFetch({
      [BOOKING]: () => json({ campaign_code: 'OMALAAKKONEN', discounts: [] }),
      [CAMPAIGN]: () => json({ responseCode: 'SUCCESS', percentOff: 10, vouchers: [] }),
      '/omalaakkonen/api/getUserInfo/': () => json(ACCOUNT),
    });
    render(
      <LoyaltyTestProviders>
        <Harness />
      </LoyaltyTestProviders>,
    );
    // The login puts the members' code on the booking as before; the field offers nothing to replace it.
    await waitFor(() => expect(bodies(CAMPAIGN)).toEqual([{ value: 'OMALAAKKONEN', loyaltyToken: ACCOUNT.token }]));
    expect(screen.queryByRole('button', { name: 'Onko sinulla kampanjakoodi?' })).toBeNull();
    expect(screen.queryByText(/Kampanjakoodi/)).toBeNull();
  });

  it('acceptedText: the percentage, else the reduction in euros', () => {
    expect(acceptedText('KEVAT25', 15, [])).toBe('Kampanjakoodi KEVAT25: -15 %');
    expect(acceptedText('KEVAT25', null, [{ code: 'KEVAT25', description: 'Etu', amount: 1500 }])).toBe('Kampanjakoodi KEVAT25: \u221215\u00a0€');
    expect(acceptedText('KEVAT25', null, [])).toBe('Kampanjakoodi KEVAT25');
  });
});
