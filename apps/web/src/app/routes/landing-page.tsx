import './landing-page.css';
import { useId, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import {
  ArrowRight,
  BadgeEuro,
  CalendarCheck,
  CarFront,
  Disc3,
  ExternalLink,
  MailCheck,
  Phone,
  ShieldCheck,
  ShoppingCart,
  UserRoundCheck,
  Wrench,
} from 'lucide-react';
import { MANAGE_BOOKING_PATH, PROCESSES, manageBookingPath, type SiteSettings } from '@huolto/domain';
import { BookingClosed } from '@/components/layout/booking-closed.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';

/** How an in-app tile links: a router Link in the app, a plain <a> on the stand-alone page. */
export type InternalLink = (props: { to: string; className: string; children: ReactNode }) => ReactElement;

export interface LandingPageProps {
  links: SiteSettings['links'] | undefined;
  /** The chain's booking line ('010 525 4000'), from the settings; undefined while loading or when they failed. */
  bookingPhone?: string | undefined;
  /** Whether the site takes bookings (GET /settings); undefined while loading or when the settings failed. */
  bookingOpen?: boolean | undefined;
  /** The settings are still loading (the external tiles wait for their addresses). */
  pending: boolean;
  InternalLink: InternalLink;
  /**
   * Opens a saved booking's own page ('/oma-varaus?varaus=…&rekisteri=…') inside the app;
   * without it the form goes there as a plain GET.
   */
  openBooking?: (href: string) => void;
}

/** The four processes booked here, the primary choices of the page (requirements §2 "Landing page"). */
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
  { key: 'manage', title: 'Katso tai peru verkossa', text: 'Varaustunnuksella pääset varaukseesi.', Icon: CalendarCheck },
] as const;

/** 'tel:0105254000' of '010 525 4000'. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * '/etusivu' (requirements §2 "Landing page"): one headline; the four processes booked here as the
 * primary tiles, then damage inspection (an external service) and booking by phone as tiles
 * of their own right after them, so that all six are seen as choices; the customer's own
 * booking by its key and plate; what the booking promises. A tile whose address the settings
 * leave empty is left out. While the site takes no bookings (`bookingOpen` false) the page says
 * so instead, with the booking line, and keeps only the way to an existing booking.
 */
export function LandingPage({ links, bookingPhone, bookingOpen, pending, InternalLink, openBooking }: LandingPageProps) {
  if (bookingOpen === false) {
    return (
      <BookingClosed bookingPhone={bookingPhone}>
        <FindBooking openBooking={openBooking} />
      </BookingClosed>
    );
  }
  const phonePage = links?.bookingByPhone || links?.phoneBooking;
  // Loaded settings without the address: no tile. Settings that failed: the tile says the link is missing.
  const showDamageInspection = links === undefined || links.damageInspection !== '';
  const showPhone = links === undefined || Boolean(bookingPhone) || Boolean(phonePage);
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

      {(showDamageInspection || showPhone) && (
        <ul className="landing__more-list" aria-label="Muut tavat varata">
          {showDamageInspection && (
            <li className="landing__process-item">
              {links?.damageInspection ? (
                <a className="process-tile process-tile--other" href={links.damageInspection}>
                  <span className="process-tile__icon" aria-hidden="true">
                    <ShieldCheck size={28} strokeWidth={1.75} />
                  </span>
                  <span className="process-tile__title">Vahinkotarkastus</span>
                  <span className="process-tile__text">Kolarikorjauksen vahinkotarkastus vakuutusyhtiötä varten.</span>
                  <span className="process-tile__cta">
                    Varaa vahinkotarkastus
                    <span className="visually-hidden"> (siirryt toiseen palveluun)</span>
                    <ExternalLink size={18} aria-hidden="true" />
                  </span>
                </a>
              ) : (
                <div className="process-tile process-tile--other process-tile--static">
                  <span className="process-tile__icon" aria-hidden="true">
                    <ShieldCheck size={28} strokeWidth={1.75} />
                  </span>
                  <span className="process-tile__title">Vahinkotarkastus</span>
                  <span className="process-tile__text">Kolarikorjauksen vahinkotarkastus vakuutusyhtiötä varten.</span>
                  <span className="process-tile__cta process-tile__cta--muted" aria-busy={pending || undefined}>
                    {pending ? 'Ladataan…' : 'Linkki ei ole juuri nyt saatavilla.'}
                  </span>
                </div>
              )}
            </li>
          )}
          {showPhone && (
            <li className="landing__process-item">
              <div className="process-tile process-tile--other process-tile--static">
                <span className="process-tile__icon" aria-hidden="true">
                  <Phone size={28} strokeWidth={1.75} />
                </span>
                <span className="process-tile__title">Ajanvaraus puhelimitse</span>
                <span className="process-tile__text">Soita meille, niin varaamme ajan puolestasi.</span>
                <span className="process-tile__cta process-tile__cta--phone">
                  {bookingPhone ? (
                    <a className="process-tile__phone" href={telHref(bookingPhone)}>
                      <span className="visually-hidden">Soita ajanvaraukseen: </span>
                      {bookingPhone}
                    </a>
                  ) : (
                    pending && <span aria-busy="true">Ladataan…</span>
                  )}
                  {phonePage && (
                    <a className="process-tile__link" href={phonePage}>
                      Yhteystiedot
                      <span className="visually-hidden"> (siirryt toiseen palveluun)</span>
                      <ExternalLink size={16} aria-hidden="true" />
                    </a>
                  )}
                </span>
              </div>
            </li>
          )}
        </ul>
      )}

      <FindBooking openBooking={openBooking} />

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
    </div>
  );
}

/**
 * "Varauksesi": a customer without the confirmation e-mail opens their booking with its key
 * and the car's plate, the pair the e-mail's link carries. Works as a plain GET form too.
 */
function FindBooking({ openBooking }: { openBooking: LandingPageProps['openBooking'] }) {
  const id = useId();
  const keyRef = useRef<HTMLInputElement>(null);
  const plateRef = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<{ key: boolean; plate: boolean }>({ key: false, plate: false });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    const key = keyRef.current?.value.trim() ?? '';
    // As typed: the booking's page upper-cases the plate (normalizeRegisterNumber) as it does a link's.
    const plate = plateRef.current?.value.trim() ?? '';
    if (!key || !plate) {
      e.preventDefault();
      setMissing({ key: !key, plate: !plate });
      (!key ? keyRef : plateRef).current?.focus();
      return;
    }
    if (openBooking) {
      e.preventDefault();
      openBooking(manageBookingPath(key, plate));
    }
  };

  return (
    <section className="find-booking card" aria-labelledby={`${id}-title`}>
      <div className="find-booking__intro">
        <h2 id={`${id}-title`} className="find-booking__title">
          <CalendarCheck size={24} aria-hidden="true" /> Varauksesi
        </h2>
        <p className="find-booking__text">
          Katso, siirrä tai peru varauksesi. Varaustunnus on varausvahvistuksessa ja kiitossivulla.
        </p>
      </div>
      <form className="find-booking__form" action={MANAGE_BOOKING_PATH} method="get" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-key`}>
            Varaustunnus
          </label>
          <input
            ref={keyRef}
            id={`${id}-key`}
            name="varaus"
            className="input"
            autoComplete="off"
            aria-required="true"
            aria-invalid={missing.key || undefined}
            aria-describedby={missing.key ? `${id}-key-error` : undefined}
            onChange={() => missing.key && setMissing((m) => ({ ...m, key: false }))}
          />
          {missing.key && (
            <p className="field__error" id={`${id}-key-error`}>
              Anna varaustunnus.
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-plate`}>
            Rekisterinumero
          </label>
          <input
            ref={plateRef}
            id={`${id}-plate`}
            name="rekisteri"
            className="input input--plate"
            autoComplete="off"
            autoCapitalize="characters"
            aria-required="true"
            aria-invalid={missing.plate || undefined}
            aria-describedby={missing.plate ? `${id}-plate-error` : undefined}
            onChange={() => missing.plate && setMissing((m) => ({ ...m, plate: false }))}
          />
          {missing.plate && (
            <p className="field__error" id={`${id}-plate-error`}>
              Anna rekisterinumero.
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--secondary find-booking__submit">
          Avaa varaus
        </button>
      </form>
    </section>
  );
}
