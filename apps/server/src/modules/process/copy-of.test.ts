import { describe, expect, it } from 'vitest';
import { copyOf } from './session-memory.ts';

describe('copyOf', () => {
  it('copies a row as the driver answers it: equal, and nothing shared', () => {
    const row = {
      token: 't',
      count: 3,
      none: null,
      expires_at: new Date('2026-11-29T10:00:00Z'),
      cart: [{ productId: 'a', parameters: [{ code: 'x', value: 1 }] }],
      customer: { first_name: 'Maija', nested: { deep: [1, 2, { three: true }] } },
    };
    const copy = copyOf(row);
    expect(copy).toEqual(row);
    expect(copy.expires_at).toBeInstanceOf(Date);
    expect(copy.expires_at).not.toBe(row.expires_at);
    expect(copy.cart[0]!.parameters).not.toBe(row.cart[0]!.parameters);
    copy.cart[0]!.parameters[0]!.value = 2;
    copy.customer.nested.deep.push(4);
    expect(row.cart[0]!.parameters[0]!.value).toBe(1);
    expect(row.customer.nested.deep).toHaveLength(3);
  });

  it("keeps a stored JSON key '__proto__' as a key, without changing the copy's prototype", () => {
    const stored = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyOf(stored);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(stored));
  });

  it('copies what is not plain data with structuredClone', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const copy = copyOf({ bytes });
    expect(copy.bytes).toEqual(bytes);
    expect(copy.bytes).not.toBe(bytes);
  });
});
