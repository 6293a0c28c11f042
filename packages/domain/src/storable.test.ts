import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable.ts';

describe('isStorableText', () => {
  it.each(['', 'Matti Meikäläinen', 'A\u0308', '😀 👨‍👩‍👧‍👦', '\uffff', '<script>alert(1)</script>', "'; DROP TABLE booking;--"])('takes %j', (s) => {
    expect(isStorableText(s)).toBe(true);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', 'a\ud83d', '\ude00b'])('refuses %j (NUL or an unpaired surrogate)', (s) => {
    expect(isStorableText(s)).toBe(false);
  });
});
