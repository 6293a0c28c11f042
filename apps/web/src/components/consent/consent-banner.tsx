import './consent-banner.css';
import { useEffect, useId, useRef } from 'react';
import { SITE_PAGES } from '@/config/site-pages.ts';
import type { ConsentChoice } from '@/lib/consent.ts';

/**
 * The banners on the page: two for a moment when the first step hands over to the app (the
 * app's, still hidden, beside the page's), so the space is the tallest one's, and it is
 * given back only when the last one goes.
 */
const shown = new Set<HTMLElement>();

function publishSpace() {
  const root = document.documentElement;
  if (shown.size === 0) {
    root.removeAttribute('data-consent-open');
    root.style.removeProperty('--consent-space');
    return;
  }
  const height = Math.max(...[...shown].map((el) => el.offsetHeight));
  root.style.setProperty('--consent-space', `${height}px`);
  root.setAttribute('data-consent-open', '');
}

export interface ConsentBannerProps {
  /** The choice stored before, when the customer opened the choice again from the footer. */
  current: ConsentChoice | null;
  /** Opened from the footer's button: the region takes the focus (never on its own). */
  takeFocus: boolean;
  onChoose(choice: ConsentChoice): void;
}

/**
 * The customer's choice about analytics, at the foot of the window while it is open (docs/
 * decisions/022): not modal (the page stays usable, the focus is not taken), two equal
 * buttons — refusing is one click, as accepting is. In the chunk of consent-choice.tsx,
 * loaded only when the company has a tag manager. While open, it keeps its
 * height free at the foot of the page and of the step's sticky bar (--consent-space), so it
 * never covers the step's buttons.
 */
export function ConsentBanner({ current, takeFocus, onChoose }: ConsentBannerProps) {
  const titleId = useId();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = region.current;
    if (!el) return;
    shown.add(el);
    publishSpace();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publishSpace);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      shown.delete(el);
      publishSpace();
    };
  }, []);

  useEffect(() => {
    if (takeFocus) region.current?.focus();
  }, [takeFocus]);

  return (
    <section ref={region} className="consent" aria-labelledby={titleId} tabIndex={-1}>
      <div className="consent__inner">
        <div className="consent__text">
          <h2 id={titleId} className="visually-hidden">
            Analytiikka
          </h2>
          <p>
            Käytämme analytiikkaa palvelun kehittämiseen vain, jos hyväksyt sen. Lisätietoja{' '}
            <a href={SITE_PAGES.privacy}>tietosuojaselosteessa</a>.
          </p>
          {current && (
            <p>
              Nykyinen valintasi: {current === 'granted' ? 'analytiikka hyväksytty' : 'analytiikka kielletty'}. Jos perut hyväksynnän,
              analytiikkaa ei enää ladata seuraavasta sivun latauksesta alkaen.
            </p>
          )}
        </div>
        <div className="consent__buttons">
          <button type="button" className="btn btn--secondary" onClick={() => onChoose('granted')}>
            Hyväksy analytiikka
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => onChoose('denied')}>
            Kieltäydy
          </button>
        </div>
      </div>
    </section>
  );
}
