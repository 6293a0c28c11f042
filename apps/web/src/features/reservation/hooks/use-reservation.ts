import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  daySlots,
  deliveryOptionOf,
  formatFinnishTime,
  lockerStartTimes,
  officeHoursOf,
  toHelsinki,
  type Booking,
  type FreeTimeDay,
  type VehicleDeliveryOption,
} from '@huolto/domain';
import { ApiError } from '@/lib/api-client.ts';
import { notify, notifyMessage } from '@/lib/notifications.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { useReserveTime } from '@/features/reservation/api/reserve-time.ts';
import { saveDeliveryOption } from '@/features/reservation/api/save-delivery-option.ts';
import { setLead } from '@/features/reservation/api/set-lead.ts';
import { useLockerFull } from '@/features/reservation/api/locker-reserved-times.ts';
import {
  setCustomerSelectedResources,
  useCustomerSelectableResources,
} from '@/features/reservation/api/customer-resources.ts';
import { useWeekCalendar } from '@/features/reservation/hooks/use-week-calendar.ts';
import { isDayOnly, reservationOf, sameSlot, withSeconds, type Slot } from '@/features/reservation/calendar.ts';

/**
 * The reservation page's state and actions (requirements §2 "Reservation page", §4): the week
 * calendar of the booking's office, holding a time, the lead date of lead mode, the
 * mechanic, the delivery option and the key locker. The page renders from what this
 * returns; every call's outcome is told to the customer here (notifications).
 */
export function useReservation(booking: Booking) {
  const queryClient = useQueryClient();
  const wizard = useWizardState();
  const reserved = booking.booking_total_duration;
  const reservedDate = reserved?.start.split('T')[0] ?? null;
  const office = booking.organization;
  const officeHours = officeHoursOf(office);
  const calendar = useWeekCalendar(office?.id ?? null, reservedDate);
  const reserveTime = useReserveTime();

  const selectedDay = calendar.selectedDay;
  const dayOnly = selectedDay ? isDayOnly(selectedDay) : reserved?.time_selection_type === 'DAY_ONLY';
  // The delivery option the booking already carries (requirements §4: "restored from the booking").
  const storedDelivery = wizard.deliveryOption ?? deliveryOptionOf(booking);
  // A day-only time cannot be waited for: that choice is cleared and hidden (requirements §4).
  const delivery = dayOnly && storedDelivery === 'CUSTOMER_WAITING' ? null : storedDelivery;
  const { update } = wizard;
  useEffect(() => {
    if (dayOnly && wizard.deliveryOption === 'CUSTOMER_WAITING') update({ deliveryOption: null });
  }, [dayOnly, wizard.deliveryOption, update]);

  const refreshTimes = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.allFreeTimes }),
    [queryClient],
  );
  const refreshBooking = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
    [queryClient],
  );

  // Times go fast: the list is read again whenever the customer comes back to the tab.
  // (TanStack Query's own refetch on focus listens to visibilitychange only and skips
  // the other offices' times while they are fresh; this also covers a window that
  // regains focus while visible and reads every time list again.)
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === 'hidden') return;
      void refreshTimes();
      void refreshBooking();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [refreshTimes, refreshBooking]);

  /** Slots that someone else took after the list was shown; shown as no longer free. */
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  /** The hold ran out (and the time may have gone) while the customer was away. */
  const heldBefore = useRef(reserved !== null);
  /** A call of our own gives the hold up (a new time, a mechanic, an office): no notice then. */
  const releasing = useRef(false);
  const [holdLost, setHoldLost] = useState(false);
  useEffect(() => {
    if (reserved) {
      heldBefore.current = true;
      setHoldLost(false);
    } else if (heldBefore.current && !releasing.current) {
      heldBefore.current = false;
      setHoldLost(true);
    }
  }, [reserved]);

  const leadMode = booking.lead_mode;
  const leadDate = booking.lead_date;
  const [leadPending, setLeadPending] = useState(false);
  const chooseLead = async (date: string) => {
    setLeadPending(true);
    try {
      const result = await setLead(date);
      if (result.responseCode !== 'SUCCESS') notifyMessage('reservationFailed');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 412)) notifyMessage('reservationFailed');
    } finally {
      await refreshBooking();
      setLeadPending(false);
    }
  };

  const mechanics = useCustomerSelectableResources(office?.id ?? null);
  const selectedMechanic = booking.selected_resource_ids[0] ?? null;
  const chooseMechanic = async (resourceId: number | null) => {
    releasing.current = true;
    try {
      await setCustomerSelectedResources(resourceId === null ? [] : [resourceId]);
    } finally {
      await Promise.all([refreshBooking(), refreshTimes()]);
      releasing.current = false;
    }
  };

  // The key locker: the reserved start, or the morning and afternoon of a day-only day (requirements §9).
  const locker = useLockerFull(
    lockerStartTimes({ date: reservedDate ?? selectedDay?.date ?? null, dayOnly, reservedStart: reserved?.start ?? null }),
  );

  /** Holds the slot; true when it was won. */
  const reserve = useCallback(
    async (day: FreeTimeDay, slot: Slot): Promise<boolean> => {
      let won = false;
      try {
        // One call changes the time: the server gives the held one back only when the new
        // one is won, so a customer who loses the race keeps the time they had.
        releasing.current = true;
        const result = await reserveTime.mutateAsync({
          reservation: reservationOf(day.date, slot),
          timeSelectionType: isDayOnly(day) ? 'DAY_ONLY' : 'EXACT_TIME',
          workshiftPosition: null,
        });
        won = result.responseCode === 'SUCCESS';
        if (!won) {
          notifyMessage('reservationFailed');
          // Someone else was quicker: the slot shows as gone until the list is read again.
          setTaken((prev) => new Set(prev).add(`${day.date}T${withSeconds(slot.startTime)}`));
        }
      } catch (err) {
        const message = err instanceof ApiError ? (err.body as { message?: unknown } | null)?.message : undefined;
        // 429: this address already holds its share of the office's times; the server says so in Finnish.
        if (err instanceof ApiError && err.status === 429 && typeof message === 'string') notify('ERROR', message);
        else if (!(err instanceof ApiError && err.status === 412)) notifyMessage('reservationFailed');
      }
      await Promise.all([refreshBooking(), refreshTimes()]);
      releasing.current = false;
      return won;
    },
    [reserveTime, refreshBooking, refreshTimes],
  );

  // A day with a single time selects it (requirements §4) — once per day, and never over a
  // time already held on that day.
  const autoTried = useRef<string | null>(null);
  const { opening_time, closing_time } = officeHours;
  useEffect(() => {
    if (!selectedDay || calendar.isLoading) return;
    const slots = daySlots(selectedDay, { opening_time, closing_time });
    const only = slots[0];
    if (slots.length !== 1 || !only) return;
    if (autoTried.current === selectedDay.date || reservedDate === selectedDay.date) return;
    if (sameSlot(selectedDay.date, only, reserved)) return;
    autoTried.current = selectedDay.date;
    void reserve(selectedDay, only);
  }, [selectedDay, calendar.isLoading, reservedDate, reserved, reserve, opening_time, closing_time]);

  const chooseDelivery = (option: VehicleDeliveryOption) => {
    update({ deliveryOption: option });
    void saveDeliveryOption(option);
  };

  /** Moving the booking to another office gives the hold up on purpose: no "hold lost" notice. */
  const beforeOfficeSwitch = () => {
    releasing.current = true;
  };

  const holdUntil = booking.reservation_expires_at
    ? formatFinnishTime(toHelsinki(new Date(booking.reservation_expires_at)).time)
    : null;
  const lockerBlocked = delivery === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' && locker.full;
  // requirements §5 "Reservation Continue": a delivery option and a time, or in lead mode a date.
  const canContinue = leadMode ? leadDate !== null : delivery !== null && reserved !== null && !lockerBlocked;

  return {
    office,
    officeHours,
    calendar,
    selectedDay,
    /** The held time, or null. */
    reserved,
    dayOnly,
    reserve,
    /** A reserve-time call is under way. */
    busy: reserveTime.isPending,
    taken,
    holdLost,
    /** 'H.mm' until which the time is held for the customer. */
    holdUntil,
    lead: { mode: leadMode, date: leadDate, pending: leadPending, choose: chooseLead },
    mechanics: { list: mechanics.data ?? [], selected: selectedMechanic, choose: chooseMechanic },
    delivery,
    chooseDelivery,
    lockerFull: locker.full,
    lockerBlocked,
    canContinue,
    beforeOfficeSwitch,
  };
}
