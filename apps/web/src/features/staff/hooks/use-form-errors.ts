import { useCallback, useState } from 'react';
import { describedBy } from '@/components/ui/field.tsx';
import { fieldErrorsOf, messageOf } from '@/lib/form-errors.ts';

/**
 * A back-office form's errors: a message per field (the form's own checks, or the server's
 * 400 naming the field) and one problem for the whole form when the server's refusal names
 * no field. `invalid` gives a control its aria-invalid and aria-describedby.
 */
export function useFormErrors() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const refused = useCallback((err: unknown) => {
    const f = fieldErrorsOf(err);
    setFields(f);
    setProblem(Object.keys(f).length ? null : messageOf(err));
  }, []);
  const clear = useCallback(() => {
    setFields({});
    setProblem(null);
  }, []);
  const invalid = (field: string, id: string, hint = false) => ({
    'aria-invalid': fields[field] ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error: Boolean(fields[field]) }),
  });
  return { fields, setFields, problem, refused, clear, invalid };
}
