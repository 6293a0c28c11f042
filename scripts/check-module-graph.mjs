#!/usr/bin/env node
// The server's modules (apps/server/src/modules/<module>/) as a graph: module → the modules
// its code imports (tests left out, they may set up data through any module). Fails on a
// cycle between modules. `--print` also prints every module's edges. ESLint's import zones
// check the rest of the layering (eslint.config.js, docs/decisions/011-linting.md); this is
// a script because import-x/no-cycle parses the whole import tree and is much slower.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const modulesDir = path.resolve(import.meta.dirname, '../apps/server/src/modules');

/** Every import specifier of a source file: static, re-export, side-effect and dynamic. */
const IMPORT = /(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The module a file belongs to, or undefined when it is outside apps/server/src/modules/<module>/. */
function moduleOf(file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** The server's own import aliases (apps/server/package.json "imports"): `#src/…` is apps/server/src/…. */
const serverDir = path.resolve(modulesDir, '../..');
const ALIASES = { '#src/': path.join(serverDir, 'src'), '#test/': path.join(serverDir, 'test'), '#seed/': path.join(serverDir, 'seed') };

/** The file a relative or aliased specifier names; undefined for a package. */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return path.join(dir, specifier.slice(alias.length));
  }
  return undefined;
}

const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** module → (imported module → the importing lines, as "file: specifier") */
const graph = new Map(modules.map((module) => [module, new Map()]));
for (const module of modules) {
  for (const file of sourceFiles(path.join(modulesDir, module))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const resolved = resolveSpecifier(file, specifier);
      if (!resolved) continue;
      const target = moduleOf(resolved);
      if (!target || target === module) continue;
      const edges = graph.get(module);
      if (!edges.has(target)) edges.set(target, []);
      edges.get(target).push(`${path.relative(modulesDir, file)}: ${specifier}`);
    }
  }
}

/** Tarjan's strongly connected components; a component of two or more modules is a cycle. */
function cycles() {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (module) => {
    order.set(module, index);
    low.set(module, index);
    index += 1;
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module).keys()) {
      if (!order.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module), order.get(next)));
      }
    }
    if (low.get(module) === order.get(module)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const module of modules) if (!order.has(module)) visit(module);
  return found;
}

if (process.argv.includes('--print')) {
  for (const [module, edges] of graph) console.log(`${module} → ${[...edges.keys()].sort().join(', ') || '(nothing)'}`);
}

const found = cycles();
if (found.length > 0) {
  console.error('Import cycles between server modules (apps/server/src/modules):');
  for (const component of found) {
    console.error(`  ${component.join(' ⇄ ')}`);
    for (const from of component) {
      for (const [to, lines] of graph.get(from)) {
        if (component.includes(to)) for (const line of lines) console.error(`    ${from} → ${to}  (${line})`);
      }
    }
  }
  process.exit(1);
}
console.log(`Server modules: ${modules.length}, no import cycle between them.`);
