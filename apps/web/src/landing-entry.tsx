import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { API_BASE, type SiteSettings } from '@huolto/domain';
import { SiteFooter, SiteHeader, type BrandLink } from './components/layout/site-chrome.tsx';
import { SiteSettingsContext } from './components/layout/site-settings-context.tsx';
import { LandingPage, type InternalLink } from './app/routes/landing-page.tsx';
import { paths } from './config/paths.ts';

/*
 * The landing page on its own, for a first load of '/' or '/etusivu': the same markup as the
 * app's landing route, without the router, the query cache or the booking state, so the
 * first page a customer sees loads only React and this module. The tiles are plain links:
 * choosing a process loads the booking app.
 */

const PlainBrandLink: BrandLink = ({ className, children }) => (
  <a href={paths.landing} className={className}>
    {children}
  </a>
);

const PlainLink: InternalLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

/** GET /settings: the company's name, the external tiles' addresses, whether booking is open; the tiles say so when it fails. */
function useSiteSettingsFetch() {
  const [state, setState] = useState<{ settings?: SiteSettings; pending: boolean }>({ pending: true });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${API_BASE}/settings`, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<SiteSettings>) : Promise.reject(new Error(String(res.status)))))
      .then((settings) => setState({ settings, pending: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ pending: false });
      });
    return () => controller.abort();
  }, []);
  return state;
}

export function StandaloneLanding() {
  const { settings, pending } = useSiteSettingsFetch();
  return (
    <SiteSettingsContext.Provider value={settings}>
      <SiteHeader BrandLink={PlainBrandLink} />
      <main id="main" className="site-main" tabIndex={-1}>
        <LandingPage
          links={settings?.links}
          bookingPhone={settings?.bookingPhone}
          bookingOpen={settings?.bookingOpen}
          pending={pending}
          InternalLink={PlainLink}
          openBooking={(href) => window.location.assign(href)}
        />
      </main>
      <SiteFooter />
    </SiteSettingsContext.Provider>
  );
}

export function mountLanding(root: HTMLElement) {
  if (window.location.pathname !== paths.landing) window.history.replaceState(null, '', paths.landing);
  createRoot(root).render(
    <StrictMode>
      <StandaloneLanding />
    </StrictMode>,
  );
}
