import { PROCESSES, type ProcessDefinition, type ProcessType } from '@huolto/domain';
import { SITE_PAGES } from './site-pages.ts';

/**
 * Every route path of the app, written once (requirements §2). Step segments come from the
 * domain's PROCESSES so that the router, the progress bar and Back/Continue agree.
 */
export const paths = {
  root: '/',
  landing: '/etusivu',
  /** The booking's own page, linked from the confirmation e-mail (?varaus=&rekisteri=). */
  manageBooking: '/oma-varaus',
  privacy: SITE_PAGES.privacy,
  accessibility: SITE_PAGES.accessibility,
  /** '/huolto' */
  process: (process: ProcessDefinition | ProcessType) => `/${resolve(process).path}`,
  /** '/huolto/palvelut' */
  step: (process: ProcessDefinition | ProcessType, step: string) => `/${resolve(process).path}/${step}`,
  /** '/huolto/ajoneuvo' — where every process starts and where a reset goes. */
  vehicleStep: (process: ProcessDefinition | ProcessType) => `/${resolve(process).path}/ajoneuvo`,
} as const;

/** Step route segments used by the screens (requirements §2, docs/glossary.md "Route names"). */
export const STEP = {
  vehicle: 'ajoneuvo',
  services: 'palvelut',
  extraServices: 'lisapalvelut',
  office: 'toimpiste',
  tireSales: 'rengasmyynti',
  time: 'aika',
  customer: 'omat-tiedot',
  thanks: 'kiitos',
} as const;

function resolve(process: ProcessDefinition | ProcessType): ProcessDefinition {
  return typeof process === 'string' ? PROCESSES[process] : process;
}

/** The process whose route the given pathname is in, if any. */
export function processOfPathname(pathname: string): ProcessDefinition | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return Object.values(PROCESSES).find((p) => p.path === first);
}
