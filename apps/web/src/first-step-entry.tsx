import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PROCESSES, type ProcessDefinition } from '@huolto/domain';
import { FirstStep, type FirstStepAction } from './first-step/first-step-page.tsx';
import { getProcessSession } from './lib/process-session.ts';
import { getLoyaltyToken } from './features/loyalty/loyalty-token.ts';
import { initRefusalOf, initSession } from './features/session/api/init-session.ts';
import { onRevealApp, reportInitFailure, requestLogin, requestVehicleSearch } from './lib/first-step-handoff.ts';
import { resetStoredProgress } from './stores/wizard-state.tsx';
import { STEP } from './config/paths.ts';

/*
 * The first page of a visit to a process's vehicle step ('/huolto/ajoneuvo' …): the page
 * prerendered by scripts/prerender.mjs, hydrated with React alone, so that the plate can be
 * typed and checked before the booking app (router, query cache, forms) has loaded. The
 * app's code is fetched as soon as the customer starts on the form; searching the plate or
 * logging in mounts the app beside this page, hidden, and the app shows itself in its place
 * once its own vehicle step is there (lib/first-step-handoff.ts). A tab that already has a
 * booking of this process, or an OmaLaakkonen login, goes straight to the app, which shows
 * the car and the account.
 */

/** What the page hands over for: an action of the customer's, or a booking that could not start. */
type HandOver = FirstStepAction | { type: 'init-failed' };

type LoadApp = () => Promise<{ mountApp: (root: HTMLElement) => void }>;

const loadApp: LoadApp = () => import('./app-entry.tsx');

function processOfVehiclePath(pathname: string): ProcessDefinition | null {
  const [processPath, step, ...rest] = pathname.split('/').filter(Boolean);
  if (step !== STEP.vehicle || rest.length > 0) return null;
  return Object.values(PROCESSES).find((p) => p.path === processPath) ?? null;
}

/** Whether this tab should start on the stand-alone page rather than the app. */
function startsStandalone(process: ProcessDefinition): boolean {
  const session = getProcessSession();
  const ongoing = session.token !== null && session.processType === process.type;
  return !ongoing && getLoyaltyToken() === null;
}

/** Mounts the first step, or the app when the tab has a booking or login of its own. Returns false when the address is no vehicle step. */
export function mountFirstStep(root: HTMLElement): boolean {
  const process = processOfVehiclePath(window.location.pathname.replace(/\/+$/, ''));
  if (!process) return false;
  if (!startsStandalone(process)) {
    void loadApp().then((m) => m.mountApp(root));
    return true;
  }

  let page: Root | null = null;
  let app: Promise<Awaited<ReturnType<LoadApp>>> | null = null;
  /** The app's code, fetched once: on the first touch of the page, or when it is needed. */
  const prefetch = () => (app ??= loadApp());
  let handedOver = false;
  const onAction = async (action: HandOver) => {
    if (handedOver) return;
    const { mountApp } = await prefetch().catch((err: unknown) => {
      app = null; // a later try fetches again
      throw err;
    });
    if (action.type === 'search') requestVehicleSearch(action.request);
    else if (action.type === 'login') requestLogin();
    if (handedOver) return; // a second action while the code was loading: the app is on its way
    handedOver = true;
    const appRoot = document.createElement('div');
    appRoot.hidden = true;
    root.after(appRoot);
    onRevealApp(() => {
      page?.unmount();
      root.remove();
      appRoot.id = 'root';
      appRoot.hidden = false;
      // The page the focus was on is gone: the main area takes it, where the app goes on.
      if (document.activeElement === null || document.activeElement === document.body) {
        document.getElementById('main')?.focus({ preventScroll: true });
      }
    });
    mountApp(appRoot);
  };
  // The booking starts on arrival, as in the app (requirements §4): the session is there for the
  // search. When it cannot start, the app shows why (and its retry) in the page's place.
  initSession(process.type)
    .then(resetStoredProgress)
    .catch((err: unknown) => {
      reportInitFailure(initRefusalOf(err));
      void onAction({ type: 'init-failed' }).catch(() => undefined);
    });
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    root.addEventListener(type, () => void prefetch().catch(() => undefined), { once: true, passive: true });
  }

  const element = (
    <StrictMode>
      <FirstStep process={process} onAction={onAction} />
    </StrictMode>
  );
  if (root.firstElementChild) {
    // Prerendered by the build: React takes over the markup as it is (what was typed stays),
    // in slices that leave the main thread free in between (a transition, not one long task).
    startTransition(() => {
      page = hydrateRoot(root, element);
    });
  } else {
    page = createRoot(root);
    page.render(element);
  }
  return true;
}
