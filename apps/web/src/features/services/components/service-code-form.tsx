import './service-code-form.css';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { describedBy } from '@/components/ui/field.tsx';

/** Inline error when a code unlocks nothing (responseCode NOT_FOUND). */
export const SERVICE_CODE_NOT_FOUND = 'Koodilla ei löytynyt palveluita';

export type ServiceCodeResult = 'SUCCESS' | 'NOT_FOUND' | 'FAILED';

export interface ServiceCodeFormProps {
  /** The code the booking carries, if any. */
  code: string | null;
  /** Sends the code (blank → null); resolves to the outcome. */
  onApply: (value: string) => Promise<ServiceCodeResult>;
  onRemove: () => void;
  busy?: boolean;
}

/**
 * A service code from a campaign letter or a recall (docs/glossary.md "service code"), which
 * unlocks particular services. 'Käytä koodi' sends it; a code that unlocks nothing
 * gives an inline error; an applied code can be removed.
 */
export function ServiceCodeForm({ code, onApply, onRemove, busy }: ServiceCodeFormProps) {
  const id = `${useId()}-service-code`;
  const [value, setValue] = useState(code ?? '');
  const [error, setError] = useState<string | null>(null);

  // Follow the booking: a removed code empties the field.
  useEffect(() => {
    setValue(code ?? '');
  }, [code]);

  return (
    <form
      className="service-code card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        void onApply(value).then((result) => {
          if (result === 'NOT_FOUND') setError(SERVICE_CODE_NOT_FOUND);
        });
      }}
    >
      <h3 className="service-code__title">
        Onko sinulla palvelukoodi?
      </h3>
      {code !== null ? (
        <div className="service-code__applied" role="status">
          <p>
            Palvelukoodi <strong className="service-code__value">{code}</strong> on käytössä. Koodin palvelut näkyvät
            alla.
          </p>
          <Button variant="secondary" onClick={onRemove} disabled={busy}>
            Poista koodi
          </Button>
        </div>
      ) : (
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            Palvelukoodi
          </label>
          <p className="field__hint" id={`${id}-hint`}>
            Kampanjakirjeen tai takaisinkutsun koodi
          </p>
          <div className="service-code__row">
            <input
              id={id}
              className="input service-code__input"
              value={value}
              maxLength={100}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, { hint: true, error: !!error })}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(null);
              }}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              Käytä koodi
            </Button>
          </div>
          {error && (
            <p className="field__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
