import { describe, expect, it } from 'vitest';
import { cleanMultilineText, cleanText, isStorableText } from './storable.ts';

describe('isStorableText', () => {
  it.each(['', 'Matti Meikäläinen', 'A\u0308', '😀 👨‍👩‍👧‍👦', '\uffff', '<script>alert(1)</script>', "'; DROP TABLE booking;--"])('takes %j', (s) => {
    expect(isStorableText(s)).toBe(true);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', 'a\ud83d', '\ude00b'])('refuses %j (NUL or an unpaired surrogate)', (s) => {
    expect(isStorableText(s)).toBe(false);
  });
});

describe('cleanText and cleanMultilineText', () => {
  it('one line: a line break or tab becomes a space, other controls and bidi overrides go', () => {
    expect(cleanText('Volvo\rDTSTART:2000')).toBe('Volvo DTSTART:2000');
    expect(cleanText('a\r\nb\nc\td\u000be\u000cf\u0085g\u2028h\u2029i')).toBe('a b c d e f g h i');
    expect(cleanText('\u0001x\u001f\u007fy\u0080\u009fz')).toBe('xyz');
    expect(cleanText('\u202aa\u202bb\u202cc\u202dd\u202ee\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh');
    expect(cleanText(' Matti Meikäläinen 😀 ')).toBe(' Matti Meikäläinen 😀 ');
  });

  it('several lines: line breaks become LF, other controls go', () => {
    expect(cleanMultilineText('a\r\nb\rc\u2028d\u0085e')).toBe('a\nb\nc\nd\ne');
    expect(cleanMultilineText('x\ty\u0007\u202ez\u0000')).toBe('x yz');
  });
});
