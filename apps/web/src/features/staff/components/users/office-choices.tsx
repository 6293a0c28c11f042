import './office-choices.css';
import type { StaffOffice } from '@huolto/domain';
import { FieldGroup } from '@/components/ui/field.tsx';
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
  return (
    <FieldGroup id={`${idPrefix}-offices`} legend="Toimipisteet" error={error} className="users__offices">
      <CheckboxList
        className="users__office-grid"
        idPrefix={`${idPrefix}-office`}
        options={offices.map((o) => ({ value: o.id, label: o.name }))}
        chosen={chosen}
        onChange={onChange}
      />
    </FieldGroup>
  );
}
