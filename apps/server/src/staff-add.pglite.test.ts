import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { verifyPassword } from './lib/password.ts';

const root = join(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'huolto-staff-add-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function staffAdd(args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/staff-add.ts'), ...args], {
    cwd: root,
    env: { ...rest, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
}

describe('npm run staff:add', () => {
  it('adds the first admin to a new database, which starts empty, with a password made and shown once (no terminal, no STAFF_PASSWORD); the stored scrypt hash verifies that password', async () => {
    const made = staffAdd(['--admin', 'Pomo@Example.com', '--name', 'Pomo']);
    expect(made.status, made.stderr).toBe(0);
    const password = /Salasana \(näytetään vain nyt\): (\S+)/.exec(made.stdout)?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);
    // Another address, the same address again, a short password and no role are refused.
    expect(staffAdd(['--admin', 'pomo@example.com'], { STAFF_PASSWORD: 'pitka-salasana-2' }).status).toBe(2);
    const short = staffAdd(['--admin', 'toinen@example.com'], { STAFF_PASSWORD: 'lyhyt' });
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('password');
    expect(staffAdd(['toinen@example.com']).status).toBe(2);
    expect(staffAdd(['--admin', 'toinen@example.com'], { STAFF_PASSWORD: 'pitka-salasana-2' }).status).toBe(0);

    const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
    try {
      const rows = await database.db.selectFrom('staff_user').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.email, r.role, r.name])).toEqual([
        ['pomo@example.com', 'ADMIN', 'Pomo'],
        ['toinen@example.com', 'ADMIN', 'toinen'],
      ]);
      expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword(password!, rows[0]!.password_hash)).toBe(true);
      expect(await verifyPassword('pitka-salasana-2', rows[1]!.password_hash)).toBe(true);
      // The first account on a new database made it a real company's, started empty: no
      // demo company, and the mark that keeps a later default start from seeding one.
      expect(await database.db.selectFrom('organization').select('id').execute()).toEqual([]);
      const origin = await database.db.selectFrom('setting').select('value').where('key', '=', 'dataOrigin').executeTakeFirst();
      expect(origin?.value).toBe('EMPTY_START');
    } finally {
      await database.close();
    }
  }, 120_000);
});
