import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';

/** 'tel:0105254000' of '010 525 4000'. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The landing page and the process pages while the site takes no bookings (GET /settings
 * `bookingOpen` false: no active office with a resource offers a process yet): a page of its
 * own in place of the booking, with the booking line when there is one.
 */
export function BookingClosed({ bookingPhone, children }: { bookingPhone?: string | undefined; children?: ReactNode }) {
  return (
    <div className="page booking-closed">
      <PageTitle documentTitle="Ajanvaraus ei ole vielä avoinna">Ajanvaraus ei ole vielä avoinna</PageTitle>
      <p className="lead">
        Verkkoajanvaraus avataan pian.{' '}
        {bookingPhone ? (
          <>
            Voit varata ajan puhelimitse:{' '}
            <a href={telHref(bookingPhone)}>
              <span className="visually-hidden">Soita ajanvaraukseen: </span>
              {bookingPhone}
            </a>
            .
          </>
        ) : (
          'Tervetuloa uudelleen myöhemmin.'
        )}
      </p>
      {children}
    </div>
  );
}
