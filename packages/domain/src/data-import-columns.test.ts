import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_IMPORT_COLUMNS } from './data-import-columns.ts';
import { DATA_FILES } from './staff-setup.ts';

/** docs/data-import.md's table of a file: each column's name and whether it is required. */
function documented(file: string): { name: string; required: boolean }[] {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/data-import.md'), 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith(`${file}.csv`));
  if (!section) throw new Error(`docs/data-import.md has no section ${file}.csv`);
  return [...section.matchAll(/^\| `([a-z_]+)` \|[^|]*\| (yes|no) \|/gm)].map((m) => ({ name: m[1]!, required: m[2] === 'yes' }));
}

describe('DATA_IMPORT_COLUMNS', () => {
  it.each(DATA_FILES)('%s: the columns of docs/data-import.md, in order, required alike; each with a Finnish line and an example', (file) => {
    const columns = DATA_IMPORT_COLUMNS[file];
    expect(columns.map(({ name, required }) => ({ name, required }))).toEqual(documented(file));
    for (const c of columns) {
      expect(c.description.length, c.name).toBeGreaterThan(5);
      expect(c.example, c.name).not.toBe('');
    }
  });
});
