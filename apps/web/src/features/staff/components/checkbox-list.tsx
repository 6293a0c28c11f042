import type { ReactNode } from 'react';
import { CheckboxField } from '@/components/ui/field.tsx';

/**
 * A checkbox per option, ticked as `chosen` has its value; ticking one adds its value to the
 * list, unticking takes it away. Each box's id is `${idPrefix}-${value}`; `children` follow the
 * boxes inside the same block (a note when none is shown).
 */
export function CheckboxList<T extends string | number>({
  options,
  chosen,
  onChange,
  idPrefix,
  className,
  children,
}: {
  options: readonly { value: T; label: ReactNode }[];
  chosen: readonly T[];
  onChange: (values: T[]) => void;
  idPrefix: string;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {options.map(({ value, label }) => (
        <CheckboxField
          key={value}
          id={`${idPrefix}-${value}`}
          label={label}
          checked={chosen.includes(value)}
          onChange={(e) => onChange(e.target.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
        />
      ))}
      {children}
    </div>
  );
}
