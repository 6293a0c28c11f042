import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { revealApp } from '@/lib/first-step-handoff.ts';

/**
 * Last resort when a screen fails to render or its code fails to load (e.g. after a
 * deploy replaced the chunks): a Finnish message and a way forward.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Shown in place of the stand-alone first step when the app fails there.
  useEffect(revealApp, []);
  return (
    <main className="site-main" id="main">
      <div className="page">
        <h1 className="page-title">{notFound ? 'Sivua ei löytynyt' : 'Jokin meni vikaan'}</h1>
        <p className="lead">
          {notFound
            ? 'Hakemaasi sivua ei ole olemassa.'
            : 'Sivun näyttäminen epäonnistui. Lataa sivu uudelleen tai aloita etusivulta.'}
        </p>
        <p>
          <a className="btn btn--primary" href="/etusivu">
            Etusivulle
          </a>
        </p>
      </div>
    </main>
  );
}
