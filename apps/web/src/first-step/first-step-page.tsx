import '@/app/process-layout.css';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { API_BASE, type ProcessDefinition, type SiteSettings } from '@huolto/domain';
import { BookingClosed } from '@/components/layout/booking-closed.tsx';
import { SiteFooter, SiteHeader, type BrandLink } from '@/components/layout/site-chrome.tsx';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressSteps, type StepLink } from '@/components/ui/progress-steps.tsx';
import { paths, STEP } from '@/config/paths.ts';
import { LoyaltyCard, LoyaltyLoginPrompt } from '@/features/loyalty/components/loyalty-prompt.tsx';
import { ServiceBreakNotice, VehicleStepFrame } from '@/app/routes/vehicle-step-frame.tsx';
import { pushEvent } from '@/lib/analytics.ts';
import { markStepEventPushed, type VehicleSearchRequest } from '@/lib/first-step-handoff.ts';
import { PlateForm } from './plate-form.tsx';

const PlainBrandLink: BrandLink = ({ className, children }) => (
  <a href={paths.landing} className={className}>
    {children}
  </a>
);

/** The vehicle step has no finished steps to link back to; a plain link all the same. */
const PlainStepLink: StepLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

/** What the page hands to the booking app, which then carries on. */
export type FirstStepAction = { type: 'search'; request: VehicleSearchRequest } | { type: 'login' };

export interface FirstStepPageProps {
  process: ProcessDefinition;
  /**
   * GET /settings: the company's name in the header and title, the service-break notice,
   * whether the site takes bookings and whether it has the loyalty card; absent while it loads
   * (and when prerendered).
   */
  settings?: SiteSettings;
  /** The customer asked for something the booking app does: load it and hand over. */
  onAction?: (action: FirstStepAction) => void;
  /** The app is loading to carry out the action. */
  busy?: boolean;
  /** Why the app could not be loaded. */
  failure?: string | null;
  /**
   * The page's script runs (hydrated): until then the buttons that load the app are
   * disabled, so that a search asked before it is not a plain form submission that
   * reloads the page and loses what was typed.
   */
  interactive?: boolean;
}

/**
 * The vehicle step of a process as the first page of a visit (requirements §2 "Vehicle page"): the
 * same header, process frame, progress bar, texts and form as the app's ProcessLayout and
 * VehicleStepRoute show for a booking not yet started, without the router and the query
 * cache. It is rendered to HTML at build time (scripts/prerender.mjs) and hydrated by
 * first-step-entry.tsx, so the form can be filled and checked at once; searching the plate
 * or logging in loads the booking app, which takes over with what was typed.
 */
export function FirstStepPage({ process, settings, onAction, busy = false, failure = null, interactive = true }: FirstStepPageProps) {
  const loyaltyTitleId = useId();
  // 'Aloita alusta' of a booking not yet started: the form starts empty again.
  const [formKey, setFormKey] = useState(0);
  const active = STEP.vehicle;
  return (
    <SiteSettingsContext.Provider value={settings}>
      <SiteHeader BrandLink={PlainBrandLink} />
      <main id="main" className="site-main" tabIndex={-1}>
        {settings?.bookingOpen === false ? (
          <BookingClosed bookingPhone={settings.bookingPhone} />
        ) : (
          <div className="process">
            <div className="process__head">
              <p className="process__title">{process.title}</p>
              <Button variant="ghost" className="process__reset" onClick={() => setFormKey((k) => k + 1)} disabled={busy}>
                Aloita alusta
              </Button>
            </div>
            <ProgressSteps
              process={process}
              activeStep={active}
              stepHref={(s) => paths.step(process, s)}
              StepLink={PlainStepLink}
            />
            <div className="process__content">
              <VehicleStepFrame
                process={process}
                notices={<ServiceBreakNotice settings={settings} />}
                side={
                  // Prerendered with the loyalty card (the demo's first paint); a company without
                  // a loyalty programme has it taken away once the settings say so (decision 015).
                  settings?.loyalty === false ? null : (
                    <LoyaltyCard titleId={loyaltyTitleId}>
                      <LoyaltyLoginPrompt onLogin={() => onAction?.({ type: 'login' })} disabled={!interactive || busy} />
                    </LoyaltyCard>
                  )
                }
                nav={{ onBack: () => window.location.assign(paths.landing) }}
              >
                <PlateForm
                  key={formKey}
                  requireKilometers={process.type === 'MAINTENANCE'}
                  busy={busy}
                  ready={interactive}
                  failure={failure}
                  onSearch={(request) => onAction?.({ type: 'search', request })}
                />
              </VehicleStepFrame>
            </div>
          </div>
        )}
      </main>
      <SiteFooter />
    </SiteSettingsContext.Provider>
  );
}

/** GET /settings by fetch (the service-break notice); the page does without it when it fails. */
function useSiteSettings(): SiteSettings | undefined {
  const [settings, setSettings] = useState<SiteSettings>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${API_BASE}/settings`, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<SiteSettings>) : Promise.reject(new Error(String(res.status)))))
      .then(setSettings)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return settings;
}

const subscribeNothing = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * The page with its state: the settings (fetched), and busy or failed while the app loads
 * for an action. What first-step-entry.tsx hydrates and scripts/prerender.mjs renders.
 */
export function FirstStep({ process, onAction }: { process: ProcessDefinition; onAction: (action: FirstStepAction) => Promise<void> }) {
  const settings = useSiteSettings();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // False on the server and while hydrating the prerendered markup, true from then on.
  const interactive = useSyncExternalStore(subscribeNothing, isClient, isServer);
  useEffect(() => {
    pushEvent({ event: 'step', step: STEP.vehicle, processType: process.type });
    markStepEventPushed();
  }, [process.type]);
  return (
    <FirstStepPage
      process={process}
      settings={settings}
      busy={busy}
      failure={failure}
      interactive={interactive}
      onAction={(action) => {
        setBusy(true);
        setFailure(null);
        onAction(action).catch(() => {
          setBusy(false);
          setFailure('Sivun lataaminen epäonnistui. Tarkista verkkoyhteys ja yritä uudelleen.');
        });
      }}
    />
  );
}
