/**
 * The demo's kinds of work: each service says which kind it needs (maintenance, tire
 * change, wheel alignment, windshield work) and every demo resource can do every kind, so
 * the demo offers the same free times as before kinds of work existed. A set-up that gives a
 * resource fewer kinds narrows its free times to the carts it can serve.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/types.ts';

/** The service group of the demo's wheel alignments (services.ts). */
const WHEEL_ALIGNMENT_GROUP = 'wheel-alignment';

/**
 * Sets the kind of work of every seeded product and gives every resource every kind; the
 * resources are listed in id order.
 */
export async function seedWorkKinds(trx: Kysely<Database>): Promise<void> {
  await sql`UPDATE resource SET sort = id`.execute(trx);
  await sql`
    UPDATE product p SET work_kind = CASE
        WHEN g.kind = 'WINDSHIELD' THEN 'WINDSHIELD'
        WHEN g.id = ${WHEEL_ALIGNMENT_GROUP} THEN 'WHEEL_ALIGNMENT'
        WHEN g.stage = 'TIRE_SERVICES' THEN 'TIRE_CHANGE'
        ELSE 'MAINTENANCE' END
    FROM service_group g WHERE g.id = p.group_id`.execute(trx);
  await sql`
    INSERT INTO resource_work_kind (resource_id, work_kind)
    SELECT r.id, k.code FROM resource r CROSS JOIN work_kind k
    ON CONFLICT DO NOTHING`.execute(trx);
}
