import './office-choices.css';
import type { StaffOffice } from '@huolto/domain';

/** 'Toimipisteet': the offices an office user runs, one checkbox each, with the field's error under them. */
export function OfficeChoices({
  offices,
  chosen,
  onChange,
  error,
  idPrefix,
}: {
  offices: StaffOffice[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-offices-error`;
  return (
    <fieldset className="users__offices" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Toimipisteet</legend>
      <div className="users__office-grid">
        {offices.map((o) => {
          const id = `${idPrefix}-office-${o.id}`;
          return (
            <div key={o.id} className="checkbox-row">
              <input
                id={id}
                type="checkbox"
                className="checkbox"
                checked={chosen.includes(o.id)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))}
              />
              <label htmlFor={id}>{o.name}</label>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
