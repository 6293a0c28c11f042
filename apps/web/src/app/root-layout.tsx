import { Link, Outlet, ScrollRestoration } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import { Notifications } from '../components/ui/notifications.tsx';
import { LoaderOverlay } from '../components/ui/loader-overlay.tsx';
import { paths } from '../config/paths.ts';
import { SessionExpiryWatcher } from './session-expiry-watcher.tsx';

/** Header, main area, notifications and the loader overlay around every page. */
export function RootLayout() {
  const busy = useIsMutating() > 0;
  return (
    <>
      <a className="skip-link" href="#main">
        Siirry sisältöön
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={paths.landing} className="brand">
            <span className="brand__mark" aria-hidden="true">
              L
            </span>
            <span className="brand__name">Laakkonen</span>
          </Link>
          <span className="site-header__tagline">Ajanvaraus</span>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>© Laakkonen · Huolto, renkaat ja tuulilasit</p>
      </footer>
      <Notifications />
      <LoaderOverlay active={busy} />
      <SessionExpiryWatcher />
      <ScrollRestoration />
    </>
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
