import type { z } from 'zod';

/** A jsonb value that does not have the shape the server stored in it. */
export class StoredJsonError extends Error {
  constructor(column: string, issues: string) {
    super(`Stored ${column} has an unexpected shape: ${issues}`);
    this.name = 'StoredJsonError';
  }
}

/**
 * A jsonb column's value, checked against the schema it was written with, as read: the
 * value itself is answered (its keys and their order as stored), only its shape is
 * checked. A value of another shape is an error, never cast.
 */
export function storedJson<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new StoredJsonError(column, checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  }
  return value as z.output<S>;
}
