import './mechanic-picker.css';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
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
 * Where the office lets customers pick a mechanic: optional, so behind a link
 * 'Valitse oma mekaanikko' (open from the start once one is chosen). It reveals a select
 * and a lookup of the mechanic who served the customer last time by phone number. The
 * calendar then shows that mechanic's free times only.
 */
export function MechanicPicker({ resources, value, onChange, disabled }: MechanicPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(value !== null);
  const chosen = resources.find((r) => r.id === value);
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
    <section className="mechanic" aria-label="Oma mekaanikko">
      <button
        type="button"
        className="link-button mechanic__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((v) => !v)}
      >
        Valitse oma mekaanikko
        <ChevronIcon direction={open ? 'up' : 'down'} />
      </button>
      {!open && chosen && <p className="muted">Näytämme mekaanikon {chosen.name} vapaat ajat.</p>}
      <div id={`${id}-panel`} className="mechanic__panel card" hidden={!open}>
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
      </div>
    </section>
  );
}
