/**
 * The versions a request reads do not grow with the chain: a session call reads the
 * catalogue's version and its own office's, never every office's; the other offices' come
 * only when a call asks about them (withOfficeVersions), in one statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { findLiveSession } from './repository.ts';
import type { Executor } from '#src/db/database.ts';
import { readVersions, withOfficeVersions } from '#src/db/versions.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const c = new ApiClient(t.app);
  await prepareMaintenance(c, { organizationId: 3 });
  token = c.token!;
});
afterAll(async () => {
  await t?.close();
});

/** Every office's availability version as stored. */
async function stored(): Promise<Map<number, number>> {
  const rows = await t.db.selectFrom('availability_version').select(['organization_id', 'version']).execute();
  return new Map(rows.map((r) => [r.organization_id, Number(r.version)]));
}

describe('versions read by a request', () => {
  it('a session read carries the catalogue version and its own office’s only', async () => {
    const all = await stored();
    expect(all.size).toBeGreaterThan(10);
    const session = await findLiveSession(t.db, token);
    expect(session?.process.organization_id).toBe(3);
    expect([...session!.versions.offices]).toEqual([[3, all.get(3)]]);
    const catalogue = await t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
    expect(session!.versions.catalogue).toBe(Number(catalogue.version));
  });

  it('without a session no office version is read', async () => {
    expect((await readVersions(t.db)).offices.size).toBe(0);
  });

  it('withOfficeVersions adds the missing offices as stored, and reads nothing when none is missing', async () => {
    const all = await stored();
    const versions = (await findLiveSession(t.db, token))!.versions;
    await withOfficeVersions(t.db, versions, [3, 1, 2, 1, 999_999]);
    expect(new Map(versions.offices)).toEqual(new Map([3, 1, 2].map((id) => [id, all.get(id)])));
    // All of them known: no statement at all (a database that cannot be asked would throw).
    const unreachable = new Proxy({}, { get: () => { throw new Error('read the database'); } }) as Executor;
    await expect(withOfficeVersions(unreachable, versions, [1, 2, 3])).resolves.toBe(versions);
  });
});
