import { describe, expect, it } from 'vitest';
import { FORMULA_MESSAGE, MAX_HEADER_CELLS, formatCents, parseBoolean, parseClock, parseCsv, parseDecimal, parseInteger, parseList, parseScaled, writeCsv } from './csv.ts';

const rowsOf = (text: string): Record<string, string | number>[] => {
  const read = parseCsv(text);
  if (!read.table) throw new Error(JSON.stringify(read.problems));
  return read.table.rows.map((r) => ({ line: r.line, ...Object.fromEntries(r.cells) }));
};

describe('parseCsv', () => {
  it('reads a header and rows separated by ;, with a BOM, quoted fields and "" escapes, CRLF', () => {
    const text = '\uFEFFcode; name ;note\r\nTRE1;"Tampere; keskusta";"sanoi ""moi"""\r\nJKL1;Jyväskylä;\r\n';
    const read = parseCsv(text);
    expect(read.table?.columns).toEqual(['code', 'name', 'note']);
    expect(rowsOf(text)).toEqual([
      { line: 2, code: 'TRE1', name: 'Tampere; keskusta', note: 'sanoi "moi"' },
      { line: 3, code: 'JKL1', name: 'Jyväskylä', note: '' },
    ]);
  });

  it('takes LF, CR and mixed line ends, skips empty lines and numbers rows by the line they start on', () => {
    expect(rowsOf('a;b\n1;2\n\n3;"x\ny"\n4;5')).toEqual([
      { line: 2, a: '1', b: '2' },
      { line: 4, a: '3', b: 'x\ny' },
      { line: 6, a: '4', b: '5' },
    ]);
    expect(rowsOf('a;b\r\n1;2\n3;4\r5;6')).toEqual([
      { line: 2, a: '1', b: '2' },
      { line: 3, a: '3', b: '4' },
      { line: 4, a: '5', b: '6' },
    ]);
    // A line of separators only is empty too; a short row's missing cells are ''.
    expect(rowsOf('a;b;c\n;;\n1')).toEqual([{ line: 3, a: '1', b: '', c: '' }]);
  });

  it('reads a comma-separated file when its header has commas and no semicolon', () => {
    expect(rowsOf('code,price\nA,"89,00"\n')).toEqual([{ line: 2, code: 'A', price: '89,00' }]);
  });

  it('refuses an unclosed quote, a row longer than the header, an empty file and text that was not UTF-8, naming the line', () => {
    expect(parseCsv('a;b\n1;"x\n').problems).toEqual([{ line: expect.any(Number), column: null, message: 'Lainausmerkki jää sulkematta' }]);
    expect(parseCsv('a;b\n1;2\n1;2;3\n').problems).toEqual([{ line: 3, column: null, message: 'Rivillä on 3 saraketta, otsikkorivillä 2' }]);
    expect(parseCsv('').problems[0]).toMatchObject({ line: 1 });
    expect(parseCsv('\uFEFF\r\n').problems[0]).toMatchObject({ line: 1 });
    expect(parseCsv('a;b\n1;2\nK\uFFFDyli\u00e4;3').problems).toEqual([
      { line: 3, column: null, message: 'Tiedosto ei ole UTF-8-muotoinen: tallenna se muodossa "CSV UTF-8"' },
    ]);
  });
});

describe('formulas and the row limit', () => {
  it("answers each cell that starts with = (spaces aside) as a formula, at its line and column; the writer's guarded '= and a leading + or - are values", () => {
    const read = parseCsv("a;b;c\n1;=SUM(A1);x\n\n'=2;\"  =HYPERLINK(\"\"u\"\")\";+358\n-5;=;'+1\n");
    expect(read.table?.formulas).toEqual([
      { line: 2, column: 'b', message: FORMULA_MESSAGE },
      { line: 4, column: 'b', message: FORMULA_MESSAGE },
      { line: 5, column: 'b', message: FORMULA_MESSAGE },
    ]);
    expect(FORMULA_MESSAGE).toBe('Solu alkaa =-merkillä: taulukko-ohjelma lukisi sen kaavana. Kirjoita arvo ilman sitä.');
    expect(rowsOf("a\n'=2\n'+1\n")).toEqual([
      { line: 2, a: '=2' },
      { line: 3, a: '+1' },
    ]);
    expect(parseCsv('a;b\n1;2\n').table?.formulas).toEqual([]);
  });

  it('with maxRows reads up to the first row past them and answers its line, however long the file', () => {
    const text = 'a;b\n\n' + Array.from({ length: 50_000 }, (_, i) => `${i};"x\ny"`).join('\n');
    const started = performance.now();
    const read = parseCsv(text, { maxRows: 200 });
    expect(performance.now() - started).toBeLessThan(500);
    // The header, an empty line, then two lines a row.
    expect(read.table).toEqual({ columns: ['a', 'b'], rows: [], formulas: [], overLimit: 3 + 200 * 2 });
    // Empty lines among the first rows: still the first row past the limit.
    expect(parseCsv('a\n\n;\n\n1\n\n2\n3\n', { maxRows: 1 }).table?.overLimit).toBe(7);
    // A row too long before the limit is named as such.
    expect(parseCsv('a\n1;2\n2\n3\n', { maxRows: 1 }).problems).toEqual([{ line: 2, column: null, message: 'Rivillä on 2 saraketta, otsikkorivillä 1' }]);
    // Read in parts from the beginning: a quoted cell of many lines across the first part's end, CR line ends.
    const long = `a;b\r\n1;"${'rivi\r\n'.repeat(20_000)}"\r\n` + Array.from({ length: 300 }, (_, i) => `${i + 2};x`).join('\r\n');
    expect(parseCsv(long, { maxRows: 200 }).table?.overLimit).toBe(2 + 20_001 + 199);
    expect(parseCsv(long.replaceAll('\r\n', '\r'), { maxRows: 200 }).table?.overLimit).toBe(2 + 20_001 + 199);
    expect(parseCsv(long, { maxRows: 301 }).table?.rows.map((r) => r.line).slice(0, 2)).toEqual([2, 2 + 20_001]);
    expect(parseCsv(`a\n"${'x\n'.repeat(50_000)}`, { maxRows: 5 }).problems).toEqual([{ line: expect.any(Number), column: null, message: 'Lainausmerkki jää sulkematta' }]);
    const at = parseCsv('a\n1\n\n', { maxRows: 1 });
    expect(at.table?.overLimit).toBeUndefined();
    expect(at.table?.rows).toHaveLength(1);
  });
});

describe('a huge file', () => {
  // The process's CPU time, not the clock's: the other processes of a busy machine do not count.
  const within = (ms: number, read: () => unknown) => {
    const started = process.cpuUsage();
    const answer = read();
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(ms);
    return answer as ReturnType<typeof parseCsv>;
  };

  it('one line of 4,000,000 characters, 4,000,000 empty lines, a header of 4,000,000 separators, a row of them: each answered within a second (the budget of an answer)', () => {
    // The header is checked before any row: a check that refuses it answers alone.
    const unknown = (columns: string[]) => columns.filter((c) => c !== 'a').map((c) => ({ line: 1, column: c.slice(0, 10), message: 'tuntematon' }));
    expect(within(1000, () => parseCsv('ö'.repeat(4_000_000), { maxRows: 200, checkHeader: unknown })).problems).toEqual([
      { line: 1, column: 'öööööööööö', message: 'tuntematon' },
    ]);
    expect(within(1000, () => parseCsv('\n'.repeat(4_000_000), { maxRows: 200 })).problems).toEqual([
      { line: 1, column: null, message: 'Tiedosto on tyhjä: ensimmäisellä rivillä on sarakkeiden nimet' },
    ]);
    expect(within(1000, () => parseCsv('a;b\n' + ';\n'.repeat(2_000_000) + '1;2\n', { maxRows: 200 })).table?.rows).toEqual([
      { line: 2_000_002, cells: new Map([['a', '1'], ['b', '2']]) },
    ]);
    expect(within(1000, () => parseCsv(';'.repeat(4_000_000), { maxRows: 200 })).problems).toEqual([
      { line: 1, column: null, message: `Otsikkorivillä on 4000001 saraketta: enintään ${MAX_HEADER_CELLS}` },
    ]);
    expect(within(1000, () => parseCsv('a;b\n1;2\nx' + ';'.repeat(4_000_000), { maxRows: 200 })).problems).toEqual([
      { line: 3, column: null, message: 'Rivillä on 4000001 saraketta, otsikkorivillä 2' },
    ]);
    expect(within(1000, () => parseCsv('a\n' + 'ö'.repeat(4_000_000), { maxRows: 200 })).table?.rows[0]?.cells.get('a')).toHaveLength(4_000_000);
  });

  it('reads quoted rows among plain ones in their order, and names the line of a quote problem past blank lines', () => {
    expect(rowsOf('a;b\n1;"x\ny"\n\n\n2;3\n"4";"5"\n')).toEqual([
      { line: 2, a: '1', b: 'x\ny' },
      { line: 6, a: '2', b: '3' },
      { line: 7, a: '4', b: '5' },
    ]);
    expect(parseCsv('a;b\n1;"x\ny"\n\n\n2;3\n"4"x;5\n').problems).toEqual([{ line: 7, column: null, message: 'Lainausmerkin jälkeen on muuta kuin erotin tai rivin loppu' }]);
    // A row of quoted empty cells is empty: the row past the limit is the one after it.
    expect(parseCsv('a\n1\n""\n2\n', { maxRows: 1 }).table?.overLimit).toBe(4);
  });
});

describe('writeCsv', () => {
  it('writes a BOM, ; and CRLF, quotes what needs it and guards formulas; what it writes reads back the same', () => {
    const rows = [
      ['TRE1', 'Tampere; keskusta', 'sanoi "moi"'],
      ['=SUM(A1)', '+358 40 123 4567', 'rivi 1\nrivi 2'],
      ['@x', '-5', ''],
      ['  =1+1', '\t=x', 'a=b'],
    ];
    const text = writeCsv(['a', 'b', 'c'], rows);
    expect(text.startsWith('\uFEFFa;b;c\r\n')).toBe(true);
    expect(text).toContain('"Tampere; keskusta";"sanoi ""moi"""\r\n');
    expect(text).toContain("'=SUM(A1);'+358 40 123 4567;");
    expect(text).not.toMatch(/(^|;|\n)\s*[=+@-]/);
    expect(parseCsv(text).table?.formulas).toEqual([]);
    expect(rowsOf(text).map(({ line: _line, ...cells }) => [cells.a, cells.b, cells.c])).toEqual(rows);
  });
});

describe('cells', () => {
  it('booleans: kyllä/ei, true/false, 1/0 in any case; anything else is undefined', () => {
    for (const v of ['kyllä', 'KYLLÄ', 'true', '1', ' True ']) expect(parseBoolean(v), v).toBe(true);
    for (const v of ['ei', 'EI', 'false', '0']) expect(parseBoolean(v), v).toBe(false);
    for (const v of ['', 'joo', '2', 'yes']) expect(parseBoolean(v), v).toBeUndefined();
  });

  it('prices: euros with a comma or a point to integer cents, and back', () => {
    expect(parseScaled('89,00', 2)).toBe(8900);
    expect(parseScaled('89.5', 2)).toBe(8950);
    expect(parseScaled('89', 2)).toBe(8900);
    expect(parseScaled('1 234,90', 2)).toBe(123490);
    expect(parseScaled('1\u00a0234,90', 2)).toBe(123490);
    for (const v of ['89,001', '8,9,0', 'abc', '', '89 €', '0x10']) expect(parseScaled(v, 2), v).toBeUndefined();
    expect(formatCents(8900)).toBe('89,00');
    expect(formatCents(5)).toBe('0,05');
    expect(formatCents(123490)).toBe('1234,90');
  });

  it('decimals, integers, lists and clock times', () => {
    expect(parseDecimal('61,4978')).toBe(61.4978);
    expect(parseDecimal('23.76')).toBe(23.76);
    expect(parseDecimal('61,')).toBeUndefined();
    expect(parseInteger('15')).toBe(15);
    expect(parseInteger('1.5')).toBeUndefined();
    expect(parseInteger('9999999999')).toBeUndefined();
    expect(parseList(' MAINTENANCE | TIRE_CHANGE ||')).toEqual(['MAINTENANCE', 'TIRE_CHANGE']);
    expect(parseList('')).toEqual([]);
    expect(parseClock('8.00')).toBe('08:00');
    expect(parseClock('08:30')).toBe('08:30');
    expect(parseClock('16:30:00')).toBe('16:30');
    for (const v of ['24:00', '8', '8:5', '12:60']) expect(parseClock(v), v).toBeUndefined();
  });
});
