import './landing-page.css';
import type { ReactElement, ReactNode } from 'react';
import { PROCESSES, type SiteSettings } from '@huolto/domain';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { paths } from '@/config/paths.ts';

interface Tile {
  key: string;
  title: string;
  text: string;
  /** In-app route, or an external address. */
  to?: string;
  href?: string;
}

/** How an in-app tile links: a router Link in the app, a plain <a> on the stand-alone page. */
export type InternalLink = (props: { to: string; className: string; children: ReactNode }) => ReactElement;

export interface LandingPageProps {
  links: SiteSettings['links'] | undefined;
  /** The settings are still loading (the external tiles wait for their addresses). */
  pending: boolean;
  InternalLink: InternalLink;
}

/** '/etusivu' (SPEC §2 "Landing page"): five tiles and booking by phone. */
export function LandingPage({ links, pending, InternalLink }: LandingPageProps) {
  const tiles: Tile[] = [
    {
      key: 'huolto',
      title: PROCESSES.MAINTENANCE.title,
      text: 'Määräaikaishuollot, korjaukset ja takaisinkutsut kaikille automerkeille.',
      to: `${paths.vehicleStep('MAINTENANCE')}/`,
    },
    {
      key: 'renkaat',
      title: PROCESSES.TIRE_CHANGE.title,
      text: 'Kausivaihto ja renkaiden säilytys rengashotellissa.',
      to: `${paths.vehicleStep('TIRE_CHANGE')}/`,
    },
    {
      key: 'rengasmyynti',
      title: PROCESSES.TIRE_SALES.title,
      text: 'Uudet renkaat autoosi asennettuna.',
      to: `${paths.vehicleStep('TIRE_SALES')}/`,
    },
    {
      key: 'vahinkotarkastus',
      title: 'Vahinkotarkastus',
      text: 'Kolarikorjauksen vahinkotarkastus vakuutusyhtiötä varten.',
      href: links?.damageInspection,
    },
    {
      key: 'proautolasi',
      title: PROCESSES.WINDSHIELD.title,
      text: 'Tuulilasin korjaus ja vaihto.',
      to: `${paths.vehicleStep('WINDSHIELD')}/`,
    },
    {
      key: 'puhelin',
      title: 'Ajanvaraus puhelimitse',
      text: 'Soita meille, niin varaamme ajan puolestasi.',
      href: links?.bookingByPhone ?? links?.phoneBooking,
    },
  ];

  return (
    <div className="page page--narrow-top">
      <PageTitle documentTitle="Etusivu">Varaa aika</PageTitle>
      <p className="lead">Valitse palvelu. Ajanvaraus onnistuu ilman kirjautumista muutamassa minuutissa.</p>
      <ul className="tiles">
        {tiles.map((t) => {
          const body = (
            <>
              <span className="tile__title">{t.title}</span>
              <span className="tile__text">{t.text}</span>
              {t.href && <span className="visually-hidden"> (siirryt toiseen palveluun)</span>}
              <span className="tile__arrow" aria-hidden="true">
                {t.href ? '↗' : '→'}
              </span>
            </>
          );
          return (
            <li key={t.key} className="tiles__item">
              {t.to ? (
                <InternalLink className="tile" to={t.to}>
                  {body}
                </InternalLink>
              ) : t.href ? (
                <a className="tile tile--external" href={t.href}>
                  {body}
                </a>
              ) : (
                <div className="tile tile--unavailable" aria-busy={pending || undefined}>
                  <span className="tile__title">{t.title}</span>
                  <span className="tile__text">{pending ? 'Ladataan…' : 'Linkki ei ole juuri nyt saatavilla.'}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
