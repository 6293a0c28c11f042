import './time-step.css';
import { useEffect, useRef } from 'react';
import {
  adjacentStep,
  formatFinnishDate,
  formatFinnishDateLong,
  formatOpeningHours,
  glueDryingHandover,
  WINDSHIELD_PRODUCTS,
  type Booking,
  type FreeTimeDay,
} from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { EmptyState, LoadingState } from '@/components/ui/spinner.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { formatReservation } from '@/features/booking/summary.ts';
import { useReservation } from '@/features/reservation/hooks/use-reservation.ts';
import { WeekCalendar } from '@/features/reservation/components/week-calendar.tsx';
import { SlotList } from '@/features/reservation/components/slot-list.tsx';
import { DeliveryOptions } from '@/features/reservation/components/delivery-options.tsx';
import { MonthCalendar } from '@/features/reservation/components/month-calendar.tsx';
import { OtherOrganizations } from '@/features/reservation/components/other-organizations.tsx';
import { MechanicPicker } from '@/features/reservation/components/mechanic-picker.tsx';
import { slotDuration, type Slot } from '@/features/reservation/calendar.ts';
import { useTransferOrganization } from '@/features/organizations/api/transfer-organization.ts';
import { OrganizationInfoText } from '@/features/organizations/components/organization-info-text.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { RequireBooking, hasServices } from './require-booking.tsx';

/** 'aika' of every process (requirements §2 "Reservation page"). Without services, back to the step before. */
export function TimeStepRoute() {
  const { process } = useProcess();
  return (
    <RequireBooking check={hasServices} otherwise={adjacentStep(process, 'aika', -1)?.path ?? 'ajoneuvo'}>
      {/* A switch of office starts the calendar afresh. */}
      {(booking) => <Aika key={booking.organization?.id ?? 0} booking={booking} />}
    </RequireBooking>
  );
}

function Aika({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const reservation = useReservation(booking);
  const transfer = useTransferOrganization();
  const { office, reserved, lead, calendar, selectedDay, busy } = reservation;
  const heldTime = reserved ? formatReservation(reserved.start, reserved.end) : null;
  const duration = selectedDay ? slotDuration(selectedDay) : null;

  // A time the customer just chose is confirmed right under the times, followed by the
  // delivery choice. On a phone that line can fall under the sticky bar: it is scrolled
  // just into view (no further than needed), once per choice.
  const heldLine = useRef<HTMLParagraphElement>(null);
  const revealHeld = useRef(false);
  const heldKey = reserved ? `${reserved.start}|${reserved.end}` : null;
  useEffect(() => {
    if (!revealHeld.current || heldKey === null) return;
    revealHeld.current = false;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heldLine.current?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [heldKey]);
  const choose = (day: FreeTimeDay, slot: Slot) => {
    revealHeld.current = true;
    void reservation.reserve(day, slot).then((won) => {
      if (!won) revealHeld.current = false;
    });
  };

  return (
    <StepPage
      documentTitle={`Aika – ${process.title}`}
      title="Valitse aika"
      side={
        <>
          {/* The change is announced beside the times (.held-time), so this card is not live. */}
          <section className="card reserved" aria-label="Valittu aika">
            <h2 className="card__title">Valittu aika</h2>
            {lead.mode ? (
              lead.date ? (
                <p className="reserved__time">
                  <CheckIcon /> Toivottu päivä {formatFinnishDateLong(lead.date)}
                </p>
              ) : (
                <p className="muted">Et ole vielä valinnut päivää.</p>
              )
            ) : heldTime && reserved ? (
              <>
                <p className="reserved__time">
                  <CheckIcon />{' '}
                  {reserved.time_selection_type === 'DAY_ONLY' ? (
                    <time dateTime={reserved.start.slice(0, 10)}>{formatFinnishDateLong(reserved.start.slice(0, 10))}, päivän aikana</time>
                  ) : (
                    <time dateTime={reserved.start} aria-label={heldTime.label}>
                      {heldTime.text}
                    </time>
                  )}
                </p>
                {reservation.holdUntil && <p className="muted">Pidämme ajan sinulle klo {reservation.holdUntil} asti.</p>}
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
          {/* Read-only here: a cart change would release the time held for this cart. The
              car and office rows stay; the time has its own card above. */}
          <CartPanel booking={booking} time={false} />
        </>
      }
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: !reservation.canContinue,
        continueHint: lead.mode
          ? 'Valitse toivottu päivä.'
          : reservation.lockerBlocked
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
          <p className="office-info__details">
            <span>
              {office.address}, {office.post_code} {office.post_office}
            </span>{' '}
            <span>Avoinna ma–pe {formatOpeningHours(reservation.officeHours)}</span>
          </p>
        </section>
      )}

      {lead.mode ? (
        <>
          <StepSection id="lead-heading" title="Toivottu päivä">
            <p className="muted">
              Valitse päivä, jolloin toivoisit käyntiä. Otamme sinuun yhteyttä ja sovimme tarkan ajan.
            </p>
            <MonthCalendar value={lead.date} onChange={(date) => void lead.choose(date)} disabled={lead.pending} />
          </StepSection>
          <OrganizationInfoText organizationId={office?.id ?? null} />
        </>
      ) : (
        <>
          {reservation.holdLost && (
            <div className="notice notice--warning" role="alert">
              <p>Valitsemasi aika vapautui, koska sitä ei vahvistettu ajoissa. Valitse aika uudelleen.</p>
            </div>
          )}
          {/* On a phone the first times are in view on arrival: nothing optional comes before them. */}
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
                <h3 className="day-times__title">
                  {formatFinnishDate(selectedDay.date)}
                  {duration && <span className="day-times__duration"> · kesto {duration}</span>}
                </h3>
                <SlotList
                  day={selectedDay}
                  officeHours={reservation.officeHours}
                  reserved={reserved ? { start: reserved.start, end: reserved.end } : null}
                  onReserve={choose}
                  disabled={busy}
                  taken={reservation.taken}
                />
              </div>
            ) : null}
            <p className="held-time" role="status" ref={heldLine}>
              {reserved && heldTime && (
                <>
                  <CheckIcon /> <strong>Aika valittu:</strong>{' '}
                  {reserved.time_selection_type === 'DAY_ONLY'
                    ? `${formatFinnishDate(reserved.start.slice(0, 10))} päivän aikana`
                    : heldTime.text}
                  {reservation.holdUntil && (
                    <span className="held-time__until">Pidämme ajan sinulle klo {reservation.holdUntil} asti.</span>
                  )}
                </>
              )}
            </p>
          </StepSection>

          {/* Required, so right under the times; the optional choices come after it. */}
          <DeliveryOptions
            value={reservation.delivery}
            onChange={reservation.chooseDelivery}
            dayOnly={reservation.dayOnly}
            lockerFull={reservation.lockerFull}
          />
          <OrganizationInfoText organizationId={office?.id ?? null} />
          {reservation.mechanics.list.length > 0 && (
            <MechanicPicker
              resources={reservation.mechanics.list}
              value={reservation.mechanics.selected}
              onChange={(id) => void reservation.mechanics.choose(id)}
              disabled={busy}
            />
          )}
          <OtherOrganizations
            organizationId={office?.id ?? null}
            disabled={busy || transfer.isPending}
            onSwitch={async (other) => {
              reservation.beforeOfficeSwitch();
              // Switching office on this page transfers the booking with flag false (requirements §4).
              await transfer.mutateAsync({ organizationId: other.id, flag: false });
            }}
          />
        </>
      )}
    </StepPage>
  );
}
