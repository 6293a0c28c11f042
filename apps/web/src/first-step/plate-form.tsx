import '@/features/vehicle/components/vehicle-form.css';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FIELD_ERRORS, normalizeRegisterNumber, REGISTER_NUMBER_PATTERN } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { KILOMETERS_INPUT_ATTRIBUTES, MAX_KILOMETERS, parseKilometers, PLATE_INPUT_ATTRIBUTES } from '@/features/vehicle/kilometers.ts';
import type { VehicleSearchRequest } from '@/lib/first-step-handoff.ts';

interface PlateErrors {
  registerNumber?: string;
  kilometers?: string;
}

/**
 * The rules of the vehicle form's resolver (vehicle-form.tsx) for a first search, with the
 * domain's plain pattern instead of its zod schemas: an empty plate is 'Pakollinen tieto',
 * another that does not match REGISTER_NUMBER_PATTERN the plate's message; in maintenance
 * the mileage is required, whole kilometres up to MAX_KILOMETERS.
 */
export function checkPlateForm(values: VehicleSearchRequest, requireKilometers: boolean): PlateErrors {
  const errors: PlateErrors = {};
  const plate = normalizeRegisterNumber(values.registerNumber);
  if (plate === '') errors.registerNumber = FIELD_ERRORS.required;
  else if (!REGISTER_NUMBER_PATTERN.test(plate)) errors.registerNumber = FIELD_ERRORS.registerNumber;
  if (requireKilometers) {
    const km = parseKilometers(values.kilometers);
    if (km === null || Number.isNaN(km) || km > MAX_KILOMETERS) errors.kilometers = FIELD_ERRORS.kilometers;
  }
  return errors;
}

export interface PlateFormProps {
  requireKilometers: boolean;
  /** A valid plate (and mileage) to search with: the booking app takes over from here. */
  onSearch: (request: VehicleSearchRequest) => void;
  /** Set while the app loads to make the search. */
  busy: boolean;
  /** False until the page's script runs: the search button waits for it. */
  ready?: boolean;
  /** Why the search could not start (the app's code did not load). */
  failure?: string | null;
}

/**
 * The vehicle form as the stand-alone first step shows it before the booking app has loaded
 * (requirements §2 "Vehicle page"): the same fields, texts and checks as the app's VehicleForm for
 * the plate and the mileage, without react-hook-form and zod. The fields are uncontrolled,
 * so what is typed before the page's script runs is kept. Checked on submit, then again as
 * the customer corrects a field; the first field in error gets the focus.
 */
export function PlateForm({ requireKilometers, onSearch, busy, ready = true, failure = null }: PlateFormProps) {
  const plateRef = useRef<HTMLInputElement>(null);
  const kmRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<PlateErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const read = (): VehicleSearchRequest => ({
    registerNumber: plateRef.current?.value ?? '',
    kilometers: kmRef.current?.value ?? '',
  });

  const recheck = () => {
    if (submitted) setErrors(checkPlateForm(read(), requireKilometers));
  };

  const upperCaseAsTyped = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const { selectionStart, selectionEnd } = input;
    const upper = input.value.toLocaleUpperCase('fi-FI');
    if (upper !== input.value) {
      input.value = upper;
      // Keep the caret where the user is typing.
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
    }
    recheck();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const values = read();
    const found = checkPlateForm(values, requireKilometers);
    setSubmitted(true);
    setErrors(found);
    if (found.registerNumber) plateRef.current?.focus();
    else if (found.kilometers) kmRef.current?.focus();
    else onSearch({ registerNumber: normalizeRegisterNumber(values.registerNumber), kilometers: values.kilometers });
  };

  return (
    <form className="vehicle-form card" onSubmit={onSubmit} noValidate aria-label="Ajoneuvon tiedot" aria-busy={busy || undefined}>
      <div className="form-grid">
        <Field id="registerNumber" label="Rekisterinumero" required error={errors.registerNumber}>
          <input
            ref={plateRef}
            {...PLATE_INPUT_ATTRIBUTES}
            aria-invalid={errors.registerNumber ? true : undefined}
            aria-describedby={describedBy('registerNumber', { error: !!errors.registerNumber })}
            onChange={upperCaseAsTyped}
          />
        </Field>
        {requireKilometers && (
          <Field id="kilometers" label="Mittarilukema (km)" required error={errors.kilometers}>
            <input
              ref={kmRef}
              {...KILOMETERS_INPUT_ATTRIBUTES}
              aria-invalid={errors.kilometers ? true : undefined}
              aria-describedby={describedBy('kilometers', { error: !!errors.kilometers })}
              onChange={recheck}
            />
          </Field>
        )}
      </div>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" className="vehicle-form__submit" disabled={busy || !ready}>
        Hae auton tiedot
      </Button>
    </form>
  );
}
