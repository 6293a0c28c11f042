import './setup.css';
import { Link } from 'react-router';
import { SETUP_STEP_LABELS, staffPaths, type SetupStatus, type SetupStep } from '@huolto/domain';

/** What each step asks for, in a line under its name. */
const STEP_HINTS: Record<SetupStep, string> = {
  company: 'Nimi, ajanvarauksen puhelinnumero, sivujen linkit ja sähköpostien lähettäjä.',
  office: 'Osoite, palvelut ja ajanvarauksen asetukset.',
  resources: 'Nostimet ja mekaanikot, joille aikoja varataan, ja niiden työlajit.',
  hours: 'Arkipäivien aukioloajat ja poikkeavat päivät.',
  services: 'Palvelut ja hinnat tuodaan tiedostosta.',
};

/** The page each step is done on; the office's steps need an office (the first one, when there is one). */
function stepPath(step: SetupStep, officeId: number | null): string {
  switch (step) {
    case 'company':
      return staffPaths.company;
    case 'office':
      return officeId === null ? staffPaths.newOffice : staffPaths.office(officeId);
    case 'resources':
      return officeId === null ? staffPaths.newOffice : staffPaths.office(officeId);
    case 'hours':
      return officeId === null ? staffPaths.newOffice : staffPaths.capacity(officeId);
    case 'services':
      return staffPaths.data;
  }
}

/** The set-up list: each step ticked when done, with a link to where it is done. */
export function SetupSteps({ status, officeId }: { status: SetupStatus; officeId: number | null }) {
  return (
    <ol className="setup-steps">
      {status.steps.map(({ step, done }, i) => (
        <li key={step} className={done ? 'setup-steps__item setup-steps__item--done' : 'setup-steps__item'}>
          <span className="setup-steps__mark" aria-hidden="true">
            {done ? '✓' : i + 1}
          </span>
          <div className="setup-steps__text">
            <Link className="setup-steps__link" to={stepPath(step, officeId)}>
              {SETUP_STEP_LABELS[step]}
            </Link>
            <span className="setup-steps__state">{done ? ' – valmis' : ' – kesken'}</span>
            <p className="setup-steps__hint">{STEP_HINTS[step]}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
