/**
 * `npm run demo:large -- --offices 200 --years 3`: loads a chain of that size (seed/chain.ts)
 * into the database of the configuration — DATABASE_URL, or the embedded database in
 * DATA_DIR with the server stopped — for trying the product at a national chain's volume.
 * `--scale medium|large` takes a named size (DEMO_SCALE's); `--bookings N` sets about how
 * many bookings in all. A database that already has data is refused unless `--replace`
 * is given, which empties it first (its schema dropped and made again). The same `--seed`, size
 * and `--today` give the same data. Exit code: 0 loaded, 1 a failure, 2 a refusal.
 */
import { parseArgs } from 'node:util';
import { DATE_PATTERN, todayInHelsinki } from '@huolto/domain';
import { sql } from 'kysely';
import { DEFAULT_SEED, seed } from '#seed/index.ts';
import { SCALE_PRESETS, checkScale, type ChainScale } from '#seed/scale.ts';
import { loadConfig } from './config.ts';
import { migrate, openDatabase, type DatabaseHandle } from './db/database.ts';
import { isEmpty } from './db/seed-if-empty.ts';

const USAGE = `Käyttö:
  npm run demo:large -- [--scale medium|large] [--offices N] [--years N] [--bookings N] [--seed N] [--today VVVV-KK-PP] [--replace]
Lataa tietokantaan (DATABASE_URL tai DATA_DIR) annetun kokoisen ketjun esimerkkidatan.
Oletus: --scale large (200 toimipistettä, noin 2 000 000 varausta, 3 vuotta taaksepäin).
Tietokanta, jossa on jo dataa, hylätään; --replace tyhjentää sen ensin.`;

/** A refusal told to the user (exit code 2). */
class Refusal extends Error {}
function fail(message: string): never {
  throw new Refusal(message);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`--${name}: anna kokonaisluku (nyt '${value}').\n${USAGE}`);
  return Number(value);
}

/** The size asked for: a named size, changed by the numbers given. */
function scaleOf(values: { scale?: string; offices?: string; years?: string; bookings?: string }): ChainScale {
  const name = values.scale ?? 'large';
  if (name !== 'medium' && name !== 'large') fail(`--scale: medium tai large (nyt '${name}').\n${USAGE}`);
  const preset = SCALE_PRESETS[name];
  const offices = wholeNumber('offices', values.offices);
  const years = wholeNumber('years', values.years);
  const bookings = wholeNumber('bookings', values.bookings);
  // Offices or years of one's own without a total: the lifts are filled as a busy chain's.
  const own = offices !== undefined || years !== undefined;
  const scale: ChainScale = {
    offices: offices ?? preset.offices,
    years: years ?? preset.years,
    ...(bookings !== undefined ? { bookings } : own ? {} : { bookings: preset.bookings! }),
  };
  try {
    return checkScale(scale);
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
}

/** Empties the database: its schema goes with everything in it and comes back empty; the migrations fill it again. */
async function emptyDatabase(handle: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(handle.db);
  const schema = `"${rows[0]!.name.replace(/"/g, '""')}"`;
  await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(handle.db);
  await sql.raw(`CREATE SCHEMA ${schema}`).execute(handle.db);
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      offices: { type: 'string' },
      years: { type: 'string' },
      bookings: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      replace: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) fail(USAGE);
  const scale = scaleOf(values);
  const seedValue = wholeNumber('seed', values.seed) ?? DEFAULT_SEED;
  const today = values.today ?? todayInHelsinki();
  if (!DATE_PATTERN.test(today)) fail(`--today: muodossa VVVV-KK-PP (nyt '${today}').`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir}/pgdata)`;
  try {
    if (values.replace) await emptyDatabase(database);
    await migrate(database);
    if (!(await isEmpty(database.db))) {
      fail(`Tietokannassa ${where} on jo dataa: esimerkkiketju ladataan vain tyhjään tietokantaan. --replace tyhjentää sen ensin.`);
    }
    console.log(
      `Ladataan ${where}: ${scale.offices} toimipistettä, ${scale.years} vuotta taaksepäin` +
        `${scale.bookings !== undefined ? `, noin ${scale.bookings} varausta` : ''} (siemen ${seedValue}, päivä ${today})…`,
    );
    const started = performance.now();
    let told = 0;
    const summary = await seed(database.db, {
      today,
      seed: seedValue,
      scale,
      progress: ({ offices, bookings, expected }) => {
        const share = Math.floor((bookings / Math.max(1, expected)) * 10);
        if (share > told || offices === scale.offices) {
          told = share;
          console.log(`  ${offices}/${scale.offices} toimipistettä, ${bookings} varausta, ${Math.round((performance.now() - started) / 1000)} s`);
        }
      },
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(
      `Valmis ${seconds} s: ${summary.organizations} toimipistettä, ${summary.resources} nosturia, ${summary.bookings} varausta, ` +
        `${summary.vehicles} autoa, ${summary.loyaltyAccounts} kanta-asiakastiliä.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof Refusal ? 2 : 1);
});
