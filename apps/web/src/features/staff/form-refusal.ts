import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldMessage, messageOf, showFieldErrors } from '@/lib/form-errors.ts';

/**
 * A back-office form's refused call on the form: the fields the server named go on those
 * fields (a 400's, through showFieldErrors, or a conflict's such as an address already
 * taken), anything else is the form's one problem, `errors.root.server` (ProblemNotice).
 */
export function showRefusal<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): void {
  if (showFieldErrors(error, setError, names)) return;
  const named = names.filter((name) => fieldMessage(error, name) !== undefined);
  named.forEach((name, i) => setError(name, { type: 'server', message: fieldMessage(error, name) }, { shouldFocus: i === 0 }));
  if (named.length === 0) setError('root.server', { type: 'server', message: messageOf(error) });
}
