/**
 * redirects.csv on the demo company, through the import's own path (importData): the demo's
 * redirects exported import back unchanged; a new make's redirect and a changed one answer
 * the customers' GET /redirect-settings at once; the same file again changes nothing; a bad
 * line is refused at its line and column and nothing changes; the export guards a cell a
 * spreadsheet would run and reads back equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import { refusal } from '#test/data-import.ts';
import { parseCsv } from './csv.ts';
import { exportData, importData } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await installChangeLog(t.db);
}, 60_000);
afterAll(() => t?.close());

const HEADER = 'make;url;message;delay_seconds;processes;active';
const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const apply = (text: string) => importData(t.db, { file: 'redirects', csv: text, apply: true }, null);

/** What the customers' page answers after the vehicle step for a plate, in a process. */
async function redirectOf(plate: string, processType: 'MAINTENANCE' | 'TIRE_CHANGE' = 'MAINTENANCE') {
  const c = new ApiClient(t.app);
  await c.init(processType);
  expect(json(await c.post('/search-vehicle', { registerNumber: plate, kilometers: 45600 })).responseCode).toBe('SUCCESS');
  return json(await c.get('/redirect-settings'));
}

describe('redirects.csv', () => {
  it("the demo's redirects exported import back with every row UNCHANGED and nothing written", async () => {
    const { csv: text } = await exportData(t.db, 'redirects');
    const rows = parseCsv(text).table!.rows.map((r) => Object.fromEntries(r.cells));
    expect(rows.map((r) => r.make)).toEqual(['BMW', 'Kia', 'Mini', 'Mitsubishi']);
    expect(rows[0]).toMatchObject({ url: 'https://bmw.example/huoltovaraus', delay_seconds: '5', processes: 'MAINTENANCE', active: 'kyllä' });
    const mark = await changeMark(t.db);
    const back = await apply(text);
    expect(back.counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 4, OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it("a new make's redirect and a changed one answer the customers at once; the same file again changes nothing", async () => {
    const toyota = (await t.db.selectFrom('vehicle_make').select('name').where('name', 'ilike', 'toyota').executeTakeFirstOrThrow()).name;
    expect(await redirectOf('TOY-123')).toBeNull();
    const file = csv(
      HEADER,
      `${toyota.toUpperCase()};https://toyota.example/varaa;Toyota-huollot varataan Toyotan omassa ajanvarauksessa.;3;MAINTENANCE|TIRE_CHANGE;`,
      // The demo's BMW by its name in small letters: its address changes, the rest stays.
      'bmw;https://bmw.example/uusi;BMW-huollot varataan BMW:n omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…;;;',
    );
    const made = await apply(file);
    expect(made.changes).toEqual([
      { key: toyota, action: 'CREATE', fields: [] },
      { key: 'BMW', action: 'UPDATE', fields: ['url'] },
    ]);
    const toyotaAnswer = { redirectUrl: 'https://toyota.example/varaa', redirectMessage: 'Toyota-huollot varataan Toyotan omassa ajanvarauksessa.', redirectDelay: 3 };
    expect(await redirectOf('TOY-123')).toEqual(toyotaAnswer);
    expect(await redirectOf('TOY-123', 'TIRE_CHANGE')).toEqual(toyotaAnswer);
    expect(await redirectOf('BMW-123')).toMatchObject({ redirectUrl: 'https://bmw.example/uusi', redirectDelay: 5 });
    expect(await redirectOf('ABC-123')).toBeNull();

    const mark = await changeMark(t.db);
    expect((await apply(file)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect(await changesSince(t.db, mark)).toEqual([]);

    // active ei turns a redirect off: the make books here again; columns left out keep their values.
    const off = await apply(csv('make;url;message;active', `${toyota};https://toyota.example/varaa;Toyota-huollot varataan Toyotan omassa ajanvarauksessa.;ei`));
    expect(off.changes).toEqual([{ key: toyota, action: 'UPDATE', fields: ['active'] }]);
    expect(await redirectOf('TOY-123')).toBeNull();
    const stored = await t.db
      .selectFrom('redirect_setting as r')
      .innerJoin('vehicle_make as m', 'm.id', 'r.make_id')
      .select(['r.redirect_delay', 'r.process_types'])
      .where('m.name', '=', toyota)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ redirect_delay: 3, process_types: ['MAINTENANCE', 'TIRE_CHANGE'] });
  });

  it('a bad line is refused at its line and column in Finnish, and nothing changes', async () => {
    const mark = await changeMark(t.db);
    const before = await exportData(t.db, 'redirects');
    const errors = await refusal(
      apply(
        csv(
          HEADER,
          'Kia;https://kia.example/uusi;Kia-huollot varataan Kian sivulla.;;;',
          'Trabant;https://trabant.example/;Viesti;;;',
          'Volvo;javascript:alert(1);Viesti;;;',
          'Volvo;https://volvo.example/;;61;HUOLTO;joo',
          'KIA;https://kia.example/toinen;Viesti;;;',
          'Skoda;https://skoda.example/;"=HYPERLINK(""https://example.com"")";;;',
          ';https://x.example/;Viesti;;;',
        ),
      ),
    );
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['3:make', '4:url', '5:message', '5:delay_seconds', '5:processes', '5:active', '6:make', '7:message', '8:make']);
    const message = (line: number, column: string) => errors.find((e) => e.line === line && e.column === column)!.message;
    expect(errors.every((e) => e.file === 'redirects.csv')).toBe(true);
    expect(message(3, 'make')).toMatch(/^Tuntematon merkki Trabant: kirjoita merkki kuten ajoneuvorekisterissä/);
    expect(message(4, 'url')).toBe('Anna osoite muodossa https://…');
    expect(message(5, 'delay_seconds')).toBe('Viive sekunteina, kokonaisluku 0–60');
    expect(message(5, 'processes')).toBe('Tuntematon palvelu HUOLTO: palvelut ovat MAINTENANCE, TIRE_CHANGE, TIRE_SALES, WINDSHIELD');
    expect(message(6, 'make')).toBe('Merkki KIA on jo rivillä 2');
    expect(message(7, 'message')).toMatch(/^Solu alkaa =-merkillä/);
    expect(await changesSince(t.db, mark)).toEqual([]);
    expect((await exportData(t.db, 'redirects')).csv).toBe(before.csv);
  });

  it('the export guards a cell a spreadsheet would run as a formula, and imports back equal', async () => {
    const made = await apply(csv('make;url;message', 'Kia;https://kia.example/huoltovaraus;-10 % huolloista Kian omassa ajanvarauksessa.'));
    expect(made.changes).toEqual([{ key: 'Kia', action: 'UPDATE', fields: ['message'] }]);
    const { csv: text } = await exportData(t.db, 'redirects');
    expect(text).toContain("Kia;https://kia.example/huoltovaraus;'-10 % huolloista Kian omassa ajanvarauksessa.;5;MAINTENANCE;kyllä");
    const mark = await changeMark(t.db);
    expect((await apply(text)).changes.every((c) => c.action === 'UNCHANGED')).toBe(true);
    expect(await changesSince(t.db, mark)).toEqual([]);
    expect(await redirectOf('KIA-123')).toMatchObject({ redirectMessage: '-10 % huolloista Kian omassa ajanvarauksessa.' });
  });
});
