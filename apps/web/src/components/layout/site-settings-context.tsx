import { createContext, useContext } from 'react';
import type { SiteSettings } from '@huolto/domain';

/**
 * What the site calls itself besides the company's name, and alone without one: the domain's
 * NEUTRAL_SERVICE_NAME, written here again because importing a value of the domain's site.ts
 * brings its zod schemas into the landing page's and first step's chunks (their budgets,
 * scripts/check-web-budget.mjs); site-settings-context.test.ts holds the two equal.
 */
export const SERVICE_NAME = 'Ajanvaraus';

/**
 * GET /settings as the pages around a page need it (the header's and footer's company name,
 * the document titles, the links a component shows only when one is given): provided once by
 * each entry's root (the app's RootLayout, the stand-alone landing page and first step);
 * undefined while the settings load or when they could not be read.
 */
export const SiteSettingsContext = createContext<SiteSettings | undefined>(undefined);

/** The settings of the site, or undefined while they load. */
export const useSiteSettings = (): SiteSettings | undefined => useContext(SiteSettingsContext);

/** The company's name: '' when none is given, undefined while the settings load. */
export const useCompanyName = (): string | undefined => useContext(SiteSettingsContext)?.companyName;

/** What the header and the titles call the site: the company's name, or 'Ajanvaraus' without one (also while loading). */
export const brandName = (companyName: string | undefined): string => companyName || SERVICE_NAME;

/** A page's document title: 'Etusivu – Ajanvaraus – Yritys', or 'Etusivu – Ajanvaraus' without a company name. */
export function siteTitle(pageTitle: string, companyName: string | undefined): string {
  return [pageTitle, SERVICE_NAME, companyName].filter(Boolean).join(' – ');
}
