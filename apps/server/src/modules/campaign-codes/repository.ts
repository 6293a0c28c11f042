/**
 * The campaign codes' SQL for the back-office: every code with the count of saved bookings
 * that carry it (booking.campaign_code), and the code's row written as it is.
 */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';

export type CampaignCodeRow = Selectable<Database['campaign_code']>;
export type CampaignCodeColumns = Omit<CampaignCodeRow, 'code'>;

/** A code's row with its bookings counted. */
export type CampaignCodeWithCount = CampaignCodeRow & { booking_count: number };

function withCounts(db: Executor) {
  return db
    .selectFrom('campaign_code as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('booking as b')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('b.campaign_code', '=', 'c.code')
        .as('booking_count'),
    );
}

/** Every code, active or not, by code. */
export async function listCampaignCodes(db: Executor): Promise<CampaignCodeWithCount[]> {
  const rows = await withCounts(db).orderBy('c.code').execute();
  return rows.map((r) => ({ ...r, booking_count: Number(r.booking_count ?? 0) }));
}

export async function findCampaignCode(db: Executor, code: string, forUpdate = false): Promise<CampaignCodeWithCount | undefined> {
  let q = withCounts(db).where('c.code', '=', code);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && { ...row, booking_count: Number(row.booking_count ?? 0) };
}

/** Inserts a code; false when the code is taken (nothing written). */
export async function insertCampaignCode(db: Executor, code: string, values: CampaignCodeColumns): Promise<boolean> {
  const rows = await db
    .insertInto('campaign_code')
    .values({ code, ...values })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .execute();
  return rows.length > 0;
}

export async function updateCampaignCodeRow(db: Executor, code: string, values: CampaignCodeColumns) {
  await db.updateTable('campaign_code').set(values).where('code', '=', code).execute();
}
