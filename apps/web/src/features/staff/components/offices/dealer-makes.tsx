import './offices.css';
import { useState } from 'react';
import { FieldGroup } from '@/components/ui/field.tsx';
import { useVehicleMakes } from '@/features/staff/api/get-vehicle-makes.ts';
import { CheckboxList } from '@/features/staff/components/checkbox-list.tsx';

/**
 * 'Merkkiedustukset': the makes the office is an authorised dealer for, a checkbox each,
 * narrowed by a filter; the chosen ones are listed above the boxes, so a filter hides none
 * of them from view.
 */
export function DealerMakes({
  idPrefix,
  chosen,
  onChange,
  error,
}: {
  idPrefix: string;
  chosen: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const makes = useVehicleMakes();
  const [filter, setFilter] = useState('');
  const list = makes.data ?? [];
  const needle = filter.trim().toLocaleLowerCase('fi');
  const shown = needle === '' ? list : list.filter((m) => m.name.toLocaleLowerCase('fi').includes(needle));
  const chosenNames = list.filter((m) => chosen.includes(m.id)).map((m) => m.name);

  return (
    <FieldGroup id={idPrefix} legend="Merkkiedustukset" error={error} className="office-form__fieldset dealer-makes">
      <p className="field__hint" aria-live="polite">
        {chosen.length === 0 ? 'Ei valittuja merkkejä.' : `Valittu: ${chosenNames.join(', ') || `${chosen.length} merkkiä`}`}
      </p>
      {makes.isPending ? (
        <p className="staff-loading">Haetaan merkkejä…</p>
      ) : makes.isError ? (
        <p className="notice notice--warning">Merkkejä ei voitu hakea. Valitut merkit säilyvät tallennettaessa.</p>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${idPrefix}-filter`}>
              Suodata merkkejä
            </label>
            <input id={`${idPrefix}-filter`} className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
          </div>
          <CheckboxList
            className="dealer-makes__list"
            idPrefix={idPrefix}
            options={shown.map((m) => ({ value: m.id, label: m.name }))}
            chosen={chosen}
            onChange={onChange}
          >
            {shown.length === 0 && <p className="muted">Yksikään merkki ei vastaa suodatinta.</p>}
          </CheckboxList>
        </>
      )}
    </FieldGroup>
  );
}
