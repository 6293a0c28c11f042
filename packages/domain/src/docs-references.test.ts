import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The code and the docs cite the product's requirements, glossary and conventions; those
 * documents live in this repository (docs/), so that a reference can be opened by anyone
 * who clones it. This test keeps it so: every citation resolves, and nothing cites the
 * original documents outside the repository.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'bench-results']);
const SCANNED_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.sql', '.css', '.html', '.json', '.yml', '.yaml', '.sh']);
const SKIPPED_FILES = new Set(['package-lock.json', THIS_FILE]);

/** Every source, test, script and doc file of the repository, as paths relative to its root. */
function repositoryFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(ROOT, path);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) out.push(...repositoryFiles(path));
    } else if ((SCANNED_EXTENSIONS.has(extname(name)) || rel === '.ci/run') && !SKIPPED_FILES.has(rel) && !SKIPPED_FILES.has(name)) {
      out.push(rel);
    }
  }
  return out;
}

const FILES = repositoryFiles().map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

/** Letters and digits only, lower case: "Customer (sent)" and "customer sent" are the same name. */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** requirements.md's sections by number: "## 4. States and transitions" and the text up to the next one. */
function sectionsOf(markdown: string): Map<number, string> {
  const sections = new Map<number, string>();
  const parts = markdown.split(/^## /m).slice(1);
  for (const part of parts) {
    const m = /^(\d+)\. /.exec(part);
    if (m) sections.set(Number(m[1]), part);
  }
  return sections;
}

const REQUIREMENTS = readFileSync(join(ROOT, 'docs/requirements.md'), 'utf8');
const SECTIONS = sectionsOf(REQUIREMENTS);
const GLOSSARY_TEXT = squash(readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8'));
const CONVENTIONS_HEADINGS = new Set(
  [...readFileSync(join(ROOT, 'docs/conventions.md'), 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((m) => squash(m[1]!)),
);

interface Citation {
  file: string;
  line: number;
  sections: number[];
  names: string[];
}

/** The line a character offset falls on, from 1. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Names quoted right after a reference: `"Vehicle page", "Customer details page"`. */
const quotedNames = (s: string | undefined) => [...(s ?? '').matchAll(/"([^"\n]+)"/g)].map((m) => m[1]!);

/** Every `requirements §n` (also `requirements §4, §9` and `requirements §2 "Vehicle page"`). */
function requirementCitations(): Citation[] {
  const out: Citation[] = [];
  const pattern = /[Rr]equirements (§\d+(?:(?:, | and | or |, and )§\d+)*)((?: "[^"\n]+",?)*)/g;
  for (const { path, text } of FILES) {
    for (const m of text.matchAll(pattern)) {
      out.push({
        file: path,
        line: lineAt(text, m.index),
        sections: [...m[1]!.matchAll(/§(\d+)/g)].map((n) => Number(n[1])),
        names: quotedNames(m[2]),
      });
    }
  }
  return out;
}

/** References that lead outside the repository, with why each is wrong. */
const OUTSIDE = [
  { pattern: /\bSPEC\b/, why: 'cites SPEC: write "requirements §n" (docs/requirements.md)' },
  { pattern: /\bGLOSSARY\b/, why: 'cites GLOSSARY: write docs/glossary.md' },
  { pattern: /\bCONVENTIONS\b/, why: 'cites CONVENTIONS: write docs/conventions.md' },
  { pattern: /\bARCHITECTURE\.md\b/, why: 'cites ARCHITECTURE.md: write docs/architecture.md' },
  { pattern: /\.\.\/shared\/|\bshared\/(?:spec|design)\//, why: 'points at ../shared, outside the repository' },
];

describe('references to the requirements, glossary and conventions', () => {
  it('requirements.md has the sections §1–§9, in order', () => {
    expect([...SECTIONS.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('finds the citations it checks (the walk reaches the code)', () => {
    const cited = new Set(requirementCitations().map((c) => c.file.split('/')[0]));
    for (const top of ['apps', 'packages', 'docs']) expect(cited, top).toContain(top);
  });

  it('every "requirements §n" names a section of docs/requirements.md, and a quoted name after it is in that section', () => {
    const broken: string[] = [];
    for (const c of requirementCitations()) {
      for (const n of c.sections) {
        if (!SECTIONS.has(n)) broken.push(`${c.file}:${c.line}: requirements §${n} does not exist`);
      }
      // A name belongs to the last section of a list: `requirements §1, §4 "Login"`.
      const section = SECTIONS.get(c.sections.at(-1)!);
      for (const name of c.names) {
        const found = section !== undefined && name.split(':').every((part) => squash(section).includes(squash(part)));
        if (!found) broken.push(`${c.file}:${c.line}: "${name}" is not in requirements §${c.sections.at(-1)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/glossary.md "concept" and docs/conventions.md "section" cited exists', () => {
    const broken: string[] = [];
    for (const { path, text } of FILES) {
      for (const m of text.matchAll(/docs\/glossary\.md((?: "[^"\n]+",?)+)/g)) {
        for (const name of quotedNames(m[1])) {
          if (!GLOSSARY_TEXT.includes(squash(name))) broken.push(`${path}:${lineAt(text, m.index)}: glossary has no "${name}"`);
        }
      }
      for (const m of text.matchAll(/docs\/conventions\.md((?: "[^"\n]+",?)+)/g)) {
        for (const name of quotedNames(m[1])) {
          if (!CONVENTIONS_HEADINGS.has(squash(name))) broken.push(`${path}:${lineAt(text, m.index)}: conventions.md has no section "${name}"`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('no source, test, script or doc cites a document outside the repository', () => {
    const outside: string[] = [];
    for (const { path, text } of FILES) {
      text.split('\n').forEach((line, i) => {
        for (const { pattern, why } of OUTSIDE) {
          if (pattern.test(line)) outside.push(`${path}:${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(outside).toEqual([]);
  });

  it('the docs link only to files that exist in the repository', () => {
    const broken: string[] = [];
    for (const { path, text } of FILES.filter((f) => f.path.endsWith('.md'))) {
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const resolved = resolve(ROOT, dirname(path), target);
        if (!resolved.startsWith(ROOT + '/') || !existsSync(resolved)) broken.push(`${path}:${lineAt(text, m.index)}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
