import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PROCESSES } from '@huolto/domain';
import { siteTitle } from '@/components/layout/site-settings-context.tsx';
import { paths } from '@/config/paths.ts';
import { FirstStep } from './first-step-page.tsx';

/**
 * Server side of the stand-alone first step, used at build time by scripts/prerender.mjs:
 * each process's vehicle step as HTML, the markup first-step-entry.tsx hydrates (the same
 * element tree; the settings are fetched by the page).
 */
export interface PrerenderedPage {
  /** The address the page answers ('/huolto/ajoneuvo'). */
  path: string;
  /** The document title PageTitle sets before the settings have loaded. */
  title: string;
  /** The contents of #root. */
  html: string;
}

export function prerenderFirstSteps(): PrerenderedPage[] {
  return Object.values(PROCESSES).map((process) => ({
    path: paths.vehicleStep(process),
    // Built before any company exists: the neutral title and brand ('Ajanvaraus'); the page puts
    // the company's name in both once GET /settings has answered (site-chrome.tsx, PageTitle).
    title: siteTitle(`Ajoneuvo – ${process.title}`, undefined),
    html: renderToString(
      <StrictMode>
        <FirstStep process={process} onAction={() => Promise.resolve()} />
      </StrictMode>,
    ),
  }));
}
