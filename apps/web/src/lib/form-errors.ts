import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, type FieldError } from './api-client.ts';

/**
 * The one way a form reads a refused call, for the booking app and the back-office alike:
 * the server's 400 names fields (`{ fields: [{ path, message }] }`) and carries a Finnish
 * message; react-hook-form forms put the field messages on their fields (`showFieldErrors`).
 */

/** The server's Finnish message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown } | null | undefined;
  return typeof body?.message === 'string' && body.message !== '' ? body.message : null;
}

/** The per-field messages of a 400 answer. */
export function fieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.fields.filter((f) => f.message !== '');
}

/**
 * The field messages of a refusal (400 `fields`: `[{ path, message }]`, or already a map of
 * path → message) by field path, the first message of each field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields = (error as { fields?: unknown } | null)?.fields;
  const out: Record<string, string> = {};
  if (Array.isArray(fields)) {
    for (const f of fields as { path?: unknown; message?: unknown }[]) {
      const path = typeof f?.path === 'string' ? f.path : '';
      if (typeof f?.message === 'string' && !(path in out)) out[path] = f.message;
    }
  } else if (fields && typeof fields === 'object') {
    for (const [path, message] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof message === 'string') out[path] = message;
    }
  }
  return out;
}

/** The message of a field's error, if the server named that field. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((f) => f.path === field || f.path.endsWith(`.${field}`))?.message;
}

/** The server's own Finnish message of a refused call (4xx), or a general one. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message) return message;
  return 'Toiminto epäonnistui. Yritä hetken kuluttua uudelleen.';
}

/** Puts the server's per-field messages of a 400 on a react-hook-form's fields; false when it had none. */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]) {
  const fields = fieldErrors(error).filter((f) => (names as readonly string[]).includes(f.path));
  for (const f of fields) setError(f.path as Path<T>, { type: 'server', message: f.message }, { shouldFocus: true });
  return fields.length > 0;
}
