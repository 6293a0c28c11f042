import { Link, Outlet, ScrollRestoration } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import { Notifications } from '@/components/ui/notifications.tsx';
import { LoaderOverlay } from '@/components/ui/loader-overlay.tsx';
import { paths } from '@/config/paths.ts';
import { SessionExpiryWatcher } from './session-expiry-watcher.tsx';
import { SiteFooter, SiteHeader, type BrandLink } from '@/components/layout/site-chrome.tsx';
import { SiteSettingsContext } from '@/components/layout/site-settings-context.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';

const RouterBrandLink: BrandLink = ({ className, children }) => (
  <Link to={paths.landing} className={className}>
    {children}
  </Link>
);

/** Header, main area, notifications and the loader overlay around every page; the site's settings for all of them. */
export function RootLayout() {
  const busy = useIsMutating() > 0;
  const settings = useSettings();
  return (
    <SiteSettingsContext.Provider value={settings.data}>
      <SiteHeader BrandLink={RouterBrandLink} />
      <main id="main" className="site-main" tabIndex={-1} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
      <Notifications />
      <LoaderOverlay active={busy} />
      <SessionExpiryWatcher />
      <ScrollRestoration />
    </SiteSettingsContext.Provider>
  );
}

/** Shown while the first route module loads. */
export function InitialLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">Ladataan…</span>
    </div>
  );
}
