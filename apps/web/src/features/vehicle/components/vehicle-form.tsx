import './vehicle-form.css';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  FIELD_ERRORS,
  kilometersSchema,
  normalizeRegisterNumber,
  registerNumberSchema,
  VEHICLE_MAKE_MAX_LENGTH,
  VEHICLE_MODEL_MAX_LENGTH,
  vehicleMakeText,
  vehicleModelText,
  type BookingVehicle,
} from '@huolto/domain';
import { ApiError } from '@/lib/api-client.ts';
import { notifyMessage } from '@/lib/notifications.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { useSearchVehicle } from '@/features/vehicle/api/search-vehicle.ts';
import { useSetVehicle } from '@/features/vehicle/api/set-vehicle.ts';
import { useSetVehicleKilometers } from '@/features/vehicle/api/set-vehicle-kilometers.ts';
import { useVehicleMakes } from '@/features/vehicle/api/get-vehicle-makes.ts';
import { KILOMETERS_INPUT_ATTRIBUTES, parseKilometers, PLATE_INPUT_ATTRIBUTES } from '@/features/vehicle/kilometers.ts';

export interface VehicleFormValues {
  registerNumber: string;
  /** As typed; spaces allowed ('120 000'). */
  kilometers: string;
  /** A make of the list, OTHER_MAKE, or '' (none chosen yet). */
  make: string;
  /** The make as typed, when the list does not have it (make = OTHER_MAKE). */
  otherMake: string;
  model: string;
}

/** The value of the make list's last option, "Muu merkki": the make is then typed. */
export const OTHER_MAKE = 'muu-merkki';

/** The make the customer gave: chosen from the list or typed. */
export function chosenMake(values: Pick<VehicleFormValues, 'make' | 'otherMake'>): string {
  return (values.make === OTHER_MAKE ? values.otherMake : values.make).trim();
}

export interface VehicleFormContext {
  /** Mileage is asked in maintenance only (requirements §5). */
  requireKilometers: boolean;
  /** The register did not know the plate: make and model become required. */
  vehicleNotFound: boolean;
}

export { parseKilometers };

/**
 * Validates with the domain's schemas (registerNumberSchema, kilometersSchema); which
 * fields are required depends on the process and on whether the vehicle was found,
 * so this is a resolver of its own rather than one static object schema.
 */
export const vehicleFormResolver: Resolver<VehicleFormValues, VehicleFormContext> = (values, context) => {
  const errors: FieldErrors<VehicleFormValues> = {};
  const reg = registerNumberSchema.safeParse(values.registerNumber ?? '');
  if (!reg.success) {
    errors.registerNumber = { type: 'validate', message: reg.error.issues[0]?.message ?? FIELD_ERRORS.registerNumber };
  }
  if (context?.requireKilometers) {
    const km = parseKilometers(values.kilometers ?? '');
    if (km === null) errors.kilometers = { type: 'required', message: FIELD_ERRORS.kilometers };
    else if (!kilometersSchema.safeParse(km).success)
      errors.kilometers = { type: 'validate', message: FIELD_ERRORS.kilometers };
  }
  if (context?.vehicleNotFound) {
    // The typed make and the model by the rules the server applies (setVehicleBody's fields).
    if (!values.make) errors.make = { type: 'required', message: FIELD_ERRORS.required };
    else if (values.make === OTHER_MAKE) {
      const typed = vehicleMakeText.safeParse(values.otherMake ?? '');
      if (!typed.success) errors.otherMake = { type: 'validate', message: typed.error.issues[0]?.message ?? FIELD_ERRORS.required };
    }
    const model = vehicleModelText.safeParse(values.model ?? '');
    if (!model.success) errors.model = { type: 'validate', message: model.error.issues[0]?.message ?? FIELD_ERRORS.required };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export interface VehicleFormProps {
  requireKilometers: boolean;
  defaultRegisterNumber?: string;
  defaultKilometers?: number | null;
  /** The mileage as the customer typed it (on the stand-alone first step); wins over defaultKilometers. */
  defaultKilometersText?: string;
  /** Search at once with the default values: the customer already asked for it on the stand-alone first step. */
  submitOnMount?: boolean;
  /** The vehicle is set on the booking (found, or entered by hand): go on. */
  onVehicleSet: (vehicle: Partial<BookingVehicle> | null) => void;
  /**
   * A registration number picked elsewhere (the loyalty vehicle list): each new object
   * fills the field, and the focus moves on to the mileage (or stays on the plate).
   */
  fill?: { registerNumber: string } | null;
}

/**
 * The vehicle step's form (requirements §2 "Vehicle page", §4 "Vehicle search"):
 * registration number (upper-cased as typed) and, in maintenance, the mileage.
 * A plate the register does not know brings up make and model.
 */
export function VehicleForm({
  requireKilometers,
  defaultRegisterNumber = '',
  defaultKilometers = null,
  defaultKilometersText,
  submitOnMount = false,
  onVehicleSet,
  fill = null,
}: VehicleFormProps) {
  const queryClient = useQueryClient();
  const searchVehicle = useSearchVehicle();
  const setVehicle = useSetVehicle();
  const setKilometers = useSetVehicleKilometers();
  /** The plate the register did not know; make and model are asked for it. */
  const [notFoundPlate, setNotFoundPlate] = useState<string | null>(null);

  /** Read by the resolver at validation time; updated on every render. */
  const context = useRef<VehicleFormContext>({ requireKilometers, vehicleNotFound: false });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormValues, VehicleFormContext>({
    defaultValues: {
      registerNumber: defaultRegisterNumber,
      kilometers: defaultKilometersText ?? (defaultKilometers === null ? '' : String(defaultKilometers)),
      make: '',
      otherMake: '',
      model: '',
    },
    resolver: (values, _context, options) => vehicleFormResolver(values, context.current, options),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (!fill) return;
    setValue('registerNumber', normalizeRegisterNumber(fill.registerNumber), { shouldDirty: true, shouldValidate: true });
    setFocus(requireKilometers ? 'kilometers' : 'registerNumber');
  }, [fill, requireKilometers, setValue, setFocus]);

  const currentPlate = normalizeRegisterNumber(watch('registerNumber') ?? '');
  const showMakeAndModel = notFoundPlate !== null && currentPlate === notFoundPlate;
  context.current = { requireKilometers, vehicleNotFound: showMakeAndModel };

  const makes = useVehicleMakes(showMakeAndModel);
  const otherMake = showMakeAndModel && watch('make') === OTHER_MAKE;

  /**
   * Make and model push the button down as they appear: it is brought back into view
   * (on a phone it would otherwise sit below the fold).
   */
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (showMakeAndModel) formRef.current?.querySelector('.vehicle-form__submit')?.scrollIntoView?.({ block: 'nearest' });
  }, [showMakeAndModel]);

  const autoSubmit = useRef(submitOnMount);
  useEffect(() => {
    if (!autoSubmit.current) return;
    autoSubmit.current = false;
    formRef.current?.requestSubmit();
  }, []);

  const refreshBooking = () => queryClient.invalidateQueries({ queryKey: queryKeys.allBooking });

  const onSubmit = async (values: VehicleFormValues) => {
    const regNbr = normalizeRegisterNumber(values.registerNumber);
    const km = requireKilometers ? parseKilometers(values.kilometers) : null;

    if (showMakeAndModel) {
      const make = chosenMake(values);
      const model = values.model.trim();
      try {
        await setVehicle.mutateAsync({ make, regNbr, model });
        if (km !== null) await setKilometers.mutateAsync(km);
      } catch {
        return; // the api client has shown the warning
      }
      await refreshBooking();
      onVehicleSet({ register_number: regNbr, make, model });
      return;
    }

    try {
      const result = await searchVehicle.mutateAsync({ registerNumber: regNbr, kilometers: km });
      if (result.responseCode === 'SUCCESS') {
        await refreshBooking();
        onVehicleSet(result.vehicle ?? null);
      } else if (result.responseCode === 'NOT_FOUND') {
        notifyMessage('vehicleNotFound');
        setNotFoundPlate(regNbr);
        // The search has cleared the booking's car: a car chosen before is no longer shown.
        void refreshBooking();
      } else {
        notifyMessage('vehicleSearchFailed');
      }
    } catch (err) {
      // 412 has already reset the session; anything else is a failed search.
      if (!(err instanceof ApiError && err.status === 412)) notifyMessage('vehicleSearchFailed');
    }
  };

  const reg = register('registerNumber');
  const upperCaseAsTyped = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const { selectionStart, selectionEnd } = input;
    const upper = input.value.toLocaleUpperCase('fi-FI');
    if (upper !== input.value) {
      input.value = upper;
      // Keep the caret where the user is typing.
      if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
    }
    return reg.onChange(e);
  };

  return (
    <form ref={formRef} className="vehicle-form card" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Ajoneuvon tiedot">
      <div className="form-grid">
        <Field id="registerNumber" label="Rekisterinumero" required error={errors.registerNumber?.message}>
          <input
            {...PLATE_INPUT_ATTRIBUTES}
            aria-invalid={errors.registerNumber ? true : undefined}
            aria-describedby={describedBy('registerNumber', { error: !!errors.registerNumber })}
            {...reg}
            onChange={upperCaseAsTyped}
          />
        </Field>
        {requireKilometers && (
          <Field id="kilometers" label="Mittarilukema (km)" required error={errors.kilometers?.message}>
            <input
              {...KILOMETERS_INPUT_ATTRIBUTES}
              aria-invalid={errors.kilometers ? true : undefined}
              aria-describedby={describedBy('kilometers', { error: !!errors.kilometers })}
              {...register('kilometers')}
            />
          </Field>
        )}
        {showMakeAndModel && (
          <>
            <div className="notice vehicle-form__not-found" id="vehicle-not-found">
              <p>
                Ajoneuvon tietoja ei löytynyt rekisterinumerolla{' '}
                <span className="vehicle-form__plate">
                  <span className="plate">{notFoundPlate}</span>.
                </span>
              </p>
              <p>Valitse merkki ja kirjoita malli, niin jatketaan. Jos merkkiä ei ole listassa, valitse Muu merkki.</p>
            </div>
            <Field id="make" label="Merkki" required error={errors.make?.message}>
              <select
                id="make"
                className="input"
                aria-invalid={errors.make ? true : undefined}
                aria-describedby={['vehicle-not-found', describedBy('make', { error: !!errors.make })].filter(Boolean).join(' ')}
                disabled={makes.isPending}
                {...register('make')}
              >
                <option value="">{makes.isPending ? 'Ladataan merkkejä…' : 'Valitse merkki'}</option>
                {makes.data?.map((m) => (
                  <option key={m.id} value={m.name}>
                    {m.name}
                  </option>
                ))}
                {makes.data && <option value={OTHER_MAKE}>Muu merkki</option>}
              </select>
            </Field>
            {otherMake && (
              <Field id="otherMake" label="Merkin nimi" required error={errors.otherMake?.message}>
                <input
                  id="otherMake"
                  className="input"
                  type="text"
                  autoComplete="off"
                  maxLength={VEHICLE_MAKE_MAX_LENGTH}
                  aria-invalid={errors.otherMake ? true : undefined}
                  aria-describedby={describedBy('otherMake', { error: !!errors.otherMake })}
                  {...register('otherMake')}
                />
              </Field>
            )}
            <Field id="model" label="Malli" required error={errors.model?.message}>
              <input
                id="model"
                className="input"
                type="text"
                autoComplete="off"
                maxLength={VEHICLE_MODEL_MAX_LENGTH}
                aria-invalid={errors.model ? true : undefined}
                aria-describedby={describedBy('model', { error: !!errors.model })}
                {...register('model')}
              />
            </Field>
          </>
        )}
      </div>
      {/* For a car the register does not know the button goes on with the make and model given. */}
      <Button type="submit" className="vehicle-form__submit" disabled={isSubmitting}>
        {showMakeAndModel ? 'Jatka' : 'Hae auton tiedot'}
      </Button>
    </form>
  );
}
