import './landing-page.css';
import type { ReactElement, ReactNode } from 'react';
import { ArrowRight, BadgeEuro, CalendarCheck, CarFront, Disc3, ExternalLink, MailCheck, Phone, ShieldCheck, ShoppingCart, UserRoundCheck, Wrench } from 'lucide-react';
import { PROCESSES, type SiteSettings } from '@huolto/domain';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';

/** How an in-app tile links: a router Link in the app, a plain <a> on the stand-alone page. */
export type InternalLink = (props: { to: string; className: string; children: ReactNode }) => ReactElement;

export interface LandingPageProps {
  links: SiteSettings['links'] | undefined;
  /** The chain's booking line ('010 525 4000'), from the settings; undefined while loading or when they failed. */
  bookingPhone?: string | undefined;
  /** The settings are still loading (the external tiles wait for their addresses). */
  pending: boolean;
  InternalLink: InternalLink;
}

/** The four processes booked here, the primary choices of the page (SPEC §2 "Landing page"). */
const PROCESS_TILES = [
  {
    key: 'huolto',
    title: PROCESSES.MAINTENANCE.title,
    text: 'Määräaikaishuollot, korjaukset ja takaisinkutsut kaikille automerkeille.',
    to: `${paths.vehicleStep('MAINTENANCE')}/`,
    Icon: Wrench,
  },
  {
    key: 'renkaat',
    title: PROCESSES.TIRE_CHANGE.title,
    text: 'Kausivaihto ja renkaiden säilytys rengashotellissa.',
    to: `${paths.vehicleStep('TIRE_CHANGE')}/`,
    Icon: Disc3,
  },
  {
    key: 'rengasmyynti',
    title: PROCESSES.TIRE_SALES.title,
    text: 'Uudet renkaat autoosi asennettuna.',
    to: `${paths.vehicleStep('TIRE_SALES')}/`,
    Icon: ShoppingCart,
  },
  {
    key: 'proautolasi',
    title: PROCESSES.WINDSHIELD.title,
    text: 'Tuulilasin korjaus ja vaihto.',
    to: `${paths.vehicleStep('WINDSHIELD')}/`,
    Icon: CarFront,
  },
] as const;

/** What the customer can count on; each a fact of the booking flow. */
const BENEFITS = [
  { key: 'login', title: 'Ilman kirjautumista', text: 'Rekisterinumero riittää.', Icon: UserRoundCheck },
  { key: 'price', title: 'Hinnat ennen varausta', text: 'Ostoskori näyttää hinnat ennen vahvistusta.', Icon: BadgeEuro },
  { key: 'mail', title: 'Vahvistus sähköpostiin', text: 'Saat varausvahvistuksen heti.', Icon: MailCheck },
  { key: 'manage', title: 'Katso tai peru verkossa', text: 'Vahvistuksen linkistä pääset varaukseesi.', Icon: CalendarCheck },
] as const;

/** 'tel:0105254000' of '010 525 4000'. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * '/etusivu' (SPEC §2 "Landing page"): one headline, the four processes as the primary
 * choices, what the booking promises, then damage inspection (an external service) and
 * booking by phone with the number as a tel: link.
 */
export function LandingPage({ links, bookingPhone, pending, InternalLink }: LandingPageProps) {
  const phonePage = links?.bookingByPhone ?? links?.phoneBooking;
  return (
    <div className="page landing">
      <div className="landing__hero">
        <PageTitle documentTitle="Etusivu" className="landing__title">
          Varaa aika autollesi – huolto, renkaat ja tuulilasi
        </PageTitle>
        <p className="lead landing__lead">Valitse palvelu. Ajanvaraus onnistuu ilman kirjautumista muutamassa minuutissa.</p>
      </div>

      <ul className="landing__processes" aria-label="Varattavat palvelut">
        {PROCESS_TILES.map(({ key, title, text, to, Icon }) => (
          <li key={key} className="landing__process-item">
            <InternalLink className="process-tile" to={to}>
              <span className="process-tile__icon" aria-hidden="true">
                <Icon size={28} strokeWidth={1.75} />
              </span>
              <span className="process-tile__title">{title}</span>
              <span className="process-tile__text">{text}</span>
              <span className="process-tile__cta" aria-hidden="true">
                Aloita varaus <ArrowRight size={18} />
              </span>
            </InternalLink>
          </li>
        ))}
      </ul>

      <ul className="landing__benefits" aria-label="Varaaminen verkossa">
        {BENEFITS.map(({ key, title, text, Icon }) => (
          <li key={key} className="benefit">
            <Icon className="benefit__icon" size={22} aria-hidden="true" />
            <span>
              <strong className="benefit__title">{title}</strong>
              <span className="benefit__text">{text}</span>
            </span>
          </li>
        ))}
      </ul>

      <section className="landing__more" aria-labelledby="landing-more">
        <h2 id="landing-more" className="landing__more-title">
          Muut tavat varata
        </h2>
        <ul className="landing__more-list">
          <li className="more-tile">
            <ShieldCheck className="more-tile__icon" size={24} aria-hidden="true" />
            <div className="more-tile__body">
              <h3 className="more-tile__title">Vahinkotarkastus</h3>
              <p className="more-tile__text">Kolarikorjauksen vahinkotarkastus vakuutusyhtiötä varten.</p>
              {links?.damageInspection ? (
                <a className="more-tile__link" href={links.damageInspection}>
                  Varaa vahinkotarkastus
                  <span className="visually-hidden"> (siirryt toiseen palveluun)</span>
                  <ExternalLink size={16} aria-hidden="true" />
                </a>
              ) : (
                <p className="more-tile__text" aria-busy={pending || undefined}>
                  {pending ? 'Ladataan…' : 'Linkki ei ole juuri nyt saatavilla.'}
                </p>
              )}
            </div>
          </li>
          <li className="more-tile more-tile--phone">
            <Phone className="more-tile__icon" size={24} aria-hidden="true" />
            <div className="more-tile__body">
              <h3 className="more-tile__title">Ajanvaraus puhelimitse</h3>
              <p className="more-tile__text">Soita meille, niin varaamme ajan puolestasi.</p>
              {bookingPhone ? (
                <a className="more-tile__phone" href={telHref(bookingPhone)}>
                  <span className="visually-hidden">Soita ajanvaraukseen: </span>
                  {bookingPhone}
                </a>
              ) : (
                pending && (
                  <p className="more-tile__text" aria-busy="true">
                    Ladataan…
                  </p>
                )
              )}
              {phonePage && (
                <a className="more-tile__link" href={phonePage}>
                  Yhteystiedot
                  <span className="visually-hidden"> (siirryt toiseen palveluun)</span>
                  <ExternalLink size={16} aria-hidden="true" />
                </a>
              )}
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
