import './delivery-options.css';
import { useId } from 'react';
import { DELIVERY_OPTION_LABELS, DROP_OFF_HINTS, VEHICLE_DELIVERY_OPTIONS, type VehicleDeliveryOption } from '@huolto/domain';

/** docs/glossary.md "delivery options" (the domain's names, also on the thanks page and /oma-varaus). */
export { DELIVERY_OPTION_LABELS };

export interface DeliveryOptionsProps {
  value: VehicleDeliveryOption | null;
  onChange: (option: VehicleDeliveryOption) => void;
  /** A day-only time: the customer cannot wait, so that option is hidden (requirements §4). */
  dayOnly?: boolean;
  /** The key locker has no compartment left for the chosen time. */
  lockerFull?: boolean;
}

/** How the car is brought in: a radio group in a fieldset. */
export function DeliveryOptions({ value, onChange, dayOnly = false, lockerFull = false }: DeliveryOptionsProps) {
  const name = useId();
  const lockerNoteId = `${name}-locker`;
  const options = VEHICLE_DELIVERY_OPTIONS.filter((o) => !(dayOnly && o === 'CUSTOMER_WAITING'));
  const dropOff = value ? DROP_OFF_HINTS[value] : undefined;
  return (
    <fieldset className="delivery card">
      <legend className="delivery__legend">Auton tuominen korjaamolle</legend>
      <div className="radio-list">
        {options.map((option) => {
          const locker = option === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS';
          const off = locker && lockerFull;
          return (
            <label
              key={option}
              className={`radio-card${value === option ? ' radio-card--selected' : ''}${off ? ' radio-card--disabled' : ''}`}
            >
              <input
                type="radio"
                className="radio"
                name={name}
                value={option}
                checked={value === option}
                disabled={off}
                aria-describedby={off ? lockerNoteId : undefined}
                onChange={() => onChange(option)}
              />
              <span>
                {DELIVERY_OPTION_LABELS[option]}
                {off && (
                  <span className="radio-card__note" id={lockerNoteId}>
                    {' '}
                    Avainautomaatti on täynnä valittuna aikana.
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p className="delivery__drop-off" aria-live="polite">
        {dropOff ?? ''}
      </p>
    </fieldset>
  );
}
