/**
 * `npm run data:import` on a new embedded database (migrated, started empty as DEMO_DATA=off,
 * no demo company), end to end in three runs of the command: the example files of
 * docs/data-import/ (the set-up's and the catalogue's) import in order in one run and make a chain that takes maintenance and
 * tire-change bookings, the same file again in that run changing nothing; a dry run and a bad
 * file change nothing, the bad one exiting 1 with its errors. The command line's other
 * refusals are runs of the same function in this process (runDataImport, before any database
 * is opened); the rows' checks are the import's own tests (modules/data-import).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DATA_IMPORT_USAGE, runDataImport } from './data-import-cli.ts';
import { Mailer } from './modules/mail/outbox.ts';
import { ApiClient, json, upcomingRange } from '#test/helpers.ts';

const root = join(import.meta.dirname, '../../..');
const examples = join(root, 'docs/data-import');
const dataDir = mkdtempSync(join(tmpdir(), 'huolto-data-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function environment() {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, INIT_CWD: root };
}

function dataImport(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/data-import.ts'), ...args], {
    cwd: root,
    env: environment(),
    encoding: 'utf8',
    input: '',
    timeout: 90_000,
  });
}

/** The command run in this process: its exit code and what it printed. */
async function dataImportHere(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runDataImport(args, { env: environment(), log: (l) => stdout.push(l), error: (l) => stderr.push(l) });
  return { status, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

async function withDatabase<T>(fn: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

describe('npm run data:import', () => {
  it('imports the example files into a new database in one run, the same file again changing nothing; a dry run and a bad file change nothing', async () => {
    const files = ['offices', 'resources', 'opening-hours', 'services', 'operations', 'extra-items', 'offers', 'campaign-codes', 'tires', 'vehicles', 'redirects'];
    // The last one again, by a path relative to where npm was run.
    const run = dataImport([...files.map((file) => join(examples, `${file}.csv`)), 'docs/data-import/services.csv']);
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const summaries = run.stdout.split('\n').filter((line) => line.startsWith('Tuotu '));
    expect(summaries).toHaveLength(files.length + 1);
    files.forEach((file, i) => {
      // A new office has the usual hours 7.30–17.00 already: TRE1's stay, JKL1's change.
      expect(summaries[i]).toMatch(file === 'opening-hours' ? 'Tuotu opening-hours.csv: 0 uutta, 1 muuttuu, 1 ennallaan.' : new RegExp(`^Tuotu ${file}\\.csv: [1-9]\\d* uutta, 0 muuttuu, 0 ennallaan\\.$`));
    });
    expect(summaries[files.length]).toBe('Tuotu services.csv: 0 uutta, 0 muuttuu, 8 ennallaan.');
    expect(run.stdout).toContain('HUOLTO: ennallaan');

    const changed = join(dataDir, 'hinnat.csv');
    writeFileSync(changed, 'code;group;stage;kind;name;price;duration_minutes\r\nHUOLTO;Määräaikaishuolto;DEFAULT;PRIMARY;Määräaikaishuolto valmistajan ohjelman mukaan;259,00;120\r\n');
    const dry = dataImport([changed, '--file', 'services', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('HUOLTO: muuttuu (price)');
    expect(dry.stdout).toContain('Kokeilu, mitään ei tallennettu');

    const bad = join(dataDir, 'resources-korjattu.csv');
    writeFileSync(bad, 'office_code;name;work_kinds\nTRE1;Nostin 3;TIRE_CHANGE\nOUL1;Nostin 1;MAINTENANCE\n');
    const refused = dataImport([bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('resources.csv rivi 3, sarake office_code: Tuntematon toimipiste OUL1');

    await withDatabase(async ({ db }) => {
      const offices = await db.selectFrom('organization').select(['code', 'active', 'maintenance', 'tire_change', 'opening_time']).orderBy('code').execute();
      expect(offices).toEqual([
        { code: 'JKL1', active: true, maintenance: true, tire_change: true, opening_time: '08:00:00' },
        { code: 'TRE1', active: true, maintenance: true, tire_change: true, opening_time: '07:30:00' },
      ]);
      const resources = await db.selectFrom('resource').select('name').execute();
      expect(resources).toHaveLength(4);
      expect(await db.selectFrom('product').select('price_cents').where('id', '=', 'HUOLTO').executeTakeFirstOrThrow()).toEqual({ price_cents: 24900 });
      // The catalogue's files: a service's extras and operations, the extra items, a campaign code with its validity.
      const extras = await db.selectFrom('product_additional').select('additional_product_id').where('product_id', '=', 'HUOLTO').orderBy('sort').execute();
      expect(extras.map((e) => e.additional_product_id)).toEqual(['JARRUNESTE', 'ILMASTOINTI']);
      expect(await db.selectFrom('product_operation').select('sort').where('product_id', '=', 'HUOLTO').execute()).toHaveLength(3);
      expect(await db.selectFrom('extra_order_item').select('id').orderBy('sort').execute()).toEqual([{ id: 'PYYHKIJAT' }, { id: 'PESUNESTE' }, { id: 'POLTTIMO-H7' }]);
      expect(await db.selectFrom('campaign_code').select(['code', 'valid_to']).where('code', '=', 'KEVAT2027').executeTakeFirstOrThrow()).toEqual({ code: 'KEVAT2027', valid_to: '2027-05-31' });
      const imports = await db.selectFrom('audit_event').select(['staff_user_id', 'entity_id']).where('entity', '=', 'IMPORT').orderBy('id').execute();
      expect(imports).toEqual(files.map((f) => ({ staff_user_id: null, entity_id: `${f}.csv` })));
      expect(await db.selectFrom('organization').select('id').where('code', '=', 'OUL1').executeTakeFirst()).toBeUndefined();
    });
  }, 300_000);

  it('refuses before opening the database: a file not in UTF-8 (1), a file it cannot read, a kind it cannot tell, --file for several files, no file (2)', async () => {
    const latin1 = join(dataDir, 'offices-latin1.csv');
    writeFileSync(latin1, Buffer.from('code;name\nTRE1;J\xe4rvenp\xe4\xe4\n', 'latin1'));
    const notUtf8 = await dataImportHere([latin1]);
    expect(notUtf8.status).toBe(1);
    expect(notUtf8.stderr).toContain('ei ole UTF-8-muotoinen');
    // A later file's fault stops the run before an earlier file is imported.
    const afterGood = await dataImportHere([join(examples, 'offices.csv'), latin1]);
    expect(afterGood).toMatchObject({ status: 1, stdout: '' });

    const missing = await dataImportHere([join(dataDir, 'offices.csv')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('ei voi lukea');
    const unnamed = join(dataDir, 'hinnat-2.csv');
    writeFileSync(unnamed, 'code;name\n');
    const unknown = await dataImportHere([join(examples, 'offices.csv'), unnamed]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Tiedoston hinnat-2.csv lajia ei tunneta');
    const twoWithKind = await dataImportHere([join(examples, 'offices.csv'), join(examples, 'services.csv'), '--file', 'services']);
    expect(twoWithKind.status).toBe(2);
    expect(twoWithKind.stderr).toContain('--file kertoo yhden tiedoston lajin');
    for (const args of [[], ['--help']]) {
      const help = await dataImportHere(args);
      expect(help).toMatchObject({ status: 2, stderr: DATA_IMPORT_USAGE });
    }
    expect((await dataImportHere([join(examples, 'offices.csv'), '--wrong'])).status).toBe(2);
  });

  it('--skip-refused: the register brings the rows that pass, prints the counts and the refused rows, and exits 0; without it the file is refused whole (1)', async () => {
    const register = join(dataDir, 'vehicles.csv');
    writeFileSync(register, 'register_number;make;model\nSKP-101;Toyota;Corolla\nX;Toyota;Yaris\nSKP-102;Skoda;=Octavia\nSKP-103;Volvo;V70\n');
    const strict = await dataImportHere([register]);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('vehicles.csv rivi 3, sarake register_number:');
    expect(strict.stderr).toContain('vehicles.csv rivi 4, sarake model: Solu alkaa =-merkillä');

    const skipped = await dataImportHere([register, '--skip-refused']);
    expect(skipped.status, skipped.stderr).toBe(0);
    expect(skipped.stdout).toContain('SKP-101: uusi');
    expect(skipped.stdout).toContain('Tuotu vehicles.csv: 2 uutta, 0 muuttuu, 0 ennallaan, 2 riviä hylätty.');
    expect(skipped.stderr.split('\n')).toEqual([expect.stringMatching(/^vehicles\.csv rivi 3, sarake register_number: /), expect.stringMatching(/^vehicles\.csv rivi 4, sarake model: Solu alkaa =-merkillä/)]);
    await withDatabase(async ({ db }) => {
      const cars = await db.selectFrom('vehicle').select('register_number').where('register_number', 'like', 'SKP-%').orderBy('register_number').execute();
      expect(cars.map((c) => c.register_number)).toEqual(['SKP-101', 'SKP-103']);
    });
  });

  it('the chain takes bookings: both offices listed, their services offered for maintenance and tire change, free times on the lifts', async () => {
    await withDatabase(async (database) => {
      const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: undefined, reminderIntervalMs: 0 };
      const mailer = new Mailer(database.db, { from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: join(dataDir, 'outbox') });
      const app = await buildApp({ config, database, mailer, logger: false });
      try {
        for (const [processType, stage, product] of [
          ['MAINTENANCE', 'DEFAULT', 'HUOLTO'],
          ['TIRE_CHANGE', 'TIRE_SERVICES', 'RENKAANVAIHTO'],
        ] as const) {
          const c = new ApiClient(app);
          await c.init(processType);
          const vehicle = await c.post('/set-vehicle', { make: 'Toyota', regNbr: 'ABC-123', model: 'Corolla', classification: { id: 1 } });
          expect(vehicle.statusCode, vehicle.body).toBe(200);
          const offices = json<{ id: number; name: string }[]>(await c.get('/compatible-organizations/v2'));
          expect(offices.map((o) => o.name).sort()).toEqual(['Esimerkkiketju Jyväskylä', 'Esimerkkiketju Tampere']);
          const tampere = offices.find((o) => o.name.endsWith('Tampere'))!;
          expect((await c.post('/active-organization/v2', { organizationId: tampere.id })).statusCode).toBe(200);
          const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(
            processType === 'MAINTENANCE' ? await c.get('/services/v2') : await c.get('/extra-services/v2', { stage: 'TIRE_SERVICES' }),
          );
          const offered = groups.flatMap((g) => g.suggestions.map((s) => s.product));
          expect(offered.map((p) => p.id)).toContain(product);
          const add = await c.post('/add-products-to-cart', { items: [{ productId: product, provider: offered.find((p) => p.id === product)!.provider, amount: 1 }], stage });
          expect(add.statusCode, add.body).toBe(200);
          const free = await c.post('/free-times', { ...upcomingRange(), resourceTimeSelectionTypes: ['EXACT_TIME'] });
          expect(free.statusCode, free.body).toBe(200);
          const days = json<{ calendarSlots: unknown[] }[]>(free);
          expect(days.some((d) => d.calendarSlots.length > 0), processType).toBe(true);
        }
      } finally {
        await app.close();
      }
    });
  }, 120_000);
});
