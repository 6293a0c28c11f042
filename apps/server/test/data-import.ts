/**
 * Data-import test helpers: the refused rows of an import that must be refused.
 */
import { expect } from 'vitest';
import { ImportRefusedError } from '../src/modules/data-import/service.ts';

/** Awaits an import that must be refused (e.g. `refusal(importData(db, …))`); answers its refused rows. */
export async function refusal(attempt: Promise<unknown>) {
  const err = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRefusedError);
  return (err as ImportRefusedError).errors;
}
