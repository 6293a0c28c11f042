import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, LOYALTY_API_BASE, searchVehicleBody } from '@huolto/domain';
import { createTestApp, type TestApp } from '#test/helpers.ts';
import { UNDOCUMENTED_TAG } from './route-schema.ts';
import type { OpenApiDocument } from './spec.ts';
import { DOCS_CSS_PATH, DOCS_PATH, OPENAPI_JSON_PATH } from './index.ts';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

/** A request schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1, without the top-level $schema. */
function inputJsonSchema(schema: z.ZodType) {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** Trailing slashes do not matter to the router (ignoreTrailingSlash). */
/** A path without its trailing slash, its parameters as the route tree writes them (`{id}` → `:id`). */
const norm = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).replace(/\{([A-Za-z]+)\}/g, ':$1');

/**
 * Every `METHOD path` of the app from Fastify's own route tree (printRoutes), not from
 * the document's onRoute hook; HEAD is left out (Fastify adds one to each GET).
 */
function routesOfTree(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${norm(stack.join(''))}`);
    }
  }
  return out;
}

function operations(d: OpenApiDocument) {
  return Object.entries(d.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
}

describe('OpenAPI document', () => {
  it('is shaped like OpenAPI 3.1: info, paths with operations, responses, named components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(80);
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      const methods = Object.keys(ops);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const method of methods) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        const op = ops[method]!;
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.responses['200'], `${method} ${path}`).toBeDefined();
        expect(ids.has(op.operationId), `operationId ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        for (const tag of op.tags) expect(tagNames, `${method} ${path}`).toContain(tag);
        for (const requirement of op.security) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
        // Every $ref points at something in the document.
        for (const ref of JSON.stringify(op).match(/"\$ref":"[^"]+"/g) ?? []) {
          const [, kind, name] = /#\/components\/(\w+)\/(\w+)/.exec(ref) ?? [];
          expect(doc.components[kind!]?.[name!], ref).toBeDefined();
        }
      }
    }
  });

  it('lists every route the app registers, each described by its own callSchema', () => {
    const registered = routesOfTree(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(80);
    const documented = new Set(operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${norm(path)}`));
    const missing = registered.filter((r) => !documented.has(r));
    expect(missing, 'routes missing from the API document').toEqual([]);
    const undescribed = operations(doc)
      .filter(({ op }) => op.tags.includes(UNDOCUMENTED_TAG) || op['x-undocumented'])
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undescribed, 'routes without schema: callSchema({…})').toEqual([]);
    // The tree and the document agree both ways.
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
    // Both APIs and the operational routes are in.
    expect(documented).toContain(`POST ${API_BASE}/init-session`);
    expect(documented).toContain(`POST ${LOYALTY_API_BASE}/login`);
    expect(documented).toContain('GET /health');
  });

  it('lists the calls in the order the routes are registered (the order of a booking)', () => {
    const ops = operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    const at = (key: string) => ops.indexOf(key);
    expect(at(`POST ${API_BASE}/init-session`)).toBeLessThan(at(`POST ${API_BASE}/search-vehicle`));
    expect(at(`POST ${API_BASE}/free-times`)).toBeLessThan(at(`POST ${API_BASE}/reserve-time`));
    expect(at(`POST ${API_BASE}/reserve-time`)).toBeLessThan(at(`POST ${API_BASE}/save-booking`));
  });

  it('gives request bodies the schemas the routes parse with', () => {
    const body = (method: string, path: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as
        | { type?: string; properties?: Record<string, unknown>; required?: string[]; items?: unknown }
        | undefined;

    const search = body('post', `${API_BASE}/search-vehicle`);
    expect(search).toEqual(inputJsonSchema(searchVehicleBody));
    expect(search?.required).toEqual(['registerNumber']);
    expect(Object.keys(search?.properties ?? {})).toEqual(['registerNumber', 'kilometers']);

    const customer = body('post', `${API_BASE}/customer/v2`);
    expect(customer?.required).toEqual(expect.arrayContaining(['first_name', 'last_name', 'phone_number', 'email']));
    expect(customer?.properties).toHaveProperty('post_code');
    expect(customer?.properties).toHaveProperty('direct_marketing_allowed');
    // A default makes a field optional for the client.
    expect(customer?.required).not.toContain('direct_marketing_allowed');

    expect(body('post', `${API_BASE}/reserve-time`)?.required).toEqual(expect.arrayContaining(['reservation', 'timeSelectionType']));
    expect(body('post', `${API_BASE}/symptoms`)?.type).toBe('array');
    expect(body('post', `${LOYALTY_API_BASE}/login/`)?.required).toEqual(['username', 'password']);
    expect(body('post', `${LOYALTY_API_BASE}/getActiveCars/`)?.required).toEqual(['token']);
    expect(body('get', `${API_BASE}/settings`)).toBeUndefined();
  });

  it('turns query schemas into query parameters', () => {
    const params = doc.paths[`${API_BASE}/find-organizations/v2`]!.get!.parameters!;
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['latitude', 'query', true],
      ['longitude', 'query', true],
      ['numberOfResults', 'query', false],
    ]);
    const init = doc.paths[`${API_BASE}/init-session`]!.post!;
    expect(init.parameters!.find((p) => p.name === 'usedProcessType')).toMatchObject({ required: true, schema: { enum: expect.arrayContaining(['MAINTENANCE']) } });
    expect(init.responses['200']).toMatchObject({ headers: { 'x-process-token': expect.anything() } });
  });

  it('says which calls need the process token, the XSRF header or are rate-limited', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    expect(op('post', `${API_BASE}/search-vehicle`).security).toEqual([{ processToken: [], xsrfHeader: [], xsrfCookie: [] }]);
    expect(op('post', `${API_BASE}/search-vehicle`).responses).toHaveProperty('429');
    expect(op('post', `${API_BASE}/search-vehicle`).responses).toHaveProperty('412');
    expect(op('get', `${API_BASE}/get-booking/v2`).security).toEqual([{ processToken: [] }]);
    expect(op('post', `${API_BASE}/init-session`).security).toEqual([{ xsrfHeader: [], xsrfCookie: [] }]);
    expect(op('post', `${API_BASE}/init-session`).responses).not.toHaveProperty('412');
    expect(op('get', `${API_BASE}/vehicle-makes`).security).toEqual([]);
    expect(op('post', `${LOYALTY_API_BASE}/getUserInfo/`).security).toEqual([{ xsrfHeader: [], xsrfCookie: [] }]);
    expect(op('get', OPENAPI_JSON_PATH).security).toEqual([]);
  });

  it('is served without a session or XSRF header', async () => {
    for (const url of [OPENAPI_JSON_PATH, DOCS_PATH, DOCS_CSS_PATH]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('API documentation page', () => {
  it('answers HTML that names the calls, grouped by tag, with the style sheet beside it', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<link rel="stylesheet" href="${DOCS_CSS_PATH}">`);
    expect(html).toContain(`href="${OPENAPI_JSON_PATH}"`);
    for (const path of [`${API_BASE}/search-vehicle`, `${API_BASE}/free-times`, `${API_BASE}/save-booking`, `${LOYALTY_API_BASE}/login/`]) {
      expect(html).toContain(`<code>${path}</code>`);
    }
    for (const tag of ['Vehicle', 'Time', 'Loyalty API', 'Operations']) expect(html).toMatch(new RegExp(`<h2 id="[a-z-]+">${tag}</h2>`));
    // The CSP allows no inline script or style.
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);
    // One h1, headings in order.
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('registerNumber');

    const css = await t.app.inject({ method: 'GET', url: DOCS_CSS_PATH });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.call');
  });
});
