import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parse } from './parse.ts';
import { ValidationError } from './errors.ts';

function refusal(schema: z.ZodType, input: unknown) {
  try {
    parse(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }
  throw new Error('parsed');
}

describe('parse', () => {
  it("answers zod's own refusals in Finnish, naming each field", () => {
    const schema = z.object({ ids: z.array(z.number().int().positive()).max(2), kind: z.enum(['A', 'B']) });
    const tooMany = refusal(schema, { ids: [1, 2, 3], kind: 'C' });
    expect(tooMany.map((f) => f.path).sort()).toEqual(['ids', 'kind']);
    expect(tooMany.find((f) => f.path === 'ids')!.message).toMatch(/^Liian suuri/);
    expect(tooMany.find((f) => f.path === 'kind')!.message).toMatch(/^Virheellinen valinta/);
    const negative = refusal(schema, { ids: [-3], kind: 'A' });
    expect(negative).toEqual([{ path: 'ids.0', message: expect.stringMatching(/^Liian pieni/) }]);
    for (const f of [...tooMany, ...negative]) expect(f.message).not.toMatch(/expected|Invalid|Too (big|small)/);
  });
});
