import './office-choices.css';
import type { StaffOffice } from '@huolto/domain';
import { CheckboxList } from '@/features/staff/components/checkbox-list.tsx';

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
      <CheckboxList
        className="users__office-grid"
        idPrefix={`${idPrefix}-office`}
        options={offices.map((o) => ({ value: o.id, label: o.name }))}
        chosen={chosen}
        onChange={onChange}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
