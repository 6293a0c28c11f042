import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's WCAG 2.1 A and AA checks, as e2e/accessibility.spec.ts runs them. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The phone and desktop windows the page-level browser tests check. */
export const PHONE = { width: 360, height: 780 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** A fresh context at a size, Finnish, without transitions (a colour is never measured mid-change). */
export async function pageAt(browser: import('playwright-core').Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, locale: 'fi-FI', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The page's axe violations now, one readable line per failing node; empty when there are none. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
  }, WCAG_TAGS);
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} – ${v.help}: ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`));
}
