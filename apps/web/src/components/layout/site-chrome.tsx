import './site-chrome.css';
import type { ReactElement, ReactNode } from 'react';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { SERVICE_NAME, brandName, useCompanyName } from './site-settings-context.tsx';

/** How the header's brand links to the landing page: a router Link in the app, <a> elsewhere. */
export type BrandLink = (props: { className: string; children: ReactNode }) => ReactElement;

/**
 * The skip link and the site header, shared by the app and the stand-alone pages. The brand is
 * the company's name from the settings, 'Ajanvaraus' while they load or when none is given (the
 * prerendered first step is built before any company exists); the name then replaces the text
 * in place, and the tagline after it appears, so nothing on the page moves.
 */
export function SiteHeader({ BrandLink }: { BrandLink: BrandLink }) {
  const companyName = useCompanyName();
  const brand = brandName(companyName);
  return (
    <>
      <a className="skip-link" href="#main">
        Siirry sisältöön
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <BrandLink className="brand">
            <span className="brand__mark" aria-hidden="true">
              {brand.charAt(0).toUpperCase()}
            </span>
            <span className="brand__name">{brand}</span>
          </BrandLink>
          {companyName && <span className="site-header__tagline">{SERVICE_NAME}</span>}
        </div>
      </header>
    </>
  );
}

/**
 * The footer of every customer page: the company, and the privacy notice and accessibility
 * statement (plain links: the stand-alone pages have no router, and a statement is a page
 * of its own).
 */
export function SiteFooter() {
  const companyName = useCompanyName();
  return (
    <footer className="site-footer">
      <p>{companyName ? `© ${companyName}` : SERVICE_NAME} · Huolto, renkaat ja tuulilasit</p>
      <nav aria-label="Sivuston tiedot">
        <ul className="site-footer__links">
          <li>
            <a href={SITE_PAGES.privacy}>Tietosuojaseloste</a>
          </li>
          <li>
            <a href={SITE_PAGES.accessibility}>Saavutettavuusseloste</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
