import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { addDays, startOfWeek, todayInHelsinki, type Booking, type FreeTimeDay, type FreeTimesBody } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { booking } from '@/test/fixtures.ts';
import { TOKEN_STORAGE_KEY } from '@/lib/process-session.ts';
import { clearNotifications, getNotifications } from '@/lib/notifications.ts';
import { WizardStateProvider } from '@/stores/wizard-state.tsx';
import { useReservation } from './use-reservation.ts';

const REST = '/ServiceBooking/rest';
/** Tuesday of next week: inside the calendar's weeks whatever day the test runs. */
const DAY = addDays(startOfWeek(todayInHelsinki()), 8);

function wrapper({ children }: { children: ReactNode }) {
  const client = newQueryClient();
  return (
    <QueryClientProvider client={client}>
      <WizardStateProvider>{children}</WizardStateProvider>
    </QueryClientProvider>
  );
}

/** Free times answering every week with `day` on DAY (and nothing else). */
function freeTimes(day: Omit<FreeTimeDay, 'date'>) {
  return (body: unknown) => {
    const { start, end } = body as FreeTimesBody;
    return json(DAY >= start && DAY <= end ? [{ date: DAY, ...day }] : []);
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  clearNotifications();
});
beforeEach(() => {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

describe('useReservation', () => {
  const twoSlots = {
    exactTimesAvailable: true,
    onlyDayTimesAvailable: false,
    calendarSlots: [
      { startTime: '08:00:00', endTime: '09:00:00' },
      { startTime: '10:00:00', endTime: '11:00:00' },
    ],
  };
  const held: Booking = booking({
    booking_total_duration: { start: `${DAY}T08:00:00`, end: `${DAY}T09:00:00`, time_selection_type: 'EXACT_TIME', minutes: 60 },
  });

  it('changes a held time with one reserve-time call and no release first', async () => {
    const { bodies, calls } = stubFetch({
      [`${REST}/free-times`]: freeTimes(twoSlots),
      [`${REST}/reserve-time`]: () => json({ responseCode: 'SUCCESS' }),
      [`${REST}/locker/reserved-times`]: () => json({ reservedTimes: [] }),
      [`${REST}/customer-selectable-resources`]: () => json([]),
    });
    const { result } = renderHook(() => useReservation(held), { wrapper });
    await waitFor(() => expect(result.current.selectedDay?.date).toBe(DAY));
    let won: boolean | undefined;
    await act(async () => {
      won = await result.current.reserve(result.current.selectedDay!, twoSlots.calendarSlots[1]!);
    });
    expect(won).toBe(true);
    expect(bodies(`${REST}/reserve-time`)).toEqual([
      { reservation: `${DAY}T10:00:00|${DAY}T11:00:00`, timeSelectionType: 'EXACT_TIME', workshiftPosition: null },
    ]);
    expect(calls(`${REST}/remove-reservation`)).toEqual([]);
    expect(result.current.holdLost).toBe(false);
    expect(getNotifications()).toEqual([]);
  });

  it('marks a time someone else won as taken and says the reservation failed', async () => {
    stubFetch({
      [`${REST}/free-times`]: freeTimes(twoSlots),
      [`${REST}/reserve-time`]: () => json({ responseCode: 'NOT_AVAILABLE' }),
      [`${REST}/locker/reserved-times`]: () => json({ reservedTimes: [] }),
      [`${REST}/customer-selectable-resources`]: () => json([]),
    });
    const { result } = renderHook(() => useReservation(held), { wrapper });
    await waitFor(() => expect(result.current.selectedDay?.date).toBe(DAY));
    let won: boolean | undefined;
    await act(async () => {
      won = await result.current.reserve(result.current.selectedDay!, twoSlots.calendarSlots[1]!);
    });
    expect(won).toBe(false);
    expect([...result.current.taken]).toEqual([`${DAY}T10:00:00`]);
    expect(getNotifications().map((n) => [n.level, n.text])).toEqual([['ERROR', 'Ajan varaaminen epäonnistui.']]);
  });

  it('holds the only time of a day-only day by itself: the office\'s own working day', async () => {
    const { bodies } = stubFetch({
      [`${REST}/free-times`]: freeTimes({ exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] }),
      [`${REST}/reserve-time`]: () => json({ responseCode: 'SUCCESS' }),
      [`${REST}/locker/reserved-times`]: () => json({ reservedTimes: [] }),
      [`${REST}/customer-selectable-resources`]: () => json([]),
    });
    const office = { ...booking().organization!, opening_time: '08:00', closing_time: '16:00' };
    const { result } = renderHook(() => useReservation(booking({ organization: office })), { wrapper });
    await waitFor(() => expect(bodies(`${REST}/reserve-time`)).toHaveLength(1));
    expect(bodies(`${REST}/reserve-time`)[0]).toEqual({
      reservation: `${DAY}T08:00:00|${DAY}T16:00:00`,
      timeSelectionType: 'DAY_ONLY',
      workshiftPosition: null,
    });
    expect(result.current.dayOnly).toBe(true);
    expect(result.current.officeHours).toEqual({ opening_time: '08:00', closing_time: '16:00' });
  });

  it('asks the key locker about the morning and afternoon of a day-only day', async () => {
    const { bodies } = stubFetch({
      [`${REST}/free-times`]: freeTimes({ exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] }),
      [`${REST}/reserve-time`]: () => json({ responseCode: 'NOT_AVAILABLE' }),
      [`${REST}/locker/reserved-times`]: () => json({ reservedTimes: [`${DAY}T07:00:00`, `${DAY}T13:00:00`] }),
      [`${REST}/customer-selectable-resources`]: () => json([]),
    });
    const { result } = renderHook(() => useReservation(booking()), { wrapper });
    await waitFor(() => expect(result.current.lockerFull).toBe(true));
    expect(bodies(`${REST}/locker/reserved-times`)[0]).toEqual({ startTimes: [`${DAY}T07:00:00`, `${DAY}T13:00:00`] });
  });
});
