import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  adjacentStep,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  glueDryingHandover,
  WINDSHIELD_PRODUCTS,
  toHelsinki,
  type Booking,
  type FreeTimeDay,
  type VehicleDeliveryOption,
} from '@huolto/domain';
import { StepPage, StepSection } from '../../components/layout/step-page.tsx';
import { EmptyState, LoadingState } from '../../components/ui/spinner.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify, notifyMessage } from '../../lib/notifications.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useWizardState } from '../../stores/wizard-state.tsx';
import { CartTotal } from '../../features/booking/components/booking-summary.tsx';
import { CartPanel } from '../../features/booking/components/cart-panel.tsx';
import { formatReservation } from '../../features/booking/summary.ts';
import { useReserveTime } from '../../features/reservation/api/reserve-time.ts';
import { saveDeliveryOption } from '../../features/reservation/api/save-delivery-option.ts';
import { useWeekCalendar } from '../../features/reservation/hooks/use-week-calendar.ts';
import { daySlots, isDayOnly, reservationOf, sameSlot, withSeconds, type Slot } from '../../features/reservation/calendar.ts';
import { WeekCalendar } from '../../features/reservation/components/week-calendar.tsx';
import { SlotList } from '../../features/reservation/components/slot-list.tsx';
import { DeliveryOptions } from '../../features/reservation/components/delivery-options.tsx';
import { MonthCalendar } from '../../features/reservation/components/month-calendar.tsx';
import { OtherOffices } from '../../features/reservation/components/other-offices.tsx';
import { MechanicPicker } from '../../features/reservation/components/mechanic-picker.tsx';
import { setLead } from '../../features/reservation/api/set-lead.ts';
import { LOCKER_DAY_TIMES, useLockerFull } from '../../features/reservation/api/locker-reserved-times.ts';
import {
  setCustomerSelectedResources,
  useCustomerSelectableResources,
} from '../../features/reservation/api/customer-resources.ts';
import { useTransferOrganization } from '../../features/organizations/api/transfer-organization.ts';
import { OfficeInfoText } from '../../features/organizations/components/office-info-text.tsx';
import { useProcess } from '../process-context.tsx';
import { RequireBooking, hasServices } from './require-booking.tsx';

/** 'aika' of every process (SPEC §2 "Reservation page"). Without services, back to the step before. */
export function AikaRoute() {
  const { process } = useProcess();
  return (
    <RequireBooking check={hasServices} otherwise={adjacentStep(process, 'aika', -1)?.path ?? 'ajoneuvo'}>
      {/* A switch of office starts the calendar afresh. */}
      {(booking) => <Aika key={booking.organization?.id ?? 0} booking={booking} />}
    </RequireBooking>
  );
}

/** The delivery option the booking already carries (SPEC §4: "restored from the booking"). */
function deliveryFromBooking(booking: Booking): VehicleDeliveryOption | null {
  if (booking.customer_waiting) return 'CUSTOMER_WAITING';
  if (booking.vehicle_left_for_day) return 'VEHICLE_LEFT_FOR_DAY';
  const flagged = booking.product_parameters.find(
    (p) =>
      p.selectedValue === 'true' &&
      (p.parameterCode === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' || p.parameterCode === 'CONTACT_REQUEST'),
  );
  return (flagged?.parameterCode as VehicleDeliveryOption | undefined) ?? null;
}

function Aika({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const queryClient = useQueryClient();
  const wizard = useWizardState();
  const reserved = booking.booking_total_duration;
  const reservedDate = reserved?.start.split('T')[0] ?? null;
  const office = booking.organization;
  const calendar = useWeekCalendar(office?.id ?? null, reservedDate);
  const reserveTime = useReserveTime();

  const selectedDay = calendar.selectedDay;
  const dayOnly = selectedDay ? isDayOnly(selectedDay) : reserved?.time_selection_type === 'DAY_ONLY';
  const storedDelivery = wizard.deliveryOption ?? deliveryFromBooking(booking);
  // A day-only time cannot be waited for: that choice is cleared and hidden (SPEC §4).
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

  const transfer = useTransferOrganization();
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

  // The key locker: the reserved start, or the morning and afternoon of a day-only day (SPEC §9).
  const lockerDate = reservedDate ?? selectedDay?.date ?? null;
  const lockerTimes =
    lockerDate === null
      ? null
      : dayOnly
        ? LOCKER_DAY_TIMES.map((t) => `${lockerDate}T${t}`)
        : reserved
          ? [reserved.start]
          : null;
  const locker = useLockerFull(lockerTimes);

  const reserve = useCallback(
    async (day: FreeTimeDay, slot: Slot) => {
      try {
        // One call changes the time: the server gives the held one back only when the new
        // one is won, so a customer who loses the race keeps the time they had.
        releasing.current = true;
        const result = await reserveTime.mutateAsync({
          reservation: reservationOf(day.date, slot),
          timeSelectionType: isDayOnly(day) ? 'DAY_ONLY' : 'EXACT_TIME',
          workshiftPosition: null,
        });
        if (result.responseCode !== 'SUCCESS') {
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
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }), refreshTimes()]);
      releasing.current = false;
    },
    [reserveTime, queryClient, refreshTimes],
  );

  // A day with a single time selects it (SPEC §4) — once per day, and never over a
  // time already held on that day.
  const autoTried = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedDay || calendar.isLoading) return;
    const slots = daySlots(selectedDay);
    const only = slots[0];
    if (slots.length !== 1 || !only) return;
    if (autoTried.current === selectedDay.date || reservedDate === selectedDay.date) return;
    if (sameSlot(selectedDay.date, only, reserved)) return;
    autoTried.current = selectedDay.date;
    void reserve(selectedDay, only);
  }, [selectedDay, calendar.isLoading, reservedDate, reserved, reserve]);

  const chooseDelivery = (option: VehicleDeliveryOption) => {
    update({ deliveryOption: option });
    void saveDeliveryOption(option);
  };

  const reservation = reserved ? formatReservation(reserved.start, reserved.end) : null;
  const holdUntil = booking.reservation_expires_at
    ? formatFinnishTime(toHelsinki(new Date(booking.reservation_expires_at)).time)
    : null;
  const lockerBlocked = delivery === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' && locker.full;
  // SPEC §5 "Reservation Continue": a delivery option and a time, or in lead mode a date.
  const canContinue = leadMode ? leadDate !== null : delivery !== null && reserved !== null && !lockerBlocked;
  const busy = reserveTime.isPending;

  return (
    <StepPage
      documentTitle={`Aika – ${process.title}`}
      title="Valitse aika"
      side={
        <>
          <section className="card reserved" aria-label="Valittu aika" aria-live="polite">
            <h2 className="card__title">Valittu aika</h2>
            {leadMode ? (
              leadDate ? (
                <p className="reserved__time">
                  <CheckIcon /> Toivottu päivä {formatFinnishDateLong(leadDate)}
                </p>
              ) : (
                <p className="muted">Et ole vielä valinnut päivää.</p>
              )
            ) : reservation && reserved ? (
              <>
                <p className="reserved__time">
                  <CheckIcon />{' '}
                  {reserved.time_selection_type === 'DAY_ONLY' ? (
                    <time dateTime={reserved.start.slice(0, 10)}>{formatFinnishDateLong(reserved.start.slice(0, 10))}, päivän aikana</time>
                  ) : (
                    <time dateTime={reserved.start} aria-label={reservation.label}>
                      {reservation.text}
                    </time>
                  )}
                </p>
                {holdUntil && <p className="muted">Pidämme ajan sinulle klo {holdUntil} asti.</p>}
                {booking.order_items.some((i) => i.product.id === WINDSHIELD_PRODUCTS.change) && (
                  <p className="notice glue-notice" role="note">
                    {glueDryingHandover(reserved.end).text}
                  </p>
                )}
              </>
            ) : (
              <p className="muted">Et ole vielä valinnut aikaa.</p>
            )}
          </section>
          {/* Read-only here: a cart change would release the time held for this cart. */}
          <CartPanel booking={booking} details={false} />
        </>
      }
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: !canContinue,
        continueHint: leadMode
          ? 'Valitse toivottu päivä.'
          : lockerBlocked
            ? 'Avainautomaatti on täynnä: valitse toinen aika tai tapa tuoda auto.'
            : reserved
              ? 'Valitse, miten tuot auton korjaamolle.'
              : 'Valitse aika ja tapa tuoda auto.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      {office && (
        <section className="card office-info" aria-label="Toimipiste">
          <p className="office-info__name">{office.name}</p>
          <p>
            {office.address}, {office.post_code} {office.post_office}
          </p>
          <p className="muted">Avoinna ma–pe 7.30–17.00</p>
        </section>
      )}
      <OfficeInfoText organizationId={office?.id ?? null} />

      {leadMode ? (
        <StepSection id="lead-heading" title="Toivottu päivä">
          <p className="muted">
            Valitse päivä, jolloin toivoisit käyntiä. Otamme sinuun yhteyttä ja sovimme tarkan ajan.
          </p>
          <MonthCalendar value={leadDate} onChange={(date) => void chooseLead(date)} disabled={leadPending} />
        </StepSection>
      ) : (
        <>
          {holdLost && (
            <div className="notice notice--warning" role="alert">
              <p>Valitsemasi aika vapautui, koska sitä ei vahvistettu ajoissa. Valitse aika uudelleen.</p>
            </div>
          )}
          {mechanics.data && mechanics.data.length > 0 && (
            <MechanicPicker
              resources={mechanics.data}
              value={selectedMechanic}
              onChange={(id) => void chooseMechanic(id)}
              disabled={busy}
            />
          )}
          <StepSection id="calendar-heading" title="Vapaat ajat">
            <WeekCalendar calendar={calendar} />
            {calendar.isLoading ? (
              <LoadingState text="Haetaan vapaita aikoja…" />
            ) : calendar.isError ? (
              <EmptyState title="Vapaiden aikojen haku epäonnistui">
                <p>Yritä hetken kuluttua uudelleen.</p>
              </EmptyState>
            ) : !calendar.hasFreeTimes ? (
              <EmptyState title="Tällä viikolla ei ole vapaita aikoja">
                <p>Valitse toinen viikko, katso muiden toimipisteiden ajat tai varaa aika puhelimitse.</p>
              </EmptyState>
            ) : selectedDay ? (
              <div className="day-times">
                <h3 className="day-times__title">{formatFinnishDate(selectedDay.date)}</h3>
                <SlotList
                  day={selectedDay}
                  reserved={reserved ? { start: reserved.start, end: reserved.end } : null}
                  onReserve={(day, slot) => void reserve(day, slot)}
                  disabled={busy}
                  taken={taken}
                />
              </div>
            ) : null}
            <OtherOffices
              organizationId={office?.id ?? null}
              disabled={busy || transfer.isPending}
              onSwitch={async (other) => {
                releasing.current = true;
                // Switching office on this page transfers the booking with flag false (SPEC §4).
                await transfer.mutateAsync({ organizationId: other.id, flag: false });
              }}
            />
          </StepSection>

          <DeliveryOptions value={delivery} onChange={chooseDelivery} dayOnly={dayOnly} lockerFull={locker.full} />
        </>
      )}
    </StepPage>
  );
}
