import { useId, type ReactNode } from 'react';

/** A card of the booking page, a region named by its heading. */
export function BookingSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={['card', 'booking-detail__section', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
