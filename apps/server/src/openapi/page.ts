/**
 * The API document as a server-rendered HTML page: no scripts and no inline styles (the
 * CSP allows only the site's own files), one style sheet served next to it.
 */
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './spec.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A short type of a JSON Schema: `string`, `integer | null`, `array of object`, `"A" | "B"`. */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map((s) => typeText(s)).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(schema.items as JsonSchema | undefined)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** Limits of a JSON Schema as text: `1–100 characters`, `pattern …`, `default …`. */
export function limitsText(schema: JsonSchema): string {
  const parts: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    const units = (n: unknown) => (unit ? ` ${unit}${n === 1 ? '' : 's'}` : '');
    if (min !== undefined && max !== undefined) parts.push(min === max ? `${min}${units(min)}` : `${min}–${max}${units(max)}`);
    else if (min !== undefined) parts.push(`at least ${min}${units(min)}`);
    else if (max !== undefined) parts.push(`at most ${max}${units(max)}`);
  };
  range(schema.minLength, schema.maxLength, 'character');
  range(schema.minItems, schema.maxItems, 'item');
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : undefined);
  const max = schema.maximum !== undefined && Number(schema.maximum) < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
  if (min !== undefined || max !== undefined) range(min, max, '');
  if (typeof schema.pattern === 'string') parts.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.description === 'string') parts.push(schema.description);
  return parts.join('; ');
}

const jsonBlock = (schema: unknown, label: string) =>
  `<details><summary>${escapeHtml(label)}</summary><pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre></details>`;

function fieldTable(caption: string, rows: { name: string; where?: string; required: boolean; schema: JsonSchema }[]) {
  if (rows.length === 0) return '';
  const where = rows.some((r) => r.where);
  return [
    '<table>',
    `<caption>${escapeHtml(caption)}</caption>`,
    `<thead><tr><th scope="col">name</th>${where ? '<th scope="col">in</th>' : ''}<th scope="col">type</th><th scope="col">required</th><th scope="col">limits</th></tr></thead>`,
    '<tbody>',
    ...rows.map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.name)}</code></td>${where ? `<td>${escapeHtml(r.where ?? '')}</td>` : ''}` +
        `<td><code>${escapeHtml(typeText(r.schema))}</code></td><td>${r.required ? 'yes' : 'no'}</td>` +
        `<td>${escapeHtml(limitsText(r.schema))}</td></tr>`,
    ),
    '</tbody></table>',
  ].join('\n');
}

function bodyFields(schema: JsonSchema) {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) return [];
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, required: required.has(name), schema: s }));
}

const SECURITY_TEXT: Record<string, string> = {
  processToken: 'the booking process (x-process-token header)',
  staffSession: 'a signed-in back-office user (staff session cookie)',
  xsrfHeader: 'the XSRF header (x-xsrf-token)',
  xsrfCookie: 'the XSRF-TOKEN cookie',
};

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const id = slug(op.operationId);
  const needs = Object.keys(op.security[0] ?? {}).map((k) => SECURITY_TEXT[k] ?? k);
  const out = [
    `<section class="call" aria-labelledby="${id}">`,
    `<h3 id="${id}"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(op.summary)}</p>`,
    ...(op.description ?? '')
      .split('\n\n')
      .filter(Boolean)
      .map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p class="needs">${needs.length ? `Needs ${escapeHtml(needs.join(', '))}.` : 'Needs no session and no XSRF header.'}</p>`,
  ];
  if (op.parameters?.length) {
    out.push(fieldTable('Query parameters', op.parameters.map((p) => ({ name: p.name, where: p.in, required: p.required, schema: p.schema }))));
  }
  const body = op.requestBody?.content['application/json']?.schema;
  if (body) {
    out.push('<h4>Request body</h4>');
    const fields = bodyFields(body);
    if (fields.length) out.push(fieldTable('Body fields (JSON)', fields));
    else out.push(`<p>JSON <code>${escapeHtml(typeText(body))}</code></p>`);
    out.push(jsonBlock(body, 'Request body JSON Schema'));
  }
  out.push('<h4>Responses</h4>', '<dl class="responses">');
  for (const [status, response] of Object.entries(op.responses)) {
    const r = response as { $ref?: string; description?: string; content?: Record<string, { schema?: unknown }> };
    const name = r.$ref?.split('/').pop();
    const text = name ? `See <a href="#${slug(name)}">${escapeHtml(name)}</a>.` : escapeHtml(r.description ?? '');
    out.push(`<dt>${escapeHtml(status)}</dt><dd>${text}`);
    for (const [type, media] of Object.entries(r.content ?? {})) {
      out.push(` <code>${escapeHtml(type)}</code>`);
      if (media.schema) out.push(jsonBlock(media.schema, 'Response JSON Schema'));
    }
    out.push('</dd>');
  }
  out.push('</dl>', '</section>');
  return out.join('\n');
}

/** The whole page: a contents list by tag, then each tag's calls. */
export function renderDocsPage(doc: OpenApiDocument, urls: { json: string; css: string }): string {
  const byTag = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const tag of op.tags) {
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)!.push({ method, path, op });
      }
    }
  }
  const tags = doc.tags.filter((t) => byTag.has(t.name));
  const responses = Object.entries(doc.components.responses ?? {}) as [string, { description: string }][];
  const count = [...byTag.values()].reduce((n, list) => n + list.length, 0);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.info.title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(urls.css)}">`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(doc.info.title)}</h1>`,
    `<p>${escapeHtml(doc.info.description)}</p>`,
    `<p>${count} calls. Machine-readable: <a href="${escapeHtml(urls.json)}">OpenAPI ${escapeHtml(doc.openapi)} document (JSON)</a>. Version ${escapeHtml(doc.info.version)}.</p>`,
    '</header>',
    '<nav aria-labelledby="contents">',
    '<h2 id="contents">Contents</h2>',
    '<ul>',
    ...tags.map((t) => `<li><a href="#${slug(t.name)}">${escapeHtml(t.name)}</a> (${byTag.get(t.name)!.length})</li>`),
    '<li><a href="#errors">Error answers</a></li>',
    '</ul>',
    '</nav>',
    '<main>',
    ...tags.flatMap((t) => [
      `<section aria-labelledby="${slug(t.name)}">`,
      `<h2 id="${slug(t.name)}">${escapeHtml(t.name)}</h2>`,
      `<p>${escapeHtml(t.description)}</p>`,
      ...byTag.get(t.name)!.map((c) => operationHtml(c.method, c.path, c.op)),
      '</section>',
    ]),
    '<section aria-labelledby="errors">',
    '<h2 id="errors">Error answers</h2>',
    '<p>Errors answer JSON <code>{ "error": code, "message": Finnish text, "fields"?: [{ "path", "message" }] }</code>.</p>',
    '<dl class="responses">',
    ...responses.map(([name, r]) => `<dt id="${slug(name)}">${escapeHtml(name)}</dt><dd>${escapeHtml(r.description)}</dd>`),
    '</dl>',
    '</section>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page's style sheet, served by the docs route (style-src 'self'). */
export const DOCS_CSS = `
:root { color-scheme: light; --ink: #1d2327; --muted: #50575e; --line: #d0d5da; --accent: #00557f; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem 4rem; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; }
h1 { font-size: 1.7rem; margin: 1rem 0 0.5rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--accent); }
h3 { font-size: 1.1rem; margin: 0 0 0.25rem; word-break: break-all; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
pre { overflow-x: auto; padding: 0.75rem; background: #f6f7f7; border: 1px solid var(--line); }
.call { margin: 1.25rem 0; padding: 1rem; border: 1px solid var(--line); border-radius: 4px; }
.method { display: inline-block; min-width: 4.5rem; padding: 0 0.4rem; border-radius: 3px; color: #fff; background: #3c434a; text-align: center; font-size: 0.85rem; }
.method-get { background: #00557f; }
.method-post { background: #1e6e2e; }
.method-put { background: #8a4b00; }
.method-delete { background: #a00; }
.needs { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f6f7f7; }
td:last-child { word-break: break-word; }
dl.responses { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.25rem 0; }
dl.responses dt { font-weight: 600; }
dl.responses dd { margin: 0; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; color: var(--accent); }
`.trimStart();
