/**
 * What PostgreSQL can store, for the request schemas: text with a NUL character or an
 * unpaired UTF-16 surrogate fits neither a text nor a jsonb column (the query fails), and
 * a number outside PG_INT_MIN…PG_INT_MAX does not fit an integer column (a comparison with
 * one fails). The schemas refuse such input with 400 naming the field, where the query
 * would fail with 500. And what the server stores of free text: no control characters
 * (cleanText, cleanMultilineText). No zod here: both the classic and the zod/mini schemas
 * use these.
 */

/* eslint-disable no-control-regex -- this module exists to find and remove control characters */

export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

/** NUL, a high surrogate without its low half, or a low surrogate without its high half. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the text as it is (in text and in jsonb). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Characters that must not reach a stored text: the C0 controls (line breaks and tab
 * included), DEL, the C1 controls, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) that make text read differently from what it holds.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Whatever ends a line somewhere: CR LF, CR, LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR; and tab. */
const LINE_BREAK = /\r\n|[\t\n\u000b\u000c\r\u0085\u2028\u2029]/g;

/**
 * One line of free text as it is stored (names, address, make and model, cart texts,
 * codes): a line break or tab becomes a space, so that words typed on two lines stay two
 * words, and every other control character (see CONTROL) is removed. Not trimmed. Nothing
 * meaningful is lost by this, so such text is cleaned rather than refused; NUL and unpaired
 * surrogates are refused before (isStorableText), as text that cannot be stored at all.
 */
export function cleanText(value: string): string {
  return value.replace(LINE_BREAK, ' ').replace(CONTROL, '');
}

/**
 * Free text of several lines (a change request, feedback): every kind of line break
 * becomes LF, a tab a space, and every other control character is removed. Not trimmed.
 */
export function cleanMultilineText(value: string): string {
  return value
    .replace(/\r\n|[\n\u000b\u000c\r\u0085\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
}
