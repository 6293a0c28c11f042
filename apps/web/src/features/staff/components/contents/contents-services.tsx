import { useId } from 'react';
import { formatEuros, type CataloguePreview, type StaffBookingDetail } from '@huolto/domain';
import type { ChosenItem } from './contents-model.ts';

/**
 * The services the desk may book for the car, each with its price and a tick (the booking's
 * own ticked), then the booking's lines the catalogue no longer offers (still ticked, at the
 * booking's price) and its other fixed rows (its extra rows `apart` are shown with the extra
 * rows), and the total of what is ticked.
 */
export function ContentsServices({
  booking,
  catalogue,
  selection,
  onToggle,
  total,
  error,
  apart = [],
}: {
  booking: StaffBookingDetail;
  catalogue: CataloguePreview;
  selection: readonly ChosenItem[];
  onToggle: (productId: string, checked: boolean) => void;
  total: number;
  error?: string | undefined;
  apart?: readonly { name: string; quantity: number; priceCents: number }[];
}) {
  const uid = useId();
  const errorId = `${uid}-error`;
  const offered = new Set(catalogue.groups.flatMap((g) => g.services.map((s) => s.code)));
  const chosen = (code: string) => selection.some((i) => i.productId === code);
  const amountOf = (code: string) => selection.find((i) => i.productId === code)?.amount ?? 1;
  const others = booking.items.filter((i) => i.productId !== null && !offered.has(i.productId));
  const left = [...apart];
  const extras = booking.items.filter((i) => {
    if (i.productId !== null) return false;
    const n = left.findIndex((a) => a.name === i.name && a.quantity === i.quantity && a.priceCents === i.priceCents);
    if (n >= 0) left.splice(n, 1);
    return n < 0;
  });
  return (
    <fieldset className="contents__services" aria-describedby={error ? errorId : undefined} id="contents-services" tabIndex={-1}>
      <legend className="field__label">Palvelut</legend>
      {catalogue.groups.length === 0 && <p className="notice notice--warning">Tälle autolle ei ole tarjolla palveluita tässä toimipisteessä.</p>}
      {catalogue.groups.map((g, gi) => (
        <section key={`${g.stage}-${gi}`} className="contents__group" aria-labelledby={`${uid}-g${gi}`}>
          <h3 id={`${uid}-g${gi}`} className="contents__group-title">
            {g.title}
          </h3>
          <ul className="contents__list">
            {g.services.map((s) => {
              const id = `${uid}-${gi}-${s.code}`;
              const amount = amountOf(s.code);
              return (
                <li key={s.code} className="contents__service">
                  <input id={id} type="checkbox" className="checkbox" checked={chosen(s.code)} onChange={(e) => onToggle(s.code, e.target.checked)} />
                  <label htmlFor={id}>
                    <span>
                      {s.name}
                      {chosen(s.code) && amount > 1 && <span className="muted"> × {amount}</span>}
                    </span>
                    <span className="contents__price">{formatEuros(s.priceCents * (chosen(s.code) ? amount : 1))}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {others.length + extras.length > 0 && (
        <section className="contents__group" aria-labelledby={`${uid}-others`}>
          <h3 id={`${uid}-others`} className="contents__group-title">
            Varauksen muut rivit
          </h3>
          {others.length > 0 && (
            <p className="muted contents__hint">Näitä ei nyt tarjota tälle autolle (tarkista mittarilukema). Jos muutat palveluita, poista nämä.</p>
          )}
          <ul className="contents__list">
            {others.map((item) => {
              const id = `${uid}-other-${item.productId}`;
              return (
                <li key={item.productId} className="contents__service">
                  <input id={id} type="checkbox" className="checkbox" checked={chosen(item.productId!)} onChange={(e) => onToggle(item.productId!, e.target.checked)} />
                  <label htmlFor={id}>
                    <span>{item.name}</span>
                    <span className="contents__price">{formatEuros(item.priceCents)}</span>
                  </label>
                </li>
              );
            })}
            {extras.map((item, i) => (
              <li key={`extra-${i}`} className="contents__service contents__service--fixed">
                <span>{item.name}</span>
                <span className="contents__price">{formatEuros(item.priceCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="contents__total" aria-live="polite">
        Yhteensä <strong>{formatEuros(total)}</strong>
      </p>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
