import './catalogue.css';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CATALOGUE_STAGES,
  CATALOGUE_STAGE_LABELS,
  SERVICE_INFO_MAX_CHARS,
  SERVICE_MAX_OPERATIONS,
  VEHICLE_CLASS,
  createServiceBody,
  formatCents,
  parseScaled,
  serviceBody,
  type CatalogueGroup,
  type ServiceDetails,
  type ServiceListItem,
  type ServiceValues,
  type VehicleMake,
  type WorkKind,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField, Field, FieldGroup, InputField, describedBy } from '@/components/ui/field.tsx';
import { useCreateService } from '@/features/staff/api/create-service.ts';
import { useUpdateService } from '@/features/staff/api/update-service.ts';
import { CheckboxList } from '@/features/staff/components/checkbox-list.tsx';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { ServiceImages } from './service-images.tsx';

/** A price as typed in euros ('249,00', '249.90', '1 249'), at most two decimals. */
const euros = (label: string, optional: boolean) =>
  z.string().refine((v) => (optional && v.trim() === '') || parseScaled(v, 2) !== undefined, { error: `${label} euroina, esimerkiksi 249,00` });
/** A whole number as typed; '' is none where `optional`. */
const wholeNumber = (message: string, optional: boolean) => z.string().refine((v) => (optional && v.trim() === '') || /^\d{1,9}$/.test(v.trim()), { error: message });

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
/** A text area's lines, each a spare part; empty lines dropped. */
const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * The form's fields, made into the domain's service body: prices typed in euros become cents,
 * numbers typed as text become numbers, '' becomes null, an operation's spare parts are typed a
 * line each. Every field keeps the body's name, so the body's refusals (here or the server's)
 * show at it.
 */
const serviceFormFields = z.object({
  code: z.string(),
  groupId: z.string(),
  name: z.string(),
  infoHtml: z.string(),
  priceCents: euros('Hinta', false),
  normalPriceCents: euros('Normaalihinta', true),
  durationMinutes: wholeNumber('Kesto minuutteina, esimerkiksi 60', false),
  workKind: z.string(),
  vehicleClass: z.enum(['', '1', '2']),
  makeId: z.string(),
  minKm: wholeNumber('Kilometrit kokonaislukuna', true),
  maxKm: wholeNumber('Kilometrit kokonaislukuna', true),
  serviceCode: z.string(),
  includes: z.array(z.string()),
  extras: z.array(z.string()),
  imageIds: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  operations: z.array(z.object({ description: z.string(), spareParts: z.string() })),
  active: z.boolean(),
});
type ServiceFormInput = z.input<typeof serviceFormFields>;

const toBody = (f: z.output<typeof serviceFormFields>): z.input<typeof createServiceBody> => ({
  ...f,
  priceCents: parseScaled(f.priceCents, 2)!,
  normalPriceCents: f.normalPriceCents.trim() === '' ? null : parseScaled(f.normalPriceCents, 2)!,
  durationMinutes: Number(f.durationMinutes.trim()),
  workKind: orNull(f.workKind),
  vehicleClass: f.vehicleClass === '' ? null : (Number(f.vehicleClass) as 1 | 2),
  makeId: numberOrNull(f.makeId),
  minKm: numberOrNull(f.minKm),
  maxKm: numberOrNull(f.maxKm),
  serviceCode: orNull(f.serviceCode),
  validFrom: orNull(f.validFrom),
  validTo: orNull(f.validTo),
  operations: f.operations.map((o) => ({ description: o.description, spareParts: lines(o.spareParts) })),
});

/** A new service's form: createServiceBody (with its code). */
const newServiceSchema = serviceFormFields.transform(toBody).pipe(createServiceBody);
/** A service's own form: serviceBody (its code stays, it is not sent). */
const serviceSchema = serviceFormFields
  .transform((f): z.input<typeof serviceBody> => {
    const { code: _code, ...body } = toBody(f);
    return body;
  })
  .pipe(serviceBody);
type ServiceFormValues = ServiceValues & { code?: string };

const REFUSABLE: Path<ServiceFormInput>[] = [
  'code',
  'groupId',
  'name',
  'infoHtml',
  'priceCents',
  'normalPriceCents',
  'durationMinutes',
  'workKind',
  'vehicleClass',
  'makeId',
  'minKm',
  'maxKm',
  'serviceCode',
  'includes',
  'extras',
  'imageIds',
  'validFrom',
  'validTo',
  'operations',
  'active',
];

const NEW_SERVICE: ServiceFormInput = {
  code: '',
  groupId: '',
  name: '',
  infoHtml: '',
  priceCents: '',
  normalPriceCents: '',
  durationMinutes: '60',
  workKind: '',
  vehicleClass: '',
  makeId: '',
  minKm: '',
  maxKm: '',
  serviceCode: '',
  includes: [],
  extras: [],
  imageIds: [],
  validFrom: '',
  validTo: '',
  operations: [],
  active: true,
};

const text = (v: number | string | null) => (v === null ? '' : String(v));

function formValues(s: ServiceDetails): ServiceFormInput {
  return {
    code: s.code,
    groupId: s.groupId,
    name: s.name,
    infoHtml: s.infoHtml,
    priceCents: formatCents(s.priceCents),
    normalPriceCents: s.normalPriceCents === null ? '' : formatCents(s.normalPriceCents),
    durationMinutes: String(s.durationMinutes),
    workKind: s.workKind ?? '',
    vehicleClass: s.vehicleClass === 1 ? '1' : s.vehicleClass === 2 ? '2' : '',
    makeId: text(s.makeId),
    minKm: text(s.minKm),
    maxKm: text(s.maxKm),
    serviceCode: s.serviceCode ?? '',
    includes: s.includes,
    extras: s.extras,
    imageIds: s.imageIds,
    validFrom: s.validFrom ?? '',
    validTo: s.validTo ?? '',
    operations: s.operations.map((o) => ({ description: o.description, spareParts: o.spareParts.join('\n') })),
    active: s.active,
  };
}

const VEHICLE_CLASS_OPTIONS = [
  ['', 'Kaikki ajoneuvot'],
  [String(VEHICLE_CLASS.PASSENGER_CAR), 'Henkilöautot'],
  [String(VEHICLE_CLASS.VAN), 'Pakettiautot'],
] as const;

/** The choices the form offers: groups, kinds of work, makes and the other services. */
export interface ServiceFormChoices {
  groups: CatalogueGroup[];
  workKinds: WorkKind[];
  makes: VehicleMake[];
  services: ServiceListItem[];
}

/**
 * Every field of a service: a new one (no `service`: POST with its code) or a service's own
 * (PUT). Saved, it calls `onSaved` with the service as the server answered it.
 */
export function ServiceForm({
  service,
  choices,
  onSaved,
}: {
  service?: ServiceDetails;
  choices: ServiceFormChoices;
  onSaved: (service: ServiceDetails) => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    defaultValues: service ? formValues(service) : NEW_SERVICE,
    resolver: (service ? zodResolver(serviceSchema) : zodResolver(newServiceSchema)) as Resolver<ServiceFormInput, unknown, ServiceFormValues>,
  });
  const operations = useFieldArray({ control, name: 'operations' });
  const create = useCreateService();
  const update = useUpdateService(service?.code ?? '');
  const pending = create.isPending || update.isPending;

  const onValid = (body: ServiceFormValues) => {
    const names = [
      ...REFUSABLE,
      ...operations.fields.flatMap((_, i) => [`operations.${i}.description`, `operations.${i}.spareParts`] as Path<ServiceFormInput>[]),
    ];
    const handlers = { onSuccess: onSaved, onError: (error: unknown) => showRefusal(error, setError, names) };
    if (service) update.mutate(body, handlers);
    else create.mutate({ ...body, code: body.code ?? '' }, handlers);
  };

  const id = (name: string) => `${uid}-${name}`;
  const select = (name: keyof ServiceFormInput, label: string, options: readonly (readonly [string, string])[], hint?: string) => {
    const error = errors[name]?.message as string | undefined;
    return (
      <Field id={id(name)} label={label} hint={hint} error={error}>
        <select
          id={id(name)}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id(name), { hint: Boolean(hint), error: Boolean(error) })}
          {...register(name)}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </Field>
    );
  };
  // A windshield product keeps the windshield form's group and code and fits any car (requirements §3 "Windshield products").
  const windshield = service?.kind === 'WINDSHIELD';
  const others = choices.services
    .filter((s) => s.code !== service?.code && s.kind !== 'WINDSHIELD')
    .map((s) => ({ value: s.code, label: `${s.name} (${s.groupTitle})` }));
  const groupError = errors.groupId?.message;

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      <section className="card form-stack" aria-labelledby={id('basics')}>
        <h2 id={id('basics')} className="card__title">
          Perustiedot
        </h2>
        {windshield ? (
          <p>
            <span className="field__label">Ryhmä</span> {service.groupTitle} – tuulilasipalvelun tuote, jonka ryhmä ja tunnus ovat kiinteät
          </p>
        ) : (
          <Field id={id('groupId')} label="Ryhmä" required error={groupError}>
            <select
              id={id('groupId')}
              className="input"
              aria-required
              aria-invalid={groupError ? true : undefined}
              aria-describedby={describedBy(id('groupId'), { error: Boolean(groupError) })}
              {...register('groupId')}
            >
              <option value="">Valitse ryhmä</option>
              {CATALOGUE_STAGES.map((stage) => (
                <optgroup key={stage} label={CATALOGUE_STAGE_LABELS[stage]}>
                  {choices.groups
                    .filter((g) => g.stage === stage)
                    .sort((a, b) => a.sort - b.sort)
                    .map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.title}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </Field>
        )}
        <div className="catalogue__pair">
          {service ? (
            <p>
              <span className="field__label">Tunnus</span> {service.code}
            </p>
          ) : (
            <InputField
              id={id('code')}
              label="Tunnus"
              required
              hint="Kirjaimia, numeroita, - ja _, esimerkiksi HUOLTO_60. Tiedostojen tuonti tunnistaa palvelun tästä."
              maxLength={60}
              autoComplete="off"
              error={errors.code?.message}
              {...register('code')}
            />
          )}
          <InputField id={id('name')} label="Nimi" required maxLength={200} error={errors.name?.message} {...register('name')} />
        </div>
        <Field id={id('infoHtml')} label="Lisätietoja" hint="Näytetään palvelun kortilla kohdassa Lisätietoja." error={errors.infoHtml?.message}>
          <textarea
            id={id('infoHtml')}
            className="input textarea"
            rows={4}
            maxLength={SERVICE_INFO_MAX_CHARS}
            aria-invalid={errors.infoHtml ? true : undefined}
            aria-describedby={describedBy(id('infoHtml'), { hint: true, error: Boolean(errors.infoHtml) })}
            {...register('infoHtml')}
          />
        </Field>
        <CheckboxField id={id('active')} label="Käytössä (asiakkaat voivat varata)" {...register('active')} />
      </section>

      <section className="card form-stack" aria-labelledby={id('price')}>
        <h2 id={id('price')} className="card__title">
          Hinta ja työ
        </h2>
        <div className="catalogue__pair">
          <InputField
            id={id('priceCents')}
            label="Hinta (€, sis. alv)"
            required
            inputMode="decimal"
            placeholder="249,00"
            error={errors.priceCents?.message}
            {...register('priceCents')}
          />
          <InputField
            id={id('normalPriceCents')}
            label="Normaalihinta (€)"
            hint="Näytetään yliviivattuna, kun se on hintaa suurempi."
            inputMode="decimal"
            placeholder="289,00"
            error={errors.normalPriceCents?.message}
            {...register('normalPriceCents')}
          />
        </div>
        <div className="catalogue__pair">
          <InputField
            id={id('durationMinutes')}
            label="Kesto (min)"
            required
            inputMode="numeric"
            error={errors.durationMinutes?.message}
            {...register('durationMinutes')}
          />
          {select('workKind', 'Työlaji', [['', 'Mikä tahansa resurssi'], ...choices.workKinds.map((k) => [k.code, k.active ? k.name : `${k.name} (ei käytössä)`] as const)])}
        </div>
      </section>

      <section className="card form-stack" aria-labelledby={id('fit')}>
        <h2 id={id('fit')} className="card__title">
          Kenelle ja milloin
        </h2>
        {!windshield && (
          <>
            <div className="catalogue__pair">
              {select('vehicleClass', 'Ajoneuvoluokka', VEHICLE_CLASS_OPTIONS)}
              {select('makeId', 'Automerkki', [['', 'Kaikki merkit'], ...choices.makes.map((m) => [String(m.id), m.name] as const)], 'Huoltopaketit: merkki, jolle paketti on.')}
            </div>
            <div className="catalogue__pair">
              <InputField id={id('minKm')} label="Mittarilukema alkaen (km)" inputMode="numeric" error={errors.minKm?.message} {...register('minKm')} />
              <InputField id={id('maxKm')} label="Mittarilukema enintään (km)" inputMode="numeric" error={errors.maxKm?.message} {...register('maxKm')} />
            </div>
            <InputField
              id={id('serviceCode')}
              label="Huoltokoodi"
              hint="Jos annettu, palvelu näytetään vain varaukselle, jossa koodi on syötetty."
              maxLength={40}
              autoComplete="off"
              error={errors.serviceCode?.message}
              {...register('serviceCode')}
            />
          </>
        )}
        <div className="catalogue__pair">
          <InputField id={id('validFrom')} label="Voimassa alkaen" type="date" error={errors.validFrom?.message} {...register('validFrom')} />
          <InputField id={id('validTo')} label="Voimassa asti" type="date" error={errors.validTo?.message} {...register('validTo')} />
        </div>
      </section>

      {!windshield && (
        <section className="card form-stack" aria-labelledby={id('related')}>
          <h2 id={id('related')} className="card__title">
            Sisältää ja lisäpalvelut
          </h2>
          {others.length === 0 ? (
            <p className="muted">Muita palveluita ei vielä ole.</p>
          ) : (
            <div className="catalogue__pair">
              <Controller
                control={control}
                name="includes"
                render={({ field }) => (
                  <FieldGroup id={id('includes')} legend="Sisältää palvelut (ei tarjota rinnalla)" error={errors.includes?.message} className="catalogue__fieldset">
                    <CheckboxList idPrefix={id('includes')} className="catalogue__checks" options={others} chosen={field.value} onChange={field.onChange} />
                  </FieldGroup>
                )}
              />
              <Controller
                control={control}
                name="extras"
                render={({ field }) => (
                  <FieldGroup id={id('extras')} legend="Lisäpalvelut sen alla (valintajärjestyksessä)" error={errors.extras?.message} className="catalogue__fieldset">
                    <CheckboxList idPrefix={id('extras')} className="catalogue__checks" options={others} chosen={field.value} onChange={field.onChange} />
                  </FieldGroup>
                )}
              />
            </div>
          )}
        </section>
      )}

      <Controller
        control={control}
        name="imageIds"
        render={({ field }) => <ServiceImages idPrefix={id('images')} imageIds={field.value} onChange={field.onChange} error={errors.imageIds?.message} />}
      />

      <section className="card form-stack" aria-labelledby={id('operations')}>
        <h2 id={id('operations')} className="card__title">
          Työvaiheet ja varaosat
        </h2>
        <p className="field__hint">Näytetään asiakkaalle kohdassa Näytä huollon sisältö.</p>
        {operations.fields.length === 0 && <p className="muted">Työvaiheita ei ole.</p>}
        <ol className="catalogue__operations">
          {operations.fields.map((op, i) => {
            const n = i + 1;
            const opErrors = errors.operations?.[i];
            const partsId = id(`op-${op.id}-parts`);
            const partsError = opErrors?.spareParts?.message ?? (Array.isArray(opErrors?.spareParts) ? 'Tarkista varaosat' : undefined);
            return (
              <li key={op.id} className="catalogue__operation">
                <InputField
                  id={id(`op-${op.id}-description`)}
                  label={`Työvaihe ${n}`}
                  required
                  maxLength={300}
                  error={opErrors?.description?.message}
                  {...register(`operations.${i}.description`)}
                />
                <Field id={partsId} label={`Työvaiheen ${n} varaosat`} hint="Yksi varaosa riviä kohden." error={partsError}>
                  <textarea
                    id={partsId}
                    className="input textarea"
                    rows={3}
                    aria-invalid={partsError ? true : undefined}
                    aria-describedby={describedBy(partsId, { hint: true, error: Boolean(partsError) })}
                    {...register(`operations.${i}.spareParts`)}
                  />
                </Field>
                <div className="catalogue__actions">
                  <Button variant="secondary" aria-label={`Siirrä työvaihe ${n} ylös`} disabled={i === 0} onClick={() => operations.move(i, i - 1)}>
                    Ylös
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Siirrä työvaihe ${n} alas`}
                    disabled={i === operations.fields.length - 1}
                    onClick={() => operations.move(i, i + 1)}
                  >
                    Alas
                  </Button>
                  <Button variant="secondary" aria-label={`Poista työvaihe ${n}`} onClick={() => operations.remove(i)}>
                    Poista
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        {errors.operations?.message && <p className="field__error">{errors.operations.message}</p>}
        <div className="actions">
          <Button
            variant="secondary"
            disabled={operations.fields.length >= SERVICE_MAX_OPERATIONS}
            onClick={() => operations.append({ description: '', spareParts: '' })}
          >
            Lisää työvaihe
          </Button>
        </div>
      </section>

      <FormFooter problem={errors.root?.server?.message} pending={pending}>
        {service ? 'Tallenna palvelu' : 'Lisää palvelu'}
      </FormFooter>
    </form>
  );
}
