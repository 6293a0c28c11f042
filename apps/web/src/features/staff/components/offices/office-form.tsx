import './offices.css';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  OFFICE_PROCESS_LABELS,
  OFFICE_TIME_SELECTION_TYPES,
  PROCESS_TYPES,
  SLOT_STEP_MINUTES,
  TIME_SELECTION_LABELS,
  officeBody,
  type OfficeDetails,
} from '@huolto/domain';
import { CheckboxField, Field, FieldGroup, InputField, describedBy } from '@/components/ui/field.tsx';
import { useCreateOffice } from '@/features/staff/api/create-office.ts';
import { useUpdateOfficeDetails } from '@/features/staff/api/update-office-details.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { DealerMakes } from './dealer-makes.tsx';

/** A decimal as typed ('60,17' or '60.17'); '' is none. */
const decimalText = z.string().refine((v) => v.trim() === '' || Number.isFinite(Number(v.trim().replace(',', '.'))), {
  error: 'Anna luku, esimerkiksi 60,17',
});
const toDecimal = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));

/**
 * The form's fields, made into the domain's office body: the coordinates and the locker's
 * compartments are typed as text, the slot step chosen as text; every field keeps the
 * body's name, so the body's refusals (here or the server's) show at it.
 */
const officeFormSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    address: z.string(),
    postCode: z.string(),
    postOffice: z.string(),
    latitude: decimalText,
    longitude: decimalText,
    phone: z.string(),
    email: z.string(),
    dealerMakeIds: z.array(z.number()),
    processes: z.array(z.enum(PROCESS_TYPES)),
    timeSelectionType: z.enum(OFFICE_TIME_SELECTION_TYPES),
    leadOnly: z.boolean(),
    firstSlotTime: z.string(),
    slotStepMinutes: z.string(),
    lockerCompartments: z.string().refine((v) => /^\d{1,2}$/.test(v.trim()), { error: 'Lokeroita 0–99' }),
    customerNotice: z.string(),
    showLoanCalculator: z.boolean(),
    customerSelectsResource: z.boolean(),
    damageInspection: z.boolean(),
  })
  .transform(
    (f): z.input<typeof officeBody> => ({
      ...f,
      latitude: toDecimal(f.latitude),
      longitude: toDecimal(f.longitude),
      slotStepMinutes: Number(f.slotStepMinutes),
      lockerCompartments: Number(f.lockerCompartments.trim()),
    }),
  )
  .pipe(officeBody);

type OfficeFormInput = z.input<typeof officeFormSchema>;
type OfficeFormValues = z.output<typeof officeFormSchema>;

const REFUSABLE = [
  'code',
  'name',
  'address',
  'postCode',
  'postOffice',
  'latitude',
  'longitude',
  'phone',
  'email',
  'dealerMakeIds',
  'processes',
  'timeSelectionType',
  'leadOnly',
  'firstSlotTime',
  'slotStepMinutes',
  'lockerCompartments',
  'customerNotice',
  'showLoanCalculator',
  'customerSelectsResource',
  'damageInspection',
] as const;

/** A new office's fields: every process but the windshield's, exact times on an hour's grid from 8.00. */
const NEW_OFFICE: OfficeFormInput = {
  code: '',
  name: '',
  address: '',
  postCode: '',
  postOffice: '',
  latitude: '',
  longitude: '',
  phone: '',
  email: '',
  dealerMakeIds: [],
  processes: ['MAINTENANCE', 'TIRE_CHANGE'],
  timeSelectionType: 'EXACT_TIME',
  leadOnly: false,
  firstSlotTime: '08:00',
  slotStepMinutes: '60',
  lockerCompartments: '0',
  customerNotice: '',
  showLoanCalculator: false,
  customerSelectsResource: false,
  damageInspection: false,
};

const decimal = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

function formValues(o: OfficeDetails): OfficeFormInput {
  return {
    code: o.code,
    name: o.name,
    address: o.address,
    postCode: o.postCode,
    postOffice: o.postOffice,
    latitude: decimal(o.latitude),
    longitude: decimal(o.longitude),
    phone: o.phone,
    email: o.email,
    dealerMakeIds: o.dealerMakeIds,
    processes: o.processes,
    timeSelectionType: o.timeSelectionType,
    leadOnly: o.leadOnly,
    firstSlotTime: o.firstSlotTime.slice(0, 5),
    slotStepMinutes: String(o.slotStepMinutes),
    lockerCompartments: String(o.lockerCompartments),
    customerNotice: o.customerNotice,
    showLoanCalculator: o.showLoanCalculator,
    customerSelectsResource: o.customerSelectsResource,
    damageInspection: o.damageInspection,
  };
}

/** The checkboxes of the office's yes-or-no settings, in the form's order. */
const FLAGS = [
  ['leadOnly', 'Vain yhteydenottopyynnöt', 'Asiakas toivoo päivää, varattavia aikoja ei näytetä.'],
  ['customerSelectsResource', 'Asiakas voi valita mekaanikon', 'Valittavaksi merkityt resurssit näytetään nimeltä.'],
  ['showLoanCalculator', 'Näytä rahoituslaskuri', null],
  ['damageInspection', 'Tekee vauriotarkastuksia', 'Toimipiste näkyy vakuutusyhtiöiden vauriotarkastusten listalla.'],
] as const;

/**
 * Every detail of an office: a new one (no `office`: POST) or an office's own (PUT). Saved,
 * it calls `onSaved` with the office as the server answered it.
 */
export function OfficeForm({ office, onSaved }: { office?: OfficeDetails; onSaved: (office: OfficeDetails) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<OfficeFormInput, unknown, OfficeFormValues>({
    defaultValues: office ? formValues(office) : NEW_OFFICE,
    resolver: zodResolver(officeFormSchema),
  });
  const create = useCreateOffice();
  const update = useUpdateOfficeDetails(office?.id ?? 0);
  const pending = create.isPending || update.isPending;

  const onValid = (body: OfficeFormValues) => {
    const handlers = { onSuccess: onSaved, onError: (error: unknown) => showRefusal(error, setError, REFUSABLE) };
    if (office) update.mutate(body, handlers);
    else create.mutate(body, handlers);
  };

  const id = (name: string) => `${uid}-${name}`;
  const processesError = errors.processes?.message ?? errors.processes?.root?.message;
  const noticeId = id('customerNotice');
  const stepId = id('slotStepMinutes');
  const selectionId = id('timeSelectionType');

  return (
    <form className="form-stack office-form" onSubmit={handleSubmit(onValid)} noValidate>
      <section className="card form-stack" aria-labelledby={id('basics')}>
        <h2 id={id('basics')} className="card__title">
          Perustiedot
        </h2>
        <div className="office-form__pair">
          <InputField
            id={id('code')}
            label="Tunnus"
            required
            hint="Esimerkiksi HKI1. Tiedostojen tuonti tunnistaa toimipisteen tästä."
            maxLength={30}
            autoComplete="off"
            error={errors.code?.message}
            {...register('code')}
          />
          <InputField id={id('name')} label="Toimipisteen nimi" required maxLength={100} error={errors.name?.message} {...register('name')} />
        </div>
        <InputField id={id('address')} label="Katuosoite" required maxLength={200} error={errors.address?.message} {...register('address')} />
        <div className="office-form__pair">
          <InputField
            id={id('postCode')}
            label="Postinumero"
            required
            inputMode="numeric"
            maxLength={5}
            error={errors.postCode?.message}
            {...register('postCode')}
          />
          <InputField id={id('postOffice')} label="Postitoimipaikka" required maxLength={100} error={errors.postOffice?.message} {...register('postOffice')} />
        </div>
        <div className="office-form__pair">
          <InputField id={id('phone')} label="Puhelin" type="tel" error={errors.phone?.message} {...register('phone')} />
          <InputField
            id={id('email')}
            label="Sähköposti"
            type="email"
            hint="Uusien, siirrettyjen ja peruttujen varausten ilmoitukset."
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <fieldset className="office-form__fieldset">
          <legend className="field__label">Sijainti (vapaaehtoinen)</legend>
          <p className="field__hint" id={id('coordinates-hint')}>
            Jos koordinaatit jätetään tyhjiksi, sijainti otetaan postinumeron alueesta.
          </p>
          <div className="office-form__pair">
            <InputField
              id={id('latitude')}
              label="Leveysaste"
              inputMode="decimal"
              placeholder="60,1699"
              error={errors.latitude?.message}
              {...register('latitude')}
            />
            <InputField
              id={id('longitude')}
              label="Pituusaste"
              inputMode="decimal"
              placeholder="24,9384"
              error={errors.longitude?.message}
              {...register('longitude')}
            />
          </div>
        </fieldset>
      </section>

      <section className="card form-stack" aria-labelledby={id('services')}>
        <h2 id={id('services')} className="card__title">
          Palvelut
        </h2>
        <FieldGroup id={id('processes')} legend="Varattavat palvelut" error={processesError} className="office-form__fieldset">
          <div className="office-form__checks">
            {PROCESS_TYPES.map((p) => (
              <CheckboxField key={p} id={id(`process-${p}`)} label={OFFICE_PROCESS_LABELS[p]} value={p} {...register('processes')} />
            ))}
          </div>
        </FieldGroup>
        <Controller
          control={control}
          name="dealerMakeIds"
          render={({ field }) => (
            <DealerMakes idPrefix={id('makes')} chosen={field.value} onChange={field.onChange} error={errors.dealerMakeIds?.message} />
          )}
        />
      </section>

      <section className="card form-stack" aria-labelledby={id('booking')}>
        <h2 id={id('booking')} className="card__title">
          Ajanvaraus
        </h2>
        <Field id={selectionId} label="Ajan valinta" error={errors.timeSelectionType?.message}>
          <select
            id={selectionId}
            className="input"
            aria-invalid={errors.timeSelectionType ? true : undefined}
            aria-describedby={describedBy(selectionId, { error: Boolean(errors.timeSelectionType) })}
            {...register('timeSelectionType')}
          >
            {OFFICE_TIME_SELECTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TIME_SELECTION_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <div className="office-form__pair">
          <InputField
            id={id('firstSlotTime')}
            label="Päivän ensimmäinen aika"
            type="time"
            step={900}
            error={errors.firstSlotTime?.message}
            {...register('firstSlotTime')}
          />
          <Field id={stepId} label="Aikojen väli" error={errors.slotStepMinutes?.message}>
            <select
              id={stepId}
              className="input"
              aria-invalid={errors.slotStepMinutes ? true : undefined}
              aria-describedby={describedBy(stepId, { error: Boolean(errors.slotStepMinutes) })}
              {...register('slotStepMinutes')}
            >
              {SLOT_STEP_MINUTES.map((m) => (
                <option key={m} value={String(m)}>
                  {m} min
                </option>
              ))}
            </select>
          </Field>
        </div>
        <InputField
          id={id('lockerCompartments')}
          label="Avainautomaatin lokerot"
          hint="0, jos toimipisteellä ei ole avainautomaattia."
          inputMode="numeric"
          maxLength={2}
          error={errors.lockerCompartments?.message}
          {...register('lockerCompartments')}
        />
        <div className="office-form__checks">
          {FLAGS.map(([name, label, hint]) => (
            <div key={name} className="office-form__flag">
              <CheckboxField id={id(name)} label={label} aria-describedby={hint ? id(`${name}-hint`) : undefined} {...register(name)} />
              {hint && (
                <p className="field__hint" id={id(`${name}-hint`)}>
                  {hint}
                </p>
              )}
            </div>
          ))}
        </div>
        <Field id={noticeId} label="Tiedote asiakkaille" hint="Näytetään toimipisteen asiakkaille varatessa. Jätä tyhjäksi, jos tiedotetta ei ole." error={errors.customerNotice?.message}>
          <textarea
            id={noticeId}
            className="input textarea"
            rows={4}
            maxLength={2000}
            aria-invalid={errors.customerNotice ? true : undefined}
            aria-describedby={describedBy(noticeId, { hint: true, error: Boolean(errors.customerNotice) })}
            {...register('customerNotice')}
          />
        </Field>
      </section>
      <FormFooter problem={errors.root?.server?.message} pending={pending}>
        {office ? 'Tallenna tiedot' : 'Lisää toimipiste'}
      </FormFooter>
    </form>
  );
}
