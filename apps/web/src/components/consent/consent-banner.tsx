import './consent-banner.css';
import { useEffect, useId, useRef } from 'react';
import { SITE_PAGES } from '@/config/site-pages.ts';
import type { ConsentChoice } from '@/lib/consent.ts';

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
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--consent-space', `${el.offsetHeight}px`);
    measure();
    root.setAttribute('data-consent-open', '');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeAttribute('data-consent-open');
      root.style.removeProperty('--consent-space');
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
