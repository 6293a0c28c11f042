import { lazy, Suspense } from 'react';
import { HOLD_MINUTES, PROCESS_TTL_MINUTES } from '@huolto/domain';
import { useSiteSettings } from '@/components/layout/site-settings-context.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';

/**
 * The feedback form: a chunk of its own (react-hook-form and the domain's schemas), loaded
 * with the page but after its text, so the statement itself stays small.
 */
const AccessibilityFeedbackForm = lazy(() => import('./accessibility-feedback-form.tsx').then((m) => ({ default: m.AccessibilityFeedbackForm })));

/** The day this statement was written and last reviewed against the service. */
export const STATEMENT_DATE = '28.11.2026';

/** The supervising authority's site. */
export const SUPERVISOR_URL = 'https://www.saavutettavuusvaatimukset.fi';

/** A phone number as a tel: link that does not break across lines. */
function Phone({ number }: { number: string }) {
  return (
    <a className="statement__phone" href={`tel:${number.replace(/\s/g, '')}`}>
      {number}
    </a>
  );
}

/**
 * The accessibility statement (Saavutettavuusseloste): the standard, the scope, how the
 * service was assessed (its own automated browser tests), the known gaps, the feedback form
 * and the supervising authority. `page` prefills the form's page field.
 */
export function AccessibilityStatementContent({ page }: { page: string }) {
  const settings = useSiteSettings();
  const company = settings?.companyName;
  const phone = settings?.bookingPhone;
  return (
    <>
      <p className="statement__date">Seloste on laadittu {STATEMENT_DATE}.</p>

      <section aria-labelledby="tila">
        <h2 id="tila">Palvelun saavutettavuus</h2>
        <p>
          Tämä seloste koskee {company ? `yrityksen ${company} ` : ''}verkkoajanvarausta: etusivua, huollon, renkaiden ja tuulilasien
          ajanvarauksen vaiheita, Oma varaus -sivua, kanta-asiakkaan kirjautumista sekä tätä selostetta ja tietosuojaselostetta.
          Henkilökunnan hallintasivut eivät kuulu selosteen piiriin.
        </p>
        <p>
          Tavoitteemme on, että palvelu täyttää WCAG 2.1 -ohjeiston A- ja AA-tason vaatimukset (eurooppalainen standardi EN 301 549).
          Palvelu täyttää vaatimukset <strong>osittain</strong>: alla kerrotut puutteet ovat vielä korjaamatta.
        </p>
      </section>

      <section aria-labelledby="arviointi">
        <h2 id="arviointi">Miten saavutettavuus on arvioitu</h2>
        <p>Seloste perustuu omaan arvioomme. Palvelun omat automaattiset testit tarkistavat jokaisen muutoksen yhteydessä:</p>
        <ul>
          <li>
            jokaisen ajanvarauksen sivun axe-core-työkalulla WCAG 2.1 A- ja AA-tason sääntöjen mukaan puhelimen ja tietokoneen
            näytön levyisenä (selaintestit, esimerkiksi e2e/accessibility.spec.ts)
          </li>
          <li>koko huoltovarauksen tekemisen etusivulta kiitossivulle pelkällä näppäimistöllä</li>
          <li>sivujen asettelun puhelimen kokoisella näytöllä (360 × 780 pikseliä) ilman sivuttaista vieritystä.</li>
        </ul>
        <p>
          Palvelua ei ole arvioinut ulkopuolinen asiantuntija, eikä sitä ole testattu ruudunlukijoiden käyttäjien kanssa. Automaattiset
          tarkistukset löytävät vain osan saavutettavuuden ongelmista.
        </p>
      </section>

      <section aria-labelledby="puutteet">
        <h2 id="puutteet">Tiedossa olevat puutteet</h2>
        <ul>
          <li>
            <strong>Aikaraja.</strong> Valitsemasi aika pidetään sinulle varattuna {HOLD_MINUTES} minuuttia, ja keskeneräinen varaus
            vanhenee, kun palvelua ei ole käytetty {PROCESS_TTL_MINUTES / 60} tuntiin. Palvelu ei varoita ennen aikarajaa eikä aikaa voi
            pidentää (WCAG 2.2.1 Säädettävä ajoitus). Jos aika ehtii vanhentua, palvelu kertoo siitä ja voit valita ajan uudelleen
            {phone && (
              <>
                {' '}
                tai varata sen puhelimitse numerosta <Phone number={phone} />
              </>
            )}
            .
          </li>
          <li>
            <strong>Kartat.</strong> Toimipisteiden osoitteet avautuvat ulkopuoliseen karttapalveluun, jonka saavutettavuuteen emme voi
            vaikuttaa. Osoite on aina näkyvissä myös tekstinä.
          </li>
        </ul>
      </section>

      <section aria-labelledby="palaute">
        <h2 id="palaute">Anna palautetta saavutettavuudesta</h2>
        <p>
          Huomasitko puutteen, jota ei ole kerrottu yllä? Kerro siitä meille lomakkeella. Vastaamme kahden viikon kuluessa, jos annat
          sähköpostiosoitteesi.
          {phone && (
            <>
              {' '}
              Voit myös soittaa numeroon <Phone number={phone} />.
            </>
          )}
        </p>
        <Suspense fallback={<LoadingState text="Ladataan palautelomaketta…" />}>
          <AccessibilityFeedbackForm page={page} />
        </Suspense>
      </section>

      <section aria-labelledby="valvonta">
        <h2 id="valvonta">Valvontaviranomainen</h2>
        <p>
          Jos huomaat palvelussa saavutettavuuden ongelmia, anna ensin palautetta meille. Jos et ole tyytyväinen vastaukseen tai et saa
          vastausta kahden viikon kuluessa, voit tehdä ilmoituksen valvontaviranomaiselle:
        </p>
        <p>
          Liikenne- ja viestintävirasto Traficom, Saavutettavuusvalvonta
          <br />
          <a href={SUPERVISOR_URL} target="_blank" rel="noopener noreferrer">
            saavutettavuusvaatimukset.fi<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
          </a>
        </p>
      </section>
    </>
  );
}
