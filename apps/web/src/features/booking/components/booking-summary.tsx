import './booking-summary.css';
import { formatFinnishDateLong, formatPrice, totalPriceDisplay, type PriceDisplay } from '@huolto/domain';
import { useBooking } from '@/features/booking/api/get-booking.ts';
import { formatReservation, type BookingSummaryModel } from '@/features/booking/summary.ts';

export interface BookingSummaryProps {
  summary: BookingSummaryModel | null;
  title?: string;
  isLoading?: boolean;
  /** Show the vehicle, office and time as well as the items. */
  details?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * The cart (requirements §2 "Customer details page": shopping-cart summary): what is chosen, the
 * prices right-aligned and the total, rounded up to whole euros.
 */
export function BookingSummary({ summary, title = 'Ostoskori', isLoading, details = true, headingLevel = 2 }: BookingSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const empty = !summary || (summary.items.length === 0 && summary.symptoms.length === 0);
  const reservation = summary?.start ? formatReservation(summary.start, summary.end) : null;
  const leadDate = !reservation ? (summary?.leadDate ?? null) : null;

  return (
    <section className="summary card" aria-label={title} aria-busy={isLoading || undefined}>
      <Heading className="summary__title">{title}</Heading>
      {details && summary && (summary.vehicle || summary.office || reservation || leadDate) && (
        <dl className="summary__details">
          {summary.vehicle && (
            <div>
              <dt>Auto</dt>
              <dd>
                {summary.registerNumber && <span className="plate">{summary.registerNumber}</span>} {summary.vehicle}
              </dd>
            </div>
          )}
          {summary.office && (
            <div>
              <dt>Toimipiste</dt>
              <dd>
                {summary.office.name}
                <br />
                {summary.office.address}, {summary.office.post_code} {summary.office.post_office}
              </dd>
            </div>
          )}
          {leadDate && (
            <div>
              <dt>Toivottu päivä</dt>
              <dd>
                <time dateTime={leadDate}>{formatFinnishDateLong(leadDate)}</time>
                <br />
                <span className="muted">Otamme yhteyttä ja sovimme tarkan ajan.</span>
              </dd>
            </div>
          )}
          {reservation && (
            <div>
              <dt>Aika</dt>
              <dd>
                <time dateTime={summary.start ?? undefined} aria-label={reservation.label}>
                  {reservation.text}
                </time>
              </dd>
            </div>
          )}
        </dl>
      )}
      {isLoading && !summary ? (
        <p className="summary__empty">Ladataan…</p>
      ) : empty ? (
        <p className="summary__empty">Et ole vielä valinnut palveluita.</p>
      ) : (
        <ul className="summary__items">
          {summary.items.map((item, i) => (
            <SummaryItemLine key={i} item={item} />
          ))}
          {summary.symptoms.map((s, i) => (
            <SymptomLine key={`s${i}`} description={s} />
          ))}
        </ul>
      )}
      {summary && <SummaryTotal total={summary.total} display={summary.totalDisplay} />}
    </section>
  );
}

/**
 * One line of a booking: what, how many ('4 kpl') and its price as price-display.ts says it
 * ('alkaen 390 €', 'Hinta tarjouksen mukaan'). The cart, the thanks page and /oma-varaus
 * show lines with it, so they read alike.
 */
export function SummaryItemLine({ item }: { item: { description: string; price: number; priceDisplay?: PriceDisplay | undefined; amount?: number | undefined } }) {
  return (
    <li className="summary__item">
      <span>
        {item.description}
        {item.amount !== undefined && item.amount > 1 && <span className="muted"> · {item.amount} kpl</span>}
      </span>
      <span className={`price${item.priceDisplay && item.priceDisplay !== 'exact' ? ' price--text' : ''}`}>{formatPrice(item.price, item.priceDisplay)}</span>
    </li>
  );
}

/** A symptom the customer described: its price is agreed later. */
export function SymptomLine({ description }: { description: string }) {
  return (
    <li className="summary__item summary__item--symptom">
      <span>
        <span className="summary__label">Muu korjaus/huolto:</span> {description}
      </span>
      <span className="price price--muted">Hinta sovitaan</span>
    </li>
  );
}

/** The total line, 'alkaen' or a quote as the lines are. */
export function SummaryTotal({ total, display }: { total: number; display?: PriceDisplay | undefined }) {
  return (
    <p className="summary__total">
      <span>Yhteensä</span>
      <span className={`price price--total${display && display !== 'exact' ? ' price--text' : ''}`}>{formatPrice(total, display)}</span>
    </p>
  );
}

/**
 * The total for the sticky bar on phones; `display` 'from' says 'alkaen', 'quote' shows no
 * price. Without `display` it is read from the booking in progress whose total this is,
 * so that every step's bar agrees with its cart.
 */
export function CartTotal({ total, display }: { total: number | undefined; display?: PriceDisplay }) {
  if (total === undefined) return null;
  return display ? <TotalText total={total} display={display} /> : <BookingCartTotal total={total} />;
}

function BookingCartTotal({ total }: { total: number }) {
  const booking = useBooking().data;
  return <TotalText total={total} display={booking && booking.price.active_price === total ? totalPriceDisplay(booking) : 'exact'} />;
}

function TotalText({ total, display }: { total: number; display: PriceDisplay }) {
  return (
    <p className="cart-total">
      <span>Yhteensä</span> <strong className={`price${display === 'exact' ? '' : ' price--text'}`}>{formatPrice(total, display)}</strong>
    </p>
  );
}
