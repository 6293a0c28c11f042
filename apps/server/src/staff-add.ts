/**
 * `npm run staff:add -- --admin email` / `npm run staff:add -- --office 1,2 email`: adds a
 * back-office account to the database of the configuration (DATABASE_URL, or the embedded
 * database in DATA_DIR — with the server stopped, as the embedded database takes one
 * process). The password is asked twice without echo, or read from STAFF_PASSWORD; with
 * neither (no terminal) a strong one is made and printed once. There is no default password.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_PASSWORD_MIN_LENGTH, createStaffUserBody } from '@huolto/domain';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';
import { addAccount, officesByIds } from './modules/staff/index.ts';

const USAGE = `Käyttö:
  npm run staff:add -- --admin <sähköposti> [--name "Nimi"]
  npm run staff:add -- --office <toimipisteet, esim. 1,2> <sähköposti> [--name "Nimi"]
Salasana kysytään (tai STAFF_PASSWORD); vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`;

/** A refusal told to the user (exit code 2), after the database is closed. */
class Refusal extends Error {}
function fail(message: string): never {
  throw new Refusal(message);
}

/** Reads a line from the terminal without showing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          return reject(new Error('keskeytetty'));
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function passwordOf(): Promise<{ password: string; generated: boolean }> {
  if (process.env.STAFF_PASSWORD) return { password: process.env.STAFF_PASSWORD, generated: false };
  if (process.stdin.isTTY) {
    const first = await askHidden('Salasana: ');
    const second = await askHidden('Salasana uudelleen: ');
    if (first !== second) fail('Salasanat eivät täsmää.');
    return { password: first, generated: false };
  }
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { admin: { type: 'boolean' }, office: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1 || (!values.admin && !values.office) || (values.admin && values.office)) fail(USAGE);
  const email = positionals[0]!;
  const role = values.admin ? 'ADMIN' : 'OFFICE';
  const officeIds = values.office ? values.office.split(',').map((s) => Number(s.trim())) : [];
  const { password, generated } = await passwordOf();
  const parsed = createStaffUserBody.safeParse({ email, name: values.name ?? email.split('@')[0], role, officeIds, password });
  if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  try {
    // An account made on a new database is a real company's first: it starts empty, as the
    // server's DEMO_DATA=off, and no later start pours the demo company over it.
    await prepareDatabase(database, {}, { demoData: false });
    const known = await officesByIds(database.db, parsed.data.officeIds);
    if (known.length !== new Set(parsed.data.officeIds).size) fail(`Tuntematon toimipiste: ${values.office}`);
    const added = await addAccount(database.db, parsed.data);
    if (!added) fail(`Käyttäjä ${parsed.data.email} on jo olemassa.`);
    console.log(`Lisätty ${role === 'ADMIN' ? 'pääkäyttäjä' : 'toimipisteen käyttäjä'} ${parsed.data.email}.`);
    if (generated) console.log(`Salasana (näytetään vain nyt): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof Refusal ? 2 : 1);
});
