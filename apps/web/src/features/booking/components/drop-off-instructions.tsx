import './drop-off-instructions.css';
import { useId } from 'react';
import { DELIVERY_OPTION_LABELS, DROP_OFF_HEADING, dropOffInstructions, officeMapUrl, type VehicleDeliveryOption } from '@huolto/domain';

export interface DropOffInstructionsProps {
  option: VehicleDeliveryOption | null;
  /** A lead has no agreed time: the office calls first. */
  lead: boolean;
  /** The booked start 'YYYY-MM-DDTHH:mm:ss': a waiting customer is told the clock time. */
  start: string | null;
  office: { name: string; address: string; post_code: string; post_office: string } | null;
  headingLevel?: 2 | 3;
}

/**
 * How to bring the car in (domain delivery.ts, the same words as the e-mails): the option
 * chosen, the drop-off sentence, the steps in order and, for the key locker, the office on
 * a map. The thanks page and /oma-varaus show it alike. Nothing when no option was chosen.
 */
export function DropOffInstructions({ option, lead, start, office, headingLevel = 2 }: DropOffInstructionsProps) {
  const id = useId();
  const instructions = dropOffInstructions(option, { lead, start, office });
  if (!instructions) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="drop-off card" aria-labelledby={id}>
      <Heading id={id} className="card__title">
        {DROP_OFF_HEADING}
      </Heading>
      {option && !lead && (
        <p className="drop-off__choice">
          <span className="muted">Valintasi: </span>
          {DELIVERY_OPTION_LABELS[option]}
        </p>
      )}
      <p className="drop-off__summary">{instructions.summary}</p>
      {instructions.steps.length > 1 ? (
        <ol className="drop-off__steps">
          {instructions.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      ) : (
        instructions.steps.map((s) => <p key={s}>{s}</p>)
      )}
      {option === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' && !lead && office && (
        <p>
          <a href={officeMapUrl(office)}>
            {office.name} kartalla
          </a>
        </p>
      )}
    </section>
  );
}
