/**
 * The back-office's demo accounts (listed in the README): an admin of the whole chain and
 * a user of office 1. A real deployment creates its first admin with `npm run staff:add`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { hashPassword } from '../src/lib/password.ts';

export const DEMO_STAFF_PASSWORD = 'Hallinta-demo-2026';
export const DEMO_STAFF = {
  admin: { email: 'admin@laakkonen.example', name: 'Pääkäyttäjä Demo', role: 'ADMIN', officeIds: [] },
  office: { email: 'toimipiste1@laakkonen.example', name: 'Toimipiste Demo', role: 'OFFICE', officeIds: [1] },
} as const;

export async function seedStaff(trx: Transaction<Database> | Kysely<Database>) {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const u of Object.values(DEMO_STAFF)) {
    const { id } = await trx
      .insertInto('staff_user')
      .values({ email: u.email, name: u.name, role: u.role, password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const organization_id of u.officeIds) await trx.insertInto('staff_user_office').values({ staff_user_id: id, organization_id }).execute();
  }
}
