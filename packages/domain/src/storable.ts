/**
 * What PostgreSQL can store, for the request schemas: text with a NUL character or an
 * unpaired UTF-16 surrogate fits neither a text nor a jsonb column (the query fails), and
 * a number outside PG_INT_MIN…PG_INT_MAX does not fit an integer column (a comparison with
 * one fails). The schemas refuse such input with 400 naming the field, where the query
 * would fail with 500. No zod here: both the classic and the zod/mini schemas use these.
 */

export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

/** NUL, a high surrogate without its low half, or a low surrogate without its high half. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the text as it is (in text and in jsonb). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
