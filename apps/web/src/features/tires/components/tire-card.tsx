import './tire-card.css';
import { useId, useState } from 'react';
import { TIRE_TYPE_LABELS, formatEuros } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { mediaUrl } from '@/lib/media.ts';
import type { TireSuggestion } from '@/features/tires/api/search-tires.ts';

/** Tires that can be ordered at once: a set of four, or two sets' worth for spares. */
export const TIRE_AMOUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export interface TireCardProps {
  tire: TireSuggestion;
  /** The amount offered first: 4, or 2 for a car with different front and rear tires. */
  defaultAmount: number;
  /** Puts the tire in the cart with the amount; resolves when the cart is refreshed. */
  onChoose: (tire: TireSuggestion, amount: number) => Promise<unknown>;
  onRemove: (tire: TireSuggestion) => Promise<unknown>;
  disabled?: boolean;
  /** The example tire is marked as the suggestion for the car. */
  example?: boolean;
}

/** '12 kpl varastossa' or 'Tilaustuote' (ordered for the customer). */
function stockText(stock: number): string {
  return stock > 0 ? `${stock} kpl varastossa` : 'Tilaustuote, toimitus 3–5 arkipäivää';
}

/**
 * A tire as a card (SPEC §2 "Product cards"): make, model, size with its load and speed
 * index and markings, the picture, the price of one tire and of the set installed
 * ('Sarja asennettuna'), rounded up; an amount and a button that puts it in the cart.
 */
export function TireCard({ tire, defaultAmount, onChoose, onRemove, disabled, example = false }: TireCardProps) {
  const id = useId();
  const t = tire.suggested_tire;
  const [amount, setAmount] = useState(defaultAmount);
  const [busy, setBusy] = useState(false);
  const title = `${t.make} ${t.description}`;
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const image = tire.additional_data.imageIds[0];

  return (
    <article
      className={`tire-card${tire.selected ? ' tire-card--selected' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-size`}
    >
      {image && (
        <img
          className="tire-card__image"
          src={mediaUrl(image)}
          alt={`Rengas ${title}`}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="tire-card__text">
        {example && <p className="tire-card__example">Suosituksemme autollesi</p>}
        <h4 className="tire-card__title" id={`${id}-title`}>
          <span className="tire-card__make">{t.make}</span> {t.description}
        </h4>
        <p className="tire-card__size" id={`${id}-size`}>
          {t.size_info} · {TIRE_TYPE_LABELS[t.tire_type]}
          {t.extra_markings.map((m) => (
            <span key={m} className="badge tire-card__marking">
              {m}
            </span>
          ))}
        </p>
        <p className="tire-card__stock muted">{stockText(t.stock)}</p>
      </div>
      <div className="tire-card__buy">
        <p className="tire-card__price">
          {formatEuros(tire.price)}
          <span className="tire-card__unit"> / kpl</span>
        </p>
        <p className="tire-card__set">
          Sarja asennettuna <strong>{formatEuros(t.set_price)}</strong>
        </p>
        {tire.selected ? (
          <div className="tire-card__chosen">
            <p className="tire-card__chosen-text" role="status">
              <CheckIcon /> Valittu
            </p>
            <Button variant="secondary" disabled={disabled || busy} onClick={() => run(() => onRemove(tire))}>
              Poista<span className="visually-hidden"> {title}</span>
            </Button>
          </div>
        ) : (
          <div className="tire-card__choose">
            <label className="tire-card__amount-label" htmlFor={`${id}-amount`}>
              Määrä
            </label>
            <select
              id={`${id}-amount`}
              className="input tire-card__amount"
              value={amount}
              disabled={disabled || busy}
              onChange={(e) => setAmount(Number(e.target.value))}
            >
              {TIRE_AMOUNTS.map((n) => (
                <option key={n} value={n}>
                  {n} kpl
                </option>
              ))}
            </select>
            <Button disabled={disabled || busy} onClick={() => run(() => onChoose(tire, amount))}>
              Valitse<span className="visually-hidden"> {title}</span>
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
