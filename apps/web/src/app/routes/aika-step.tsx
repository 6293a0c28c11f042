import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  adjacentStep,
  formatFinnishDate,
  formatFinnishTime,
  toHelsinki,
  type Booking,
  type FreeTimeDay,
  type VehicleDeliveryOption,
} from '@huolto/domain';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { StepNav } from '../../components/ui/step-nav.tsx';
import { EmptyState, LoadingState } from '../../components/ui/spinner.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyMessage } from '../../lib/notifications.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useWizardState } from '../../stores/wizard-state.tsx';
import { CartTotal } from '../../features/booking/components/booking-summary.tsx';
import { CartPanel } from '../../features/booking/components/cart-panel.tsx';
import { formatReservation } from '../../features/booking/summary.ts';
import { useReserveTime } from '../../features/reservation/api/reserve-time.ts';
import { useRemoveReservation } from '../../features/reservation/api/remove-reservation.ts';
import { saveDeliveryOption } from '../../features/reservation/api/save-delivery-option.ts';
import { useWeekCalendar } from '../../features/reservation/hooks/use-week-calendar.ts';
import { daySlots, isDayOnly, reservationOf, sameSlot, type Slot } from '../../features/reservation/calendar.ts';
import { WeekCalendar } from '../../features/reservation/components/week-calendar.tsx';
import { SlotList } from '../../features/reservation/components/slot-list.tsx';
import { DeliveryOptions } from '../../features/reservation/components/delivery-options.tsx';
import { useProcess } from '../process-context.tsx';
import { RequireBooking, hasServices } from './require-booking.tsx';

/** 'aika' of every process (SPEC §2 "Reservation page"). Without services, back to the step before. */
export function AikaRoute() {
  const { process } = useProcess();
  return (
    <RequireBooking check={hasServices} otherwise={adjacentStep(process, 'aika', -1)?.path ?? 'ajoneuvo'}>
      {(booking) => <Aika booking={booking} />}
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
  const removeReservation = useRemoveReservation();

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

  const reserve = useCallback(
    async (day: FreeTimeDay, slot: Slot) => {
      try {
        // Choosing another time first gives the held one back.
        if (reserved) await removeReservation.mutateAsync();
        const result = await reserveTime.mutateAsync({
          reservation: reservationOf(day.date, slot),
          timeSelectionType: isDayOnly(day) ? 'DAY_ONLY' : 'EXACT_TIME',
          workshiftPosition: null,
        });
        if (result.responseCode !== 'SUCCESS') notifyMessage('reservationFailed');
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 412)) notifyMessage('reservationFailed');
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }), refreshTimes()]);
    },
    [reserved, removeReservation, reserveTime, queryClient, refreshTimes],
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
  const canContinue = delivery !== null && reserved !== null;
  const busy = reserveTime.isPending || removeReservation.isPending;

  return (
    <div className="page">
      <PageTitle documentTitle={`Aika – ${process.title}`}>Valitse aika</PageTitle>
      <div className="columns">
        <div className="columns__main">
          {office && (
            <section className="card office-info" aria-label="Toimipiste">
              <p className="office-info__name">{office.name}</p>
              <p>
                {office.address}, {office.post_code} {office.post_office}
              </p>
              <p className="muted">Avoinna ma–pe 7.30–17.00</p>
            </section>
          )}

          <section className="section" aria-labelledby="calendar-heading">
            <h2 id="calendar-heading" className="section__title">
              Vapaat ajat
            </h2>
            <WeekCalendar calendar={calendar} />
            {calendar.isLoading ? (
              <LoadingState text="Haetaan vapaita aikoja…" />
            ) : calendar.isError ? (
              <EmptyState title="Vapaiden aikojen haku epäonnistui">
                <p>Yritä hetken kuluttua uudelleen.</p>
              </EmptyState>
            ) : !calendar.hasFreeTimes ? (
              <EmptyState title="Tällä viikolla ei ole vapaita aikoja">
                <p>Valitse toinen viikko tai varaa aika puhelimitse.</p>
              </EmptyState>
            ) : selectedDay ? (
              <div className="day-times">
                <h3 className="day-times__title">{formatFinnishDate(selectedDay.date)}</h3>
                <SlotList
                  day={selectedDay}
                  reserved={reserved ? { start: reserved.start, end: reserved.end } : null}
                  onReserve={(day, slot) => void reserve(day, slot)}
                  disabled={busy}
                />
              </div>
            ) : null}
          </section>

          <DeliveryOptions value={delivery} onChange={chooseDelivery} dayOnly={dayOnly} />
        </div>

        <aside className="columns__side">
          <section className="card reserved" aria-label="Valittu aika" aria-live="polite">
            <h2 className="card__title">Valittu aika</h2>
            {reservation && reserved ? (
              <>
                <p className="reserved__time">
                  <CheckIcon />{' '}
                  <time dateTime={reserved.start} aria-label={reservation.label}>
                    {reservation.text}
                  </time>
                </p>
                {holdUntil && <p className="muted">Pidämme ajan sinulle klo {holdUntil} asti.</p>}
              </>
            ) : (
              <p className="muted">Et ole vielä valinnut aikaa.</p>
            )}
          </section>
          {/* Read-only here: a cart change would release the time held for this cart. */}
          <CartPanel booking={booking} details={false} />
        </aside>
      </div>
      <StepNav
        onBack={goBack}
        onContinue={goNext}
        continueDisabled={!canContinue}
        continueHint={reserved ? 'Valitse, miten tuot auton korjaamolle.' : 'Valitse aika ja tapa tuoda auto.'}
        summary={<CartTotal total={booking.price.active_price} />}
      />
    </div>
  );
}
