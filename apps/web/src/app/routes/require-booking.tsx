import type { ComponentType, ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Booking } from '@huolto/domain';
import { useBooking } from '@/features/booking/api/get-booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, LoadingState } from '@/components/ui/spinner.tsx';
import { useProcess } from '@/app/process-context.tsx';

export interface RequireBookingProps {
  /** What the step needs of the booking; otherwise the customer is sent to `otherwise`. */
  check: (booking: Booking) => boolean;
  otherwise: string;
  children: (booking: Booking) => ReactNode;
}

/**
 * Loads the booking for a step and sends the customer to an earlier step when the
 * booking lacks what this one needs (e.g. a reload after the reservation expired).
 */
export function RequireBooking({ check, otherwise, children }: RequireBookingProps) {
  const { stepHref } = useProcess();
  const booking = useBooking();
  if (booking.isPending) return <LoadingState text="Ladataan varausta…" />;
  if (booking.isError || !booking.data) {
    return (
      <EmptyState title="Varauksen tietojen lataaminen epäonnistui">
        <Button onClick={() => void booking.refetch()}>Yritä uudelleen</Button>
      </EmptyState>
    );
  }
  if (!check(booking.data)) return <Navigate to={stepHref(otherwise)} replace />;
  return <>{children(booking.data)}</>;
}

/** The route of a step that needs a booking in a given state: the step, behind RequireBooking. */
export function bookingStep(
  Step: ComponentType<{ booking: Booking }>,
  check: RequireBookingProps['check'],
  otherwise: string,
) {
  return function BookingStepRoute() {
    return (
      <RequireBooking check={check} otherwise={otherwise}>
        {(booking) => <Step booking={booking} />}
      </RequireBooking>
    );
  };
}

export const hasVehicle = (b: Booking) => b.vehicle !== null;
export const hasServices = (b: Booking) =>
  b.vehicle !== null && b.organization !== null && (b.order_items.length > 0 || b.symptoms.length > 0);
/** A reserved time, or in lead mode a preferred date. */
export const hasReservation = (b: Booking) =>
  hasServices(b) && (b.booking_total_duration !== null || (b.lead_mode && b.lead_date !== null));
