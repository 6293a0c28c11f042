import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers.ts';
import { CALL_INDEX_BEGIN, callIndexOf, describedCalls, documentCalls, renderCallIndex } from './api-doc.ts';
import { OPENAPI_JSON_PATH } from './index.ts';
import type { OpenApiDocument } from './spec.ts';

/** docs/api.md, written by hand beside the OpenAPI document, must not drift from it. */

const API_MD = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

describe('docs/api.md and the OpenAPI document', () => {
  it('lists every call of the document, as `npm run docs:api` writes it from the document now', () => {
    const index = callIndexOf(API_MD);
    expect(index, `docs/api.md has no ${CALL_INDEX_BEGIN} section`).toBeDefined();
    expect(index, 'docs/api.md lists other calls than the OpenAPI document: run `npm run docs:api`').toBe(renderCallIndex(doc).trim());
  });

  it('names in that list each route of the document once, and nothing else', () => {
    const listed = [...(callIndexOf(API_MD) ?? '').matchAll(/^\| `([A-Z]+ \/\S*)` \|/gm)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(80);
    expect([...listed].sort()).toEqual([...documentCalls(doc)].sort());
  });

  it('describes by hand only calls that the document has', () => {
    const calls = new Set(documentCalls(doc));
    const described = describedCalls(API_MD);
    // The Booking, Staff and Loyalty parts' tables are all read.
    expect(described.length).toBeGreaterThan(80);
    expect(described.map((d) => d.call)).toEqual(expect.arrayContaining(['POST /ServiceBooking/rest/reserve-time', 'GET /ServiceBooking/rest/staff/offices/{officeId}/day', 'POST /omalaakkonen/api/login/']));
    const unknown = described.filter((d) => !calls.has(d.call)).map((d) => `docs/api.md:${d.line}: ${d.call}`);
    expect(unknown, 'calls in docs/api.md that the OpenAPI document does not have').toEqual([]);
  });
});
