import type { Executor } from '#src/db/database.ts';

/** Deletes a desk booking's process that was not saved (a step failed): nothing of it stays. */
export async function deleteUnsavedProcess(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('process').where('token', '=', token).where('booking_id', 'is', null).execute();
}

/** The id of the booking a process saved. */
export async function bookingIdOfProcess(db: Executor, token: string): Promise<number> {
  const row = await db.selectFrom('process').select('booking_id').where('token', '=', token).executeTakeFirstOrThrow();
  return Number(row.booking_id);
}
