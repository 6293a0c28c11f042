import './tire-card.css';
import { useId, useState } from 'react';
import { TIRE_MARKING_TEXTS, TIRE_TYPE_LABELS, formatEuros, tireAmountChoice, type TireLabel } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { mediaUrl } from '@/lib/media.ts';
import type { TireSuggestion } from '@/features/tires/api/search-tires.ts';

export interface TireCardProps {
  tire: TireSuggestion;
  /** The amount preferred first: 4, or 2 for a car with different front and rear tires; the stock may allow fewer. */
  defaultAmount: number;
  /** Puts the tire in the cart with the amount; resolves when the cart is refreshed. */
  onChoose: (tire: TireSuggestion, amount: number) => Promise<unknown>;
  onRemove: (tire: TireSuggestion) => Promise<unknown>;
  disabled?: boolean;
  /** The example tire is marked as the suggestion for the car. */
  example?: boolean;
}

/** 'Varastossa 1 kpl – voit valita enintään 1': the stock, and the limit when it is the stock that sets it. */
export function stockText(stock: number, max: number): string {
  if (max === 0) return 'Ei varastossa – ei valittavissa';
  return stock <= max ? `Varastossa ${stock} kpl – voit valita enintään ${max}` : `Varastossa ${stock} kpl`;
}

/** The C and XL markings with a '?' that opens what they mean (a title attribute alone never shows on a phone). */
function Markings({ markings, id }: { markings: readonly string[]; id: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const explained = markings.filter((m) => TIRE_MARKING_TEXTS[m]);
  return (
    <>
      {markings.map((m) =>
        TIRE_MARKING_TEXTS[m] ? (
          <button
            key={m}
            type="button"
            className="tire-card__marking-button"
            aria-expanded={open === m}
            aria-controls={`${id}-marking-${m}`}
            onClick={() => setOpen((o) => (o === m ? null : m))}
          >
            <span className="badge tire-card__marking">{m}</span>
            <span className="tire-card__help" aria-hidden="true">
              ?
            </span>
            <span className="visually-hidden">Mitä merkintä {m} tarkoittaa?</span>
          </button>
        ) : (
          <span key={m} className="badge tire-card__marking">
            {m}
          </span>
        ),
      )}
      {explained.map((m) => (
        <span key={m} id={`${id}-marking-${m}`} className="tire-card__marking-text" hidden={open !== m}>
          <strong>{TIRE_MARKING_TEXTS[m]!.title}.</strong> {TIRE_MARKING_TEXTS[m]!.text}
        </span>
      ))}
    </>
  );
}

/** The EU tyre label's values in one compact row. */
function LabelValues({ label }: { label: TireLabel | null | undefined }) {
  if (!label) return <p className="tire-card__label tire-card__label--none muted">EU-rengasmerkintä ei koske nastarenkaita.</p>;
  return (
    <dl className="tire-card__label" aria-label="EU-rengasmerkintä">
      <div>
        <dt>Vierintävastus</dt>
        <dd className={`tire-card__class tire-card__class--${label.rollingResistance}`}>{label.rollingResistance}</dd>
      </div>
      <div>
        <dt>Märkäpito</dt>
        <dd className={`tire-card__class tire-card__class--${label.wetGrip}`}>{label.wetGrip}</dd>
      </div>
      <div>
        <dt>Melu</dt>
        <dd>
          {label.noiseDb} dB <span className="tire-card__noise">({label.noiseClass})</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * A tire as a card (requirements §2 "Product cards"): make, model, size with its load and speed
 * index and markings, the picture, the price of one tire and of the set installed
 * ('Sarja asennettuna'), rounded up; an amount and a button that puts it in the cart.
 */
export function TireCard({ tire, defaultAmount, onChoose, onRemove, disabled, example = false }: TireCardProps) {
  const id = useId();
  const t = tire.suggested_tire;
  const choice = tireAmountChoice(t.stock, defaultAmount);
  const [picked, setAmount] = useState<number | null>(null);
  // The stock may have changed since the customer picked: never more than there is.
  const amount = Math.min(picked ?? choice.initial, choice.max);
  const unavailable = choice.max === 0;
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
        <p className="tire-card__size">
          <span id={`${id}-size`}>
            {t.size_info} · {TIRE_TYPE_LABELS[t.tire_type]}
            {t.extra_markings.length > 0 && <span className="visually-hidden"> {t.extra_markings.join(' ')}</span>}
          </span>
          <Markings markings={t.extra_markings} id={id} />
        </p>
        <LabelValues label={t.label} />
        <p className={`tire-card__stock${unavailable ? ' tire-card__stock--out' : ' muted'}`} id={`${id}-stock`}>
          {stockText(t.stock, choice.max)}
        </p>
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
        ) : unavailable ? null : (
          <div className="tire-card__choose">
            <label className="tire-card__amount-label" htmlFor={`${id}-amount`}>
              Määrä
            </label>
            <select
              id={`${id}-amount`}
              className="input tire-card__amount"
              value={amount}
              disabled={disabled || busy}
              aria-describedby={`${id}-stock`}
              onChange={(e) => setAmount(Number(e.target.value))}
            >
              {choice.amounts.map((n) => (
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
