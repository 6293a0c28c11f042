import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notify, notifyMessage } from '../../../lib/notifications.ts';
import { fieldErrors, serverMessage } from '../api/loyalty-request.ts';

/** 429 with the server's message; anything else but a handled status is the server-error warning. */
export function notifyFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 429) {
    notify('ERROR', serverMessage(error) ?? 'Liian monta yritystä. Yritä myöhemmin uudelleen.');
  } else {
    notifyMessage('serverError');
  }
}

/** Puts the server's per-field messages of a 400 on the form's fields; false when it had none. */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]) {
  const fields = fieldErrors(error).filter((f) => (names as readonly string[]).includes(f.path));
  for (const f of fields) setError(f.path as Path<T>, { type: 'server', message: f.message }, { shouldFocus: true });
  return fields.length > 0;
}
