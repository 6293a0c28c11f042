import { useId } from 'react';
import { formatEuros, type CataloguePreview } from '@huolto/domain';
import { durationText } from '@/features/staff/components/catalogue/catalogue-format.ts';

/**
 * The services the desk may book for the car, grouped as the catalogue groups them, each with
 * its price and duration and a tick; `missing` names the earlier booking's lines that are no
 * longer offered.
 */
export function DeskServices({
  catalogue,
  selected,
  onToggle,
  error,
  missing,
}: {
  catalogue: CataloguePreview;
  selected: readonly string[];
  onToggle: (code: string, checked: boolean) => void;
  error?: string | undefined;
  missing: readonly string[];
}) {
  const uid = useId();
  const errorId = `${uid}-error`;
  return (
    <fieldset className="desk__services" aria-describedby={error ? errorId : undefined} id="desk-services">
      {/* The card's heading says it; the legend names the ticks for a screen reader. */}
      <legend className="visually-hidden">Palvelut</legend>
      {missing.length > 0 && (
        <div className="notice notice--warning">
          <p>Näitä aiemman varauksen rivejä ei enää tarjota tälle autolle:</p>
          <ul>
            {missing.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {catalogue.groups.length === 0 && <p className="notice notice--warning">Tälle autolle ei ole tarjolla palveluita tässä toimipisteessä.</p>}
      {catalogue.groups.map((g, i) => (
        <section key={`${g.stage}-${g.title}-${i}`} className="desk__group" aria-labelledby={`${uid}-g${i}`}>
          <h3 id={`${uid}-g${i}`} className="desk__group-title">
            {g.title}
          </h3>
          <ul className="desk__service-list">
            {g.services.map((s) => {
              const id = `${uid}-${g.stage}-${i}-${s.code}`;
              return (
                <li key={s.code} className="desk__service">
                  <input
                    id={id}
                    type="checkbox"
                    className="checkbox"
                    checked={selected.includes(s.code)}
                    onChange={(e) => onToggle(s.code, e.target.checked)}
                  />
                  <label htmlFor={id}>
                    <span className="desk__service-name">{s.name}</span>
                    <span className="desk__service-meta">
                      <span className="muted">{durationText(s.durationMinutes)}</span>
                      <span className="desk__price">
                        {s.normalPriceCents !== null && s.normalPriceCents > s.priceCents && (
                          <span className="desk__normal-price">
                            <span className="visually-hidden">Normaalihinta </span>
                            {formatEuros(s.normalPriceCents)}
                          </span>
                        )}
                        {formatEuros(s.priceCents)}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
