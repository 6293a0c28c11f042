import type { ReactNode } from 'react';
import { SITE_COOKIES, SITE_STORAGE, type PrivacyNotice } from '@huolto/domain';
import { StoredValuesTable } from './stored-values-table.tsx';

/** The notice's sections, in order: their anchors and headings (the contents list links them). */
const SECTIONS = [
  ['rekisterinpitaja', 'Rekisterinpitäjä ja yhteystiedot'],
  ['tarkoitukset', 'Mihin tietoja käytetään ja millä perusteella'],
  ['tiedot', 'Mitä tietoja käsitellään ja mistä ne saadaan'],
  ['sailytys', 'Kuinka kauan tietoja säilytetään'],
  ['vastaanottajat', 'Kenelle tietoja luovutetaan'],
  ['siirrot', 'Siirrot EU:n ja ETA:n ulkopuolelle'],
  ['evasteet', 'Evästeet ja selaimeen tallennetut tiedot'],
  ['oikeudet', 'Oikeutesi ja niiden käyttäminen'],
] as const;

type SectionId = (typeof SECTIONS)[number][0];
const heading = (id: SectionId) => SECTIONS.find(([s]) => s === id)![1];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading(id)}</h2>
      {children}
    </section>
  );
}

/** '3 kuukautta', '1 kuukausi'. */
const months = (n: number) => `${n} ${n === 1 ? 'kuukausi' : 'kuukautta'}`;
/** '30 päivää', '1 päivä'. */
const days = (n: number) => `${n} ${n === 1 ? 'päivä' : 'päivää'}`;

/**
 * The privacy notice's text (GDPR articles 13 and 14). What is this company's own — the
 * controller, the retention periods, the mail service, text messages, the tag manager, the
 * loyalty programme and the company's own statement — comes from GET /privacy-notice; the
 * cookies and stored values are the domain's SITE_COOKIES and SITE_STORAGE.
 */
export function PrivacyNoticeContent({ notice }: { notice: PrivacyNotice }) {
  const { controller, retention, recipients, loyalty } = notice;
  const company = controller.name || 'Palvelun tarjoaja';
  const email = controller.email;
  return (
    <>
      <nav className="card statement__contents" aria-labelledby="sisalto-otsikko">
        <h2 id="sisalto-otsikko">Sisältö</h2>
        <ol>
          {SECTIONS.map(([id, text]) => (
            <li key={id}>
              <a href={`#${id}`}>{text}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="rekisterinpitaja">
        <dl className="statement__facts">
          <div>
            <dt>Rekisterinpitäjä</dt>
            <dd>{company}</dd>
          </div>
          {controller.businessId && (
            <div>
              <dt>Y-tunnus</dt>
              <dd>{controller.businessId}</dd>
            </div>
          )}
          {controller.address && (
            <div>
              <dt>Osoite</dt>
              <dd>{controller.address}</dd>
            </div>
          )}
          {email && (
            <div>
              <dt>Sähköposti</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          )}
          {controller.phone && (
            <div>
              <dt>Puhelin</dt>
              <dd>
                <a href={`tel:${controller.phone.replace(/\s/g, '')}`}>{controller.phone}</a>
              </dd>
            </div>
          )}
        </dl>
        <p>
          {email ? (
            <>
              Tietosuojaa koskevissa asioissa voit ottaa yhteyttä sähköpostitse osoitteeseen <a href={`mailto:${email}`}>{email}</a>.
            </>
          ) : controller.phone ? (
            `Tietosuojaa koskevissa asioissa voit ottaa yhteyttä puhelimitse numeroon ${controller.phone} tai käydä toimipisteessä.`
          ) : (
            'Tietosuojaa koskevissa asioissa voit ottaa yhteyttä toimipisteeseen.'
          )}
        </p>
        {notice.companyPrivacyUrl && (
          <p>
            Yrityksen muusta henkilötietojen käsittelystä kerrotaan sen omassa{' '}
            <a href={notice.companyPrivacyUrl} target="_blank" rel="noopener noreferrer">
              tietosuojaselosteessa<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
            </a>
            .
          </p>
        )}
      </Section>

      <Section id="tarkoitukset">
        <ul>
          <li>
            <strong>Ajanvaraus.</strong> Varauksen tekeminen, muuttaminen ja peruminen sekä työn suunnittelu ja tekeminen valitsemassasi
            toimipisteessä.
            <span className="statement__basis">Peruste: sopimus (tietosuoja-asetuksen 6 artiklan 1 kohdan b alakohta).</span>
          </li>
          <li>
            <strong>Vahvistus- ja muistutusviestit.</strong> Varausvahvistus, tiedot varauksen muutoksista ja muistutus ennen käyntiä.
            <span className="statement__basis">Peruste: sopimus.</span>
          </li>
          {loyalty && (
            <li>
              <strong>Kanta-asiakkuus.</strong> Kanta-asiakastili, sen autot ja edut sekä yhteystietojen täyttäminen valmiiksi
              varaukseen.
              <span className="statement__basis">Peruste: kanta-asiakasohjelman sopimus.</span>
            </li>
          )}
          <li>
            <strong>Asiakaspalaute.</strong> Käynnin jälkeen annetun palautteen ja saavutettavuuspalautteen käsittely ja palvelun
            kehittäminen.
            <span className="statement__basis">Peruste: oikeutettu etu (6 artiklan 1 kohdan f alakohta).</span>
          </li>
          <li>
            <strong>Lakisääteiset velvoitteet.</strong> Esimerkiksi kirjanpito ja kuluttajansuojaan liittyvät velvoitteet.
            <span className="statement__basis">Peruste: lakisääteinen velvoite (6 artiklan 1 kohdan c alakohta).</span>
          </li>
          {recipients.tagManager && (
            <li>
              <strong>Kävijäanalytiikka.</strong> Palvelun käytön mittaaminen, vain jos hyväksyt sen.
              <span className="statement__basis">
                Peruste: suostumus (6 artiklan 1 kohdan a alakohta). Voit perua suostumuksen milloin tahansa sivun alalaidan
                Evästeasetukset-painikkeella.
              </span>
            </li>
          )}
        </ul>
        <p>Tietoja ei käytetä automaattiseen päätöksentekoon eikä profilointiin.</p>
      </Section>

      <Section id="tiedot">
        <h3>Sinulta itseltäsi</h3>
        <p>
          Nimi, puhelinnumero ja sähköpostiosoite, halutessasi postiosoite, auton rekisterinumero ja mittarilukema, valitut palvelut,
          toimipiste ja aika, lisätiedot ja vikakuvaukset sekä antamasi palaute.
        </p>
        <h3>Ajoneuvorekisteristä</h3>
        <p>Auton merkki, malli ja muut tekniset tiedot haetaan rekisterinumeron perusteella, jotta näet autollesi sopivat palvelut.</p>
        {loyalty && (
          <>
            <h3>Kanta-asiakastililtä</h3>
            <p>Kun kirjaudut kanta-asiakkaana, yhteystietosi ja autosi haetaan tililtäsi varaukseen.</p>
          </>
        )}
        <h3>Palvelun käytöstä</h3>
        <p>
          Palvelin käyttää laitteesi IP-osoitetta lyhytaikaisesti väärinkäytösten ja ylikuormituksen estämiseen. Selaimeen tallennetut
          tiedot on lueteltu alla.
        </p>
      </Section>

      <Section id="sailytys">
        <ul>
          <li>
            Varauksen henkilötiedot poistetaan {months(retention.personalDataMonths)} käynnin jälkeen. Varaus jää tilastoihin ilman
            henkilötietoja (toimipiste, päivä, palvelut ja hinnat).
          </li>
          <li>
            Lähetettyjen sähköposti- ja tekstiviestien sisältö poistetaan {days(retention.outboxBodyDays)} lähettämisen jälkeen.
          </li>
          {loyalty && (
            <>
              <li>Vahvistamattomat kanta-asiakasrekisteröitymiset poistetaan {retention.loyaltyRegistrationDays} päivän kuluttua.</li>
              <li>Kanta-asiakastili säilyy, kunnes poistat sen tai pyydät sen poistamista.</li>
            </>
          )}
          <li>Keskeneräisen varauksen tiedot selaimessa poistuvat, kun suljet selaimen välilehden.</li>
        </ul>
      </Section>

      <Section id="vastaanottajat">
        <ul>
          <li>Varauksesi tiedot näkee valitsemasi toimipisteen henkilökunta.</li>
          {recipients.mailHost && (
            <li>
              Sähköpostit lähetetään sähköpostipalvelun kautta (palvelin {recipients.mailHost}
              ), joka käsittelee viestit puolestamme.
            </li>
          )}
          {recipients.sms && <li>Muistutukset lähetetään myös tekstiviestinä: puhelinnumerosi välitetään tekstiviestien lähettämiseen.</li>}
          {recipients.tagManager && (
            <li>
              Google Tag Manager ja sen kautta ladattava analytiikka saavat tietoja palvelun käytöstä vain, jos hyväksyt analytiikan.
            </li>
          )}
          <li>Tietoja luovutetaan viranomaisille vain lain niin vaatiessa.</li>
          <li>Emme myy tietojasi emmekä luovuta niitä markkinointiin.</li>
        </ul>
      </Section>

      <Section id="siirrot">
        {recipients.tagManager ? (
          <p>
            Tietoja ei siirretä EU:n tai ETA:n ulkopuolelle, paitsi jos hyväksyt analytiikan: Google voi käsitellä tietoja myös
            Yhdysvalloissa. Siirto perustuu EU:n ja Yhdysvaltojen väliseen tietosuojakehykseen tai komission vakiosopimuslausekkeisiin.
          </p>
        ) : (
          <p>Tietoja ei siirretä EU:n tai ETA:n ulkopuolelle.</p>
        )}
        {recipients.mailHost && (
          <p>
            Jos sähköpostipalvelun tarjoaja käsittelee tietoja EU:n tai ETA:n ulkopuolella, siirto perustuu komission
            vakiosopimuslausekkeisiin tai muuhun tietosuoja-asetuksen sallimaan siirtoperusteeseen.
          </p>
        )}
      </Section>

      <Section id="evasteet">
        <p>
          Palvelu käyttää vain toimintansa kannalta välttämättömiä evästeitä. Evästeitä ei käytetä mainontaan.
          {recipients.tagManager && ' Analytiikan evästeet asetetaan vain, jos hyväksyt analytiikan.'}
        </p>
        <StoredValuesTable caption="Evästeet" values={SITE_COOKIES} />
        <p>Nämä tiedot tallennetaan vain omaan selaimeesi, eikä niitä lähetetä evästeinä palvelimelle:</p>
        <StoredValuesTable caption="Selaimeen tallennetut tiedot" values={SITE_STORAGE} />
      </Section>

      <Section id="oikeudet">
        <p>Sinulla on oikeus</p>
        <ul>
          <li>saada tietää, mitä tietoja sinusta käsitellään, ja saada jäljennös niistä (tarkastusoikeus)</li>
          <li>vaatia virheellisten tietojen oikaisemista</li>
          <li>vaatia tietojesi poistamista</li>
          <li>vaatia käsittelyn rajoittamista</li>
          <li>vastustaa oikeutettuun etuun perustuvaa käsittelyä</li>
          <li>saada antamasi tiedot koneluettavassa muodossa (siirto-oikeus)</li>
          {recipients.tagManager && <li>perua suostumuksesi milloin tahansa</li>}
        </ul>
        <p>
          {email ? (
            <>
              Voit käyttää oikeuksiasi kirjoittamalla osoitteeseen <a href={`mailto:${email}`}>{email}</a>.
            </>
          ) : (
            'Voit käyttää oikeuksiasi ottamalla yhteyttä rekisterinpitäjään.'
          )}{' '}
          Vastaamme kuukauden kuluessa. Voimme pyytää sinua todistamaan henkilöllisyytesi.
        </p>
        {loyalty && (
          <p>
            Kanta-asiakasohjelman jäsenenä voit myös ladata tietosi ja poistaa tilisi itse: kirjaudu kanta-asiakkaana ajanvarauksessa ja
            valitse Omat tiedot.
          </p>
        )}
        <p>
          Jos katsot, että tietojesi käsittelyssä rikotaan tietosuojalainsäädäntöä, voit tehdä valituksen valvontaviranomaiselle:
          Tietosuojavaltuutetun toimisto,{' '}
          <a href="https://tietosuoja.fi" target="_blank" rel="noopener noreferrer">
            tietosuoja.fi<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
          </a>
          .
        </p>
      </Section>
    </>
  );
}
