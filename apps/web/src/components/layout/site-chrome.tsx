import './site-chrome.css';
import { lazy, Suspense, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { tagManagerContainer } from '@/lib/tag-manager-id.ts';
import { SERVICE_NAME, brandName, useCompanyName, useSiteSettings } from './site-settings-context.tsx';

/** The analytics choice and the tag manager's loading: a chunk of its own, loaded only when a tag manager is configured. */
const ConsentChoice = lazy(() => import('@/components/consent/consent-choice.tsx'));

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
 * of its own). With a tag manager configured, also the analytics choice (docs/decisions/022):
 * asked at the foot of the window until the customer has chosen, opened again with
 * 'Evästeasetukset'; the tag manager loads only after 'Hyväksy analytiikka'. Every entry of
 * the customer's pages (the app's RootLayout, the stand-alone landing page and first step)
 * renders this footer, so each of them asks and loads alike.
 */
/**
 * The statement's feedback form asks which page the feedback is about: the link says it
 * (`?sivu=`) as it is followed, since the site sends no referrer. Set on the click, so the
 * address is the page's at that moment, whichever entry rendered the footer.
 */
function aboutThisPage(event: MouseEvent<HTMLAnchorElement>) {
  const here = window.location.pathname;
  if (here !== SITE_PAGES.accessibility) event.currentTarget.search = `?sivu=${encodeURIComponent(here)}`;
}

export function SiteFooter() {
  const settings = useSiteSettings();
  const companyName = settings?.companyName;
  const container = tagManagerContainer(settings?.tagManagerId);
  const [reopenRequests, setReopenRequests] = useState(0);
  const settingsButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <footer className="site-footer">
        <p>{companyName ? `© ${companyName}` : SERVICE_NAME} · Huolto, renkaat ja tuulilasit</p>
        <nav aria-label="Sivuston tiedot">
          <ul className="site-footer__links">
            <li>
              <a href={SITE_PAGES.privacy}>Tietosuojaseloste</a>
            </li>
            <li>
              <a href={SITE_PAGES.accessibility} onClick={aboutThisPage}>
                Saavutettavuusseloste
              </a>
            </li>
            {container !== null && (
              <li>
                <button ref={settingsButton} type="button" className="site-footer__consent" onClick={() => setReopenRequests((n) => n + 1)}>
                  Evästeasetukset
                </button>
              </li>
            )}
          </ul>
        </nav>
      </footer>
      {container !== null && (
        <Suspense fallback={null}>
          <ConsentChoice container={container} reopenRequests={reopenRequests} settingsButton={settingsButton} />
        </Suspense>
      )}
    </>
  );
}
