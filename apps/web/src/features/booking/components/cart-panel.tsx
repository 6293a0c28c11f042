import './cart-panel.css';
import type { ReactNode } from 'react';
import { formatEuros, formatPrice, formatReduction, linePriceDisplay, totalPriceDisplay, type Booking, type OrderItem, type PriceDisplay } from '@huolto/domain';
import { CloseIcon } from '@/components/ui/icons.tsx';
import { formatReservation, vehicleText } from '@/features/booking/summary.ts';

export interface CartPanelProps {
  booking: Booking;
  /** Removes a service or product; without it the items have no remove button. */
  onRemoveItem?: (item: OrderItem) => Promise<unknown> | void;
  /** Removes an extra order item by id. */
  onRemoveExtraItem?: (id: string) => Promise<unknown> | void;
  /** A cart change is under way: the remove buttons wait. */
  busy?: boolean;
  /** Show the vehicle, office and reserved time above the items. */
  details?: boolean;
  /** false leaves the reserved time out of the details (a step that shows it on its own). */
  time?: boolean;
  title?: string;
  /** What an empty cart says; the tire sales step speaks of tires, not of services. */
  emptyText?: string;
  /** A line under an item, e.g. what a bundle holds. */
  itemNote?: (item: OrderItem) => ReactNode;
}

/** Whether the booking's total is below its normal price (a public campaign). */
export function hasCampaignTotal(price: Booking['price']): boolean {
  return price.has_public_campaign && price.normal_price > price.active_price;
}

/**
 * The shopping cart side panel (requirements §2 "Extra services page", "Customer details
 * page"): the order items with amount and price, the extra order items, the symptoms
 * and the total (the normal price struck through during a campaign), each item with a
 * remove button when the step allows changes. On phones it comes below the content;
 * the total also stays in the sticky bottom bar.
 */
export function CartPanel({
  booking,
  onRemoveItem,
  onRemoveExtraItem,
  busy,
  details = true,
  time = true,
  title = 'Ostoskori',
  emptyText = 'Et ole vielä valinnut palveluita.',
  itemNote,
}: CartPanelProps) {
  const extras = booking.extra_order_items;
  const empty = booking.order_items.length === 0 && extras.length === 0 && booking.symptoms.length === 0;
  const vehicle = vehicleText(booking.vehicle);
  const office = booking.organization;
  const reserved = booking.booking_total_duration;
  const reservation = reserved && time ? formatReservation(reserved.start, reserved.end) : null;
  const price = booking.price;
  // Reductions already taken off the total (campaign code, vouchers), so the lines add up to it.
  const discounts = booking.discounts.filter((d) => d.amount > 0);
  // A from-price says 'alkaen'; a quote request shows no price (price-display.ts).
  const totalDisplay = totalPriceDisplay(booking);

  return (
    <section className="summary cart card" aria-label={title}>
      <h2 className="summary__title">{title}</h2>
      {details && (vehicle || office || reservation) && (
        <dl className="summary__details">
          {vehicle && (
            <div>
              <dt>Auto</dt>
              <dd>
                {booking.vehicle?.register_number && <span className="plate">{booking.vehicle.register_number}</span>}{' '}
                {vehicle}
              </dd>
            </div>
          )}
          {office && (
            <div>
              <dt>Toimipiste</dt>
              <dd>
                {office.name}
                <br />
                {office.address}, {office.post_code} {office.post_office}
              </dd>
            </div>
          )}
          {reservation && reserved && (
            <div>
              <dt>Aika</dt>
              <dd>
                <time dateTime={reserved.start} aria-label={reservation.label}>
                  {reservation.text}
                </time>
              </dd>
            </div>
          )}
        </dl>
      )}

      {empty ? (
        <p className="summary__empty">{emptyText}</p>
      ) : (
        <ul className="summary__items cart__items">
          {booking.order_items.map((item) => (
            <li key={`${item.stage}:${item.product.id}`} className="cart__item">
              <span className="cart__description">
                {item.display_description}
                {/* A service is done once: its '1 kpl' says nothing; a tire's amount always does. */}
                {(item.amount !== 1 || item.product.provider === 'TIRE') && <span className="cart__amount">{item.amount} kpl</span>}
                {itemNote?.(item) && <span className="cart__note">{itemNote(item)}</span>}
              </span>
              <PriceText cents={item.price} display={linePriceDisplay(item.product.id, booking)} />
              {onRemoveItem && (
                <RemoveButton label={item.display_description} disabled={busy} onClick={() => onRemoveItem(item)} />
              )}
            </li>
          ))}
          {extras.map((item) => (
            <li key={`extra:${item.id}`} className="cart__item">
              <span className="cart__description">
                {item.description}
              </span>
              <span className="price">{formatEuros(item.price)}</span>
              {onRemoveExtraItem && (
                <RemoveButton label={item.description} disabled={busy} onClick={() => onRemoveExtraItem(item.id)} />
              )}
            </li>
          ))}
          {booking.symptoms.map((s) => (
            <li key={`symptom:${s.id}`} className="cart__item summary__item--symptom">
              <span className="cart__description">
                <span className="summary__label">Muu korjaus/huolto:</span> {s.description}
              </span>
              <span className="price price--muted">Hinta sovitaan</span>
            </li>
          ))}
          {discounts.map((d) => (
            <li key={`discount:${d.code}`} className="cart__item cart__item--discount">
              <span className="cart__description">{d.description}</span>
              <span className="price">
                <span className="visually-hidden">Alennus </span>{formatReduction(d.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}

      <p className="summary__total">
        <span>Yhteensä</span>
        <span className="cart__total-prices">
          {hasCampaignTotal(price) && totalDisplay === 'exact' && (
            <s className="cart__normal-total">
              <span className="visually-hidden">Normaalihinta </span>
              {formatEuros(price.normal_price)}
            </s>
          )}
          <PriceText cents={price.active_price} display={totalDisplay} total />
        </span>
      </p>
    </section>
  );
}

/** A price as price-display.ts says; 'alkaen …' and 'Hinta tarjouksen mukaan' may wrap in a narrow cart. */
function PriceText({ cents, display, total }: { cents: number; display: PriceDisplay; total?: boolean }) {
  const classes = ['price', total ? 'price--total' : null, display === 'exact' ? null : 'price--text'].filter(Boolean).join(' ');
  return <span className={classes}>{formatPrice(cents, display)}</span>;
}

function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button cart__remove"
      aria-label={`Poista ostoskorista: ${label}`}
      title="Poista"
      disabled={disabled}
      onClick={onClick}
    >
      <CloseIcon />
    </button>
  );
}
