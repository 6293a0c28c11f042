/**
 * docs/api.md beside the OpenAPI document: its list of every call is written from the
 * document (`npm run docs:api`, between the two markers), and the calls its hand-written
 * tables describe are read back, so that a test can hold the two together.
 */
import { API_BASE, LOYALTY_API_BASE, STAFF_API_PATH } from '@huolto/domain';
import type { OpenApiDocument } from './spec.ts';

export const CALL_INDEX_BEGIN = '<!-- docs:api:begin (written by `npm run docs:api` from the OpenAPI document; do not edit by hand) -->';
export const CALL_INDEX_END = '<!-- docs:api:end -->';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** `METHOD /path` of every operation of the document, parameters written `{id}`. */
export function documentCalls(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** A table cell's text on one line, with its pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

/**
 * The list of every call, by the document's tags in their order and by path within a tag:
 * `| `POST /ServiceBooking/rest/init-session` | Starts a booking process; … |`.
 */
export function renderCallIndex(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), tag: op.tags[0] ?? '', summary: op.summary })),
  );
  const byPath = (a: { path: string; method: string }, b: { path: string; method: string }) =>
    a.path === b.path ? METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()) : a.path < b.path ? -1 : 1;
  const out: string[] = [];
  for (const tag of doc.tags) {
    const ofTag = rows.filter((r) => r.tag === tag.name).sort(byPath);
    if (ofTag.length === 0) continue;
    out.push(`### ${tag.name}`, '', cell(tag.description), '', '| call | what it does |', '| --- | --- |');
    for (const r of ofTag) out.push(`| \`${r.method} ${r.path}\` | ${cell(r.summary)} |`);
    out.push('');
  }
  const untagged = rows.filter((r) => !doc.tags.some((t) => t.name === r.tag));
  if (untagged.length > 0) throw new Error(`operations without a known tag: ${untagged.map((r) => `${r.method} ${r.path}`).join(', ')}`);
  return out.join('\n');
}

/** The text between the markers, or undefined when api.md has no such section. */
export function callIndexOf(markdown: string): string | undefined {
  const begin = markdown.indexOf(CALL_INDEX_BEGIN);
  const end = markdown.indexOf(CALL_INDEX_END);
  if (begin < 0 || end < begin) return undefined;
  return markdown.slice(begin + CALL_INDEX_BEGIN.length, end).trim();
}

/** api.md with the section between the markers replaced by `index`. */
export function withCallIndex(markdown: string, index: string): string {
  const begin = markdown.indexOf(CALL_INDEX_BEGIN);
  const end = markdown.indexOf(CALL_INDEX_END);
  if (begin < 0 || end < begin) throw new Error(`docs/api.md has no ${CALL_INDEX_BEGIN} … ${CALL_INDEX_END} section`);
  return `${markdown.slice(0, begin + CALL_INDEX_BEGIN.length)}\n\n${index.trim()}\n\n${markdown.slice(end)}`;
}

/** The base path of each API part of api.md, by its top-level heading. */
const BASES: { heading: RegExp; base: string; method?: string }[] = [
  { heading: /^# Booking API/, base: API_BASE },
  { heading: /^# Staff API/, base: `${API_BASE}${STAFF_API_PATH}` },
  { heading: /^# Loyalty API/, base: LOYALTY_API_BASE, method: 'POST' },
];

export interface DescribedCall {
  /** `METHOD /full/path` with parameters written `{id}`. */
  call: string;
  line: number;
}

/**
 * The calls the hand-written tables of api.md describe: the first cell of each table row
 * (`POST /reserve-time`, `GET /offices/:officeId/day`, or a loyalty call's `/login/`),
 * under the base path of its part. The generated list is left out.
 */
export function describedCalls(markdown: string): DescribedCall[] {
  const out: DescribedCall[] = [];
  let part: (typeof BASES)[number] | undefined;
  let inIndex = false;
  markdown.split('\n').forEach((line, i) => {
    if (line.includes(CALL_INDEX_BEGIN)) inIndex = true;
    if (line.includes(CALL_INDEX_END)) inIndex = false;
    if (inIndex) return;
    if (/^# /.test(line)) part = BASES.find((b) => b.heading.test(line));
    const first = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1];
    if (!part || !first) return;
    const m = /^(?:(GET|POST|PUT|PATCH|DELETE) )?(\/[^\s?]*)(?:\?\S*)?$/.exec(first.replace(/`/g, ''));
    if (!m || (!m[1] && !part.method)) return;
    const path = `${part.base}${m[2]!.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    out.push({ call: `${m[1] ?? part.method} ${path}`, line: i + 1 });
  });
  return out;
}
