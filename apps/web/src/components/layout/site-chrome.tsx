import './site-chrome.css';
import type { ReactElement, ReactNode } from 'react';

/** How the header's brand links to the landing page: a router Link in the app, <a> elsewhere. */
export type BrandLink = (props: { className: string; children: ReactNode }) => ReactElement;

/** The skip link and the site header, shared by the app and the stand-alone landing page. */
export function SiteHeader({ BrandLink }: { BrandLink: BrandLink }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Siirry sisältöön
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <BrandLink className="brand">
            <span className="brand__mark" aria-hidden="true">
              L
            </span>
            <span className="brand__name">Laakkonen</span>
          </BrandLink>
          <span className="site-header__tagline">Ajanvaraus</span>
        </div>
      </header>
    </>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© Laakkonen · Huolto, renkaat ja tuulilasit</p>
    </footer>
  );
}
