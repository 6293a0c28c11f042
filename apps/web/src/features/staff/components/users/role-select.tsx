import type { ComponentProps } from 'react';
import { STAFF_ROLES, STAFF_ROLE_LABELS } from '@huolto/domain';
import { Field, describedBy } from '@/components/ui/field.tsx';

/** 'Rooli': admin or office user, in Finnish; the rest of the props go to the <select> (a form's register). */
export function RoleSelect({ id, error, ...select }: { id: string; error?: string } & Omit<ComponentProps<'select'>, 'id' | 'children'>) {
  return (
    <Field id={id} label="Rooli" error={error}>
      <select id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error: Boolean(error) })} {...select}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {STAFF_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </Field>
  );
}
