import './mechanic-picker.css';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import type { SelectableResource } from '@huolto/domain';
import { getResourceForCustomer } from '@/features/reservation/api/customer-resources.ts';

export interface MechanicPickerProps {
  resources: SelectableResource[];
  /** The chosen mechanic; null = anyone free. */
  value: number | null;
  onChange: (resourceId: number | null) => void;
  disabled?: boolean;
}

/**
 * Where the office lets customers pick a mechanic: a select, and a lookup of the
 * mechanic who served the customer last time by phone number. The calendar then shows
 * that mechanic's free times only.
 */
export function MechanicPicker({ resources, value, onChange, disabled }: MechanicPickerProps) {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  const lookUp = async () => {
    setLooking(true);
    setNote(null);
    try {
      const { resource } = await getResourceForCustomer(phone.trim());
      if (resource) {
        onChange(resource.id);
        setNote(`Edellisellä käynnilläsi autoasi huolsi ${resource.name}. Näytämme hänen vapaat aikansa.`);
      } else {
        setNote('Emme löytäneet tällä numerolla aiempaa käyntiä tässä toimipisteessä.');
      }
    } catch {
      setNote('Tarkista puhelinnumero.');
    } finally {
      setLooking(false);
    }
  };

  return (
    <section className="mechanic card" aria-labelledby={`${id}-title`}>
      <h3 className="card__title" id={`${id}-title`}>
        Oma mekaanikko
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-select`}>
          Mekaanikko
        </label>
        <select
          id={`${id}-select`}
          className="input"
          value={value ?? ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">Kuka tahansa vapaa mekaanikko</option>
          {resources.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <form
        className="mechanic__lookup"
        onSubmit={(e) => {
          e.preventDefault();
          if (phone.trim()) void lookUp();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-phone`}>
            Hae edellinen mekaanikkosi puhelinnumerolla
          </label>
          <input
            id={`${id}-phone`}
            className="input"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={disabled || looking || phone.trim() === ''}>
          Hae
        </Button>
      </form>
      <p className="muted" aria-live="polite">
        {note ?? ''}
      </p>
    </section>
  );
}
