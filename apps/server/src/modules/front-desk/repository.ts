import type { Executor } from '#src/db/database.ts';

/** The id of the booking a process saved. */
export async function bookingIdOfProcess(db: Executor, token: string): Promise<number> {
  const row = await db.selectFrom('process').select('booking_id').where('token', '=', token).executeTakeFirstOrThrow();
  return Number(row.booking_id);
}
