/**
 * Answers serialized by their response schema: a route's zod response schema becomes a
 * JSON Schema once (zod's own `z.toJSONSchema`), and fast-json-stringify — the serializer
 * Fastify itself uses for JSON Schemas — compiles it into a function that writes just the
 * keys the schema names. Compiled once per schema and process, so every app built in the
 * same process (tests build many) shares the functions.
 *
 * The JSON Schema given to fast-json-stringify is the answer's shape only, so that the
 * bytes of an answer the schema describes are those JSON.stringify wrote before, and a
 * value is never changed on the way out (decision 014):
 *
 * - Keys the schema does not name are left out (also of a nested object); an array's items
 *   and a record's values are written by their own schema.
 * - `null` is written as null wherever it comes (fast-json-stringify would write "" for a
 *   string, 0 for a number), a missing key is left out rather than refused, `integer` is
 *   written as any number (never truncated), and a `const` or `default` is never written
 *   in place of the value.
 * - A union (anyOf/oneOf: zod's z.union and z.discriminatedUnion; a `.nullable()` is not
 *   one) is written by the first branch the value is valid against, so a branch keeps what
 *   tells the branches apart: its own type and required keys, and every `const` and `enum`
 *   beneath it. A value that fits no branch is a 500.
 * - Checks that only refuse (formats, patterns, lengths, bounds) are dropped everywhere, and
 *   so is `additionalProperties: false` (zod writes it for every object; an unknown key is
 *   left out, not refused).
 * - What JSON Schema cannot say (a transform's output, a date object) is written as
 *   JSON.stringify writes it.
 * - A value of another type than the schema names (a number where it says a string, an
 *   object where it says a list) is a 500, as a zod parse would refuse it.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Keywords that only refuse a value: not needed to write one. */
const CHECKS_ONLY = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'contentEncoding',
  'contentMediaType',
]);

/** Keywords that describe and never change what is written. */
const NOTES_ONLY = new Set(['$schema', '$id', 'id', 'title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/** Keywords whose value is one subschema. */
const ONE_SUBSCHEMA = new Set(['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains']);
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`): X with null among its types. */
function nullableBranch(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const others = options.filter((o) => !(isSchema(o) && o.type === 'null' && Object.keys(o).length === 1));
  if (others.length !== 1 || !isSchema(others[0])) return undefined;
  const other = others[0];
  const { anyOf: _anyOf, ...siblings } = schema;
  // Only a branch that is one plain type (or any value) can take null beside it.
  if (other.anyOf || other.oneOf || other.allOf || other.$ref) return undefined;
  return { ...siblings, ...other, ...(other.type === undefined ? {} : { type: [other.type, 'null'].flat() }) };
}

/**
 * Where a subschema sits: outside any union (`free`), as a branch of a union (`branch`:
 * its own keywords choose the branch, exactly), or beneath a branch (`inBranch`: lenient
 * like `free`, but its `enum` and `const` stay, as they are checked when the branch is
 * chosen).
 */
type Place = 'free' | 'branch' | 'inBranch';

/**
 * The JSON Schema fast-json-stringify compiles from zod's JSON Schema of an answer (see the
 * module comment).
 */
export function forSerializing(schema: unknown, place: Place = 'free'): unknown {
  if (!isSchema(schema)) return schema;
  const collapsed = place === 'branch' ? undefined : nullableBranch(schema);
  if (collapsed) return forSerializing(collapsed, place);
  const below: Place = place === 'free' ? 'free' : 'inBranch';
  const lenient = place !== 'branch';
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CHECKS_ONLY.has(key) || NOTES_ONLY.has(key)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    // fast-json-stringify writes a missing key's default; the answer leaves it out.
    if (key === 'default') continue;
    if (key === 'required' && lenient) continue;
    if (key === 'const' || key === 'enum') {
      // Outside a union they are not needed (and a const would be written in place of the
      // value); in one they choose the branch, as a list (a const is written as it is).
      if (place === 'free') continue;
      const values = key === 'const' ? [value] : (value as unknown[]);
      out.enum = lenient && !values.includes(null) ? [...values, null] : values;
    } else if (key === 'type') {
      out.type = serializedType(value, lenient);
    } else if (key === 'anyOf' || key === 'oneOf') {
      out[key] = (value as unknown[]).map((branch) => forSerializing(branch, 'branch'));
    } else if (ONE_SUBSCHEMA.has(key)) {
      out[key] = forSerializing(value, below);
    } else if (SUBSCHEMA_LIST.has(key)) {
      out[key] = (value as unknown[]).map((sub) => forSerializing(sub, below));
    } else if (SUBSCHEMA_MAP.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, sub]) => [name, forSerializing(sub, below)]));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** `integer` written as any number; when lenient, null as null beside every type. */
function serializedType(type: unknown, lenient: boolean): unknown {
  const types = [type].flat().map((t) => (t === 'integer' ? 'number' : t));
  const unique = [...new Set(lenient ? [...types, 'null'] : types)];
  return unique.length === 1 ? unique[0] : unique;
}

/** zod's JSON Schema of an answer (what the OpenAPI document publishes too, in draft-07 form). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
}

export type Serialize = (data: unknown) => string;

const compiled = new WeakMap<z.ZodType, Serialize>();

/** The compiled serializer of a zod response schema, built on first use. */
export function serializerOf(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(forSerializing(answerJsonSchema(schema)) as Parameters<typeof fastJson>[0]) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}
