import './desk.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  FIELD_ERRORS,
  OFFICE_PROCESS_LABELS,
  VEHICLE_MAKE_MAX_LENGTH,
  VEHICLE_MODEL_MAX_LENGTH,
  deskBookingBody,
  deskCustomerSchema,
  formatEuros,
  formatFinnishDate,
  kilometersSchema,
  normalizeRegisterNumber,
  registerNumberSchema,
  staffPaths,
  todayInHelsinki,
  type DeskBookingBody,
  type DeskChannel,
  type DeskTireSize,
  type ProcessType,
} from '@huolto/domain';
import { InputField, TextAreaField } from '@/components/ui/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useDeskCatalogue, type DeskCatalogueBody } from '@/features/staff/api/get-desk-catalogue.ts';
import { useDeskTimes } from '@/features/staff/api/get-desk-times.ts';
import { useCreateDeskBooking } from '@/features/staff/api/create-desk-booking.ts';
import { durationText } from '@/features/staff/components/catalogue/catalogue-format.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { clock } from '@/features/staff/format.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fieldErrors, messageOf } from '@/lib/form-errors.ts';
import { DESK_CUSTOMER_FIELDS, DeskCustomerFields, type DeskCustomerField } from './desk-customer-fields.tsx';
import { DeskServices } from './desk-services.tsx';
import { DeskTires, type DeskTireChoice } from './desk-tires.tsx';
import { DeskTimeGrid, isFree, type DeskChoice } from './desk-times.tsx';

/** The work the desk books: maintenance, the tire change and storage services, or tires sold (the windshield service is not booked at the desk). */
export const DESK_PROCESS_TYPES = ['MAINTENANCE', 'TIRE_CHANGE', 'TIRE_SALES'] as const satisfies readonly ProcessType[];
export type DeskProcessType = (typeof DESK_PROCESS_TYPES)[number];

export const isDeskProcessType = (value: string): value is DeskProcessType => (DESK_PROCESS_TYPES as readonly string[]).includes(value);

/** What the page starts from: the address's day, start and channel, or an earlier booking's work, car, customer and lines. */
export interface DeskInitial {
  channel: DeskChannel;
  processType: DeskProcessType;
  /** Told at the work's choice (an earlier booking of work the desk does not book). */
  processNote: string | null;
  date: string;
  /** A start pressed on the day grid ('HH:mm:ss'), chosen when it is still free for the work. */
  start: { resourceId: number; time: string } | null;
  vehicle: { registerNumber: string; make: string; model: string; kilometers: string };
  customer: z.input<typeof deskCustomerSchema>;
  /** The earlier booking's lines: its product (null for a line not from the catalogue) and name. */
  items: { productId: string | null; name: string }[];
}

/**
 * The customer's part of the form, on the domain's rule; a phone number left empty is told as
 * missing before it is told as malformed.
 */
const deskFormSchema = z.object({
  customer: deskCustomerSchema.extend({
    phone_number: z.string().trim().min(1, { error: FIELD_ERRORS.required }).pipe(deskCustomerSchema.shape.phone_number),
  }),
  symptoms: z.string().max(1000, { error: FIELD_ERRORS.tooLong }),
  notes: deskBookingBody.shape.notes,
});
type DeskFormInput = z.input<typeof deskFormSchema>;
type DeskFormValues = z.output<typeof deskFormSchema>;

const CHANNEL_OPTIONS: { value: DeskChannel; label: string }[] = [
  { value: 'PHONE', label: 'Puhelin' },
  { value: 'COUNTER', label: 'Tiskillä' },
];

/** Problems of the form's own parts (not the customer's fields). */
interface PartErrors {
  plate?: string;
  make?: string;
  model?: string;
  kilometers?: string;
  services?: string;
  time?: string;
}

function focusPart(id: string) {
  const el = document.getElementById(id);
  const target = el?.matches('input, select, textarea') ? el : el?.querySelector<HTMLElement>('input, select, textarea, button');
  (target ?? el)?.focus();
}

/** 'ke 2.12.2026 klo 10.15, Nosturi 2' */
function choiceText(choice: DeskChoice, resourceName: string | undefined) {
  return `${formatFinnishDate(choice.date, true)} klo ${clock(choice.time)}${resourceName ? `, ${resourceName}` : ''}`;
}

/**
 * A booking made at the desk, top to bottom: how it came in, the car, the services, the day
 * and the time, the customer, the visit's details and a summary; saved, the booking's page
 * opens and says so.
 */
export function NewBookingForm({ officeId, initial: given }: { officeId: number; initial: DeskInitial }) {
  // As the page opened: a new address starts the form again (its key).
  const [initial] = useState(given);
  const uid = useId();
  const navigate = useNavigate();
  const today = todayInHelsinki();

  const [channel, setChannel] = useState<DeskChannel>(initial.channel);
  const [processType, setProcessType] = useState<DeskProcessType>(initial.processType);
  const [plate, setPlate] = useState(initial.vehicle.registerNumber);
  const [make, setMake] = useState(initial.vehicle.make);
  const [model, setModel] = useState(initial.vehicle.model);
  const [kilometers, setKilometers] = useState(initial.vehicle.kilometers);
  const [partErrors, setPartErrors] = useState<PartErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /** The car as looked up ("Hae"): the catalogue and the times are read for it. */
  const lookUp = (registerNumber: string, km: string): DeskCatalogueBody | null => {
    const plateResult = registerNumberSchema.safeParse(registerNumber);
    const kmResult = km.trim() === '' ? null : kilometersSchema.safeParse(km.trim());
    const errors: PartErrors = {};
    if (!plateResult.success) errors.plate = plateResult.error.issues[0]?.message ?? FIELD_ERRORS.registerNumber;
    if (kmResult && !kmResult.success) errors.kilometers = FIELD_ERRORS.kilometers;
    setPartErrors((e) => ({ ...e, plate: errors.plate, kilometers: errors.kilometers }));
    if (!plateResult.success || (kmResult && !kmResult.success)) return null;
    setPlate(plateResult.data);
    return { vehicle: { registerNumber: plateResult.data, ...(kmResult ? { kilometers: kmResult.data } : {}) } };
  };
  const [searched, setSearched] = useState<DeskCatalogueBody | null>(() =>
    initial.vehicle.registerNumber ? (registerNumberSchema.safeParse(initial.vehicle.registerNumber).success ? lookUpQuiet(initial.vehicle) : null) : null,
  );
  // Tires are sold by a size typed at the desk, or the car's size in the register.
  const tireSale = processType === 'TIRE_SALES';
  const [tireSize, setTireSize] = useState<DeskTireSize | null>(null);
  const [tire, setTire] = useState<DeskTireChoice | null>(null);
  // Each work has a catalogue of its own.
  const catalogue = useDeskCatalogue(
    officeId,
    searched ? { processType, vehicle: searched.vehicle, ...(tireSale && tireSize ? { tireSize } : {}) } : null,
  );
  // The booking is for the car looked up: a plate or mileage typed since is looked up first.
  const changedSinceLookUp =
    searched !== null &&
    (normalizeRegisterNumber(plate) !== searched.vehicle.registerNumber ||
      kilometers.trim() !== (searched.vehicle.kilometers === undefined || searched.vehicle.kilometers === null ? '' : String(searched.vehicle.kilometers)));
  const found = catalogue.data?.vehicle.found ?? true;
  /** "Hae": the car looked up again, its tires by its own size in the register. */
  const lookUpCar = () => {
    setSearched(lookUp(plate, kilometers));
    setTireSize(null);
  };

  // The services: ticked codes; an earlier booking's lines are ticked once the catalogue says which are still offered.
  const [codes, setCodes] = useState<string[]>([]);
  const [missing, setMissing] = useState<string[]>([]);
  const prefill = useRef(initial.items.length > 0);
  const offered = useMemo(() => new Map((catalogue.data?.groups ?? []).flatMap((g) => g.services.map((s) => [s.code, s] as const))), [catalogue.data]);
  const tires = useMemo(() => new Map((catalogue.data?.tires ?? []).map((t) => [t.productId, t] as const)), [catalogue.data]);
  useEffect(() => {
    if (!catalogue.data) return;
    if (prefill.current) {
      prefill.current = false;
      setCodes([...new Set(initial.items.flatMap((i) => (i.productId !== null && offered.has(i.productId) ? [i.productId] : [])))]);
      const again = initial.items.find((i) => i.productId !== null && tires.has(i.productId));
      if (again) setTire({ productId: again.productId!, amount: Math.min(4, tires.get(again.productId!)!.stock) });
      setMissing(initial.items.filter((i) => i.productId === null || !(offered.has(i.productId) || tires.has(i.productId))).map((i) => i.name));
    } else {
      setCodes((c) => c.filter((code) => offered.has(code)));
      setTire((t) => (t && tires.has(t.productId) ? t : null));
    }
  }, [catalogue.data, offered, tires, initial.items]);
  /** The booking's items: the tire chosen with its amount, or the services ticked. */
  const items = tireSale ? (tire ? [tire] : []) : codes.map((productId) => ({ productId, amount: 1 }));

  const [date, setDate] = useState(initial.date);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
  const timesBody =
    searched && items.length > 0 && validDate ? { processType, vehicle: searched.vehicle, items, date } : null;
  const times = useDeskTimes(officeId, timesBody);
  const current = times.data && !times.isPlaceholderData ? times.data : undefined;

  const [chosen, setChosen] = useState<DeskChoice | null>(null);
  const [firstNote, setFirstNote] = useState<string | null>(null);
  const preselect = useRef(initial.start);
  useEffect(() => {
    if (!current) return;
    if (chosen && isFree(current, chosen)) return;
    const wanted = preselect.current;
    if (wanted && current.date === initial.date) {
      preselect.current = null;
      if (isFree(current, wanted)) {
        setChosen({ date: current.date, ...wanted });
        return;
      }
    }
    if (channel === 'COUNTER' && current.first && current.date === today) {
      const first = current.first;
      setChosen({ date: current.date, ...first });
      setFirstNote(`Ensimmäinen vapaa aika tänään: klo ${clock(first.time)}, ${current.resources.find((r) => r.id === first.resourceId)?.name ?? ''}`.replace(/, $/, ''));
      return;
    }
    if (channel === 'COUNTER' && current.date === today && !current.first) setFirstNote('Tänään ei ole enää vapaita aikoja tälle työlle.');
    if (chosen) setChosen(null);
  }, [current, chosen, channel, today, initial.date]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeskFormInput, unknown, DeskFormValues>({
    defaultValues: { customer: { email: '', address: '', post_code: '', post_office: '', ...initial.customer }, symptoms: '', notes: '' },
    resolver: zodResolver(deskFormSchema),
  });

  const save = useCreateDeskBooking(officeId);

  /** Another work: its catalogue is another, so the services and the time are chosen again. */
  const chooseProcess = (value: DeskProcessType) => {
    setProcessType(value);
    prefill.current = false;
    setCodes([]);
    setTire(null);
    setTireSize(null);
    setMissing([]);
    setChosen(null);
    setFirstNote(null);
    setConflict(null);
    setPartErrors((e) => ({ ...e, services: undefined, time: undefined }));
  };

  /** The parts outside the customer's fields, checked on saving; the first problem's id, if any. */
  const checkParts = (): { errors: PartErrors; firstId: string | null } => {
    const e: PartErrors = {};
    if (!searched) e.plate = plate.trim() === '' ? FIELD_ERRORS.required : 'Hae auto rekisterinumerolla';
    else if (changedSinceLookUp) e.plate = 'Rekisterinumero tai mittarilukema on muuttunut: paina Hae';
    if (searched && items.length === 0) e.services = tireSale ? 'Valitse rengas' : 'Valitse vähintään yksi palvelu';
    if (items.length > 0 && (!chosen || !isFree(current, chosen))) e.time = 'Valitse aika';
    setPartErrors((old) => ({ ...old, plate: e.plate ?? old.plate, services: e.services, time: e.time }));
    const firstId = e.plate ? `${uid}-plate` : e.services ? 'desk-services' : e.time ? (current ? 'desk-times' : `${uid}-date`) : null;
    return { errors: e, firstId };
  };

  const onValid = (values: DeskFormValues) => {
    setProblem(null);
    setConflict(null);
    const { firstId } = checkParts();
    if (firstId || !searched || !chosen || !current) {
      if (firstId) focusPart(firstId);
      return;
    }
    const body: DeskBookingBody = {
      channel,
      processType,
      vehicle: {
        ...searched.vehicle,
        ...(!found && make.trim() ? { make: make.trim() } : {}),
        ...(!found && model.trim() ? { model: model.trim() } : {}),
      },
      items,
      start: `${chosen.date}T${chosen.time}`,
      resourceId: chosen.resourceId,
      customer: values.customer,
      symptoms: values.symptoms.trim() ? [values.symptoms.trim()] : [],
      notes: values.notes,
    };
    const when = choiceText(chosen, current.resources.find((r) => r.id === chosen.resourceId)?.name);
    save.mutate(body, {
      onSuccess: (created) =>
        navigate(staffPaths.booking(created.id), {
          state: {
            created: `Varaus tallennettu: ${body.vehicle.registerNumber}, ${when}.${values.customer.email ? ' Vahvistus lähetetään asiakkaan sähköpostiin.' : ''}`,
          },
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setConflict(error.message);
          setChosen(null);
          void times.refetch();
          focusPart(`${uid}-conflict`);
          return;
        }
        const fields = fieldErrors(error);
        let named = false;
        const parts: PartErrors = {};
        for (const f of fields) {
          const customer = /^customer\.(\w+)$/.exec(f.path)?.[1];
          if (customer && (DESK_CUSTOMER_FIELDS as readonly string[]).includes(customer)) {
            setError(`customer.${customer as DeskCustomerField}`, { type: 'server', message: f.message }, { shouldFocus: !named });
            named = true;
          } else if (f.path === 'vehicle.kilometers') parts.kilometers = f.message;
          else if (f.path === 'vehicle.make') parts.make = f.message;
          else if (f.path === 'vehicle.model') parts.model = f.message;
          else if (f.path.startsWith('vehicle')) parts.plate = f.message;
          else if (f.path.startsWith('items')) parts.services = f.message;
          else if (f.path === 'start' || f.path === 'resourceId') parts.time = f.message;
          else if (f.path.startsWith('symptoms')) setError('symptoms', { type: 'server', message: f.message });
          else if (f.path === 'notes') setError('notes', { type: 'server', message: f.message });
          else continue;
          named = true;
        }
        if (Object.keys(parts).length > 0) setPartErrors((old) => ({ ...old, ...parts }));
        if (!named) setProblem(messageOf(error));
      },
    });
  };

  const chosenResource = chosen && current?.resources.find((r) => r.id === chosen.resourceId)?.name;
  const chosenValid = chosen !== null && isFree(current, chosen);
  const chosenTire = tireSale && tire ? tires.get(tire.productId) : undefined;
  const selectedServices = tireSale
    ? chosenTire && tire
      ? [{ name: `${chosenTire.make} ${chosenTire.model} ${chosenTire.size}, ${tire.amount} kpl`, priceCents: chosenTire.priceCents * tire.amount, durationMinutes: 0 }]
      : []
    : codes.flatMap((c) => (offered.has(c) ? [offered.get(c)!] : []));
  const totalCents = current ? current.totalCents : selectedServices.reduce((sum, s) => sum + s.priceCents, 0);
  const minutes = current ? current.minutes : selectedServices.reduce((sum, s) => sum + s.durationMinutes, 0);
  const id = (name: string) => `${uid}-${name}`;

  return (
    <form className="desk form-stack" onSubmit={handleSubmit(onValid, () => checkParts())} noValidate>
      <section className="card form-stack" aria-labelledby={id('channel-title')}>
        <h2 id={id('channel-title')} className="card__title">
          Varauksen kanava
        </h2>
        <fieldset className="desk__channel">
          <legend className="visually-hidden">Miten asiakas varaa</legend>
          {CHANNEL_OPTIONS.map((o) => (
            <label key={o.value} className="desk__channel-option">
              <input
                type="radio"
                name={id('channel')}
                value={o.value}
                checked={channel === o.value}
                onChange={() => {
                  setChannel(o.value);
                  setFirstNote(null);
                  if (o.value === 'COUNTER' && date !== today) setDate(today);
                }}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      </section>

      <section className="card form-stack" aria-labelledby={id('process-title')}>
        <h2 id={id('process-title')} className="card__title">
          Työ
        </h2>
        <fieldset className="desk__channel">
          <legend className="visually-hidden">Mitä työtä varataan</legend>
          {DESK_PROCESS_TYPES.map((p) => (
            <label key={p} className="desk__channel-option">
              <input type="radio" name={id('process')} value={p} checked={processType === p} onChange={() => chooseProcess(p)} />
              {OFFICE_PROCESS_LABELS[p]}
            </label>
          ))}
        </fieldset>
        {initial.processNote && <p className="notice">{initial.processNote}</p>}
      </section>

      <section className="card form-stack" aria-labelledby={id('car-title')}>
        <h2 id={id('car-title')} className="card__title">
          Auto
        </h2>
        <div className="desk__plate-row">
          <InputField
            id={id('plate')}
            label="Rekisterinumero"
            required
            autoComplete="off"
            placeholder="ABC-123"
            value={plate}
            error={partErrors.plate}
            onChange={(e) => setPlate(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                lookUpCar();
              }
            }}
          />
          <InputField
            id={id('km')}
            label="Mittarilukema (km)"
            inputMode="numeric"
            autoComplete="off"
            value={kilometers}
            error={partErrors.kilometers}
            onChange={(e) => setKilometers(e.target.value)}
          />
          <div className="desk__plate-action">
            <Button type="button" variant="secondary" onClick={lookUpCar}>
              Hae
            </Button>
          </div>
        </div>
        {searched && catalogue.isPending && <p className="staff-loading">Haetaan autoa ja palveluita…</p>}
        {catalogue.isError && <LoadError error={catalogue.error} message={messageOf(catalogue.error)} onRetry={() => void catalogue.refetch()} />}
        {catalogue.data &&
          (catalogue.data.vehicle.found ? (
            <p>
              <span className="plate">{catalogue.data.vehicle.registerNumber}</span>{' '}
              {[catalogue.data.vehicle.make, catalogue.data.vehicle.model].filter(Boolean).join(' ')}
            </p>
          ) : (
            <>
              <p className="notice notice--warning" id={id('not-found')}>
                Ajoneuvoa ei löytynyt rekisteristä: kirjoita merkki ja malli
              </p>
              <div className="desk__pair">
                <InputField id={id('make')} label="Merkki" autoComplete="off" maxLength={VEHICLE_MAKE_MAX_LENGTH} value={make} error={partErrors.make} onChange={(e) => setMake(e.target.value)} />
                <InputField
                  id={id('model')}
                  label="Malli"
                  autoComplete="off"
                  maxLength={VEHICLE_MODEL_MAX_LENGTH}
                  value={model}
                  error={partErrors.model}
                  onChange={(e) => setModel(e.target.value)}
                />
              </div>
            </>
          ))}
      </section>

      <section className="card form-stack" aria-labelledby={id('services-title')}>
        <h2 id={id('services-title')} className="card__title">
          {tireSale ? 'Renkaat' : 'Palvelut'}
        </h2>
        {catalogue.data && tireSale ? (
          <DeskTires
            key={JSON.stringify(catalogue.data.tireSize ?? null)}
            catalogue={catalogue.data}
            chosen={tire}
            error={partErrors.services}
            onSize={(size) => {
              setTireSize(size);
              setTire(null);
            }}
            onChoose={(choice) => {
              setTire(choice);
              setPartErrors((e) => ({ ...e, services: undefined }));
            }}
          />
        ) : catalogue.data ? (
          <DeskServices
            catalogue={catalogue.data}
            selected={codes}
            missing={missing}
            error={partErrors.services}
            onToggle={(code, checked) => {
              setCodes((old) => (checked ? [...old, code] : old.filter((x) => x !== code)));
              setPartErrors((e) => ({ ...e, services: undefined }));
            }}
          />
        ) : (
          <p className="muted">Hae ensin auto rekisterinumerolla.</p>
        )}
      </section>

      <section className="card form-stack" aria-labelledby={id('time-title')}>
        <h2 id={id('time-title')} className="card__title">
          Päivä ja aika
        </h2>
        <InputField
          id={id('date')}
          label="Päivä"
          type="date"
          min={today}
          value={date}
          className="desk__date"
          error={date !== '' && !validDate ? 'Valitse tämä päivä tai myöhempi' : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setConflict(null);
          }}
        />
        <p className={conflict ? 'notice notice--error' : 'visually-hidden'} role="alert" id={id('conflict')} tabIndex={-1}>
          {conflict}
        </p>
        {firstNote && channel === 'COUNTER' && (
          <p className="notice notice--success" role="status">
            {firstNote}
          </p>
        )}
        {items.length === 0 ? (
          <p className="muted">{tireSale ? 'Valitse rengas' : 'Valitse palvelut'}, niin vapaat ajat näytetään.</p>
        ) : !validDate ? null : times.isPending ? (
          <p className="staff-loading">Haetaan vapaita aikoja…</p>
        ) : times.isError ? (
          <LoadError error={times.error} message={messageOf(times.error)} onRetry={() => void times.refetch()} />
        ) : (
          <div aria-busy={times.isFetching || undefined} className={times.isPlaceholderData ? 'desk__stale' : undefined}>
            <DeskTimeGrid
              times={times.data}
              chosen={chosen}
              error={partErrors.time}
              onChoose={(choice) => {
                setChosen(choice);
                setFirstNote(null);
                setConflict(null);
                setPartErrors((e) => ({ ...e, time: undefined }));
              }}
            />
          </div>
        )}
        {partErrors.time && (items.length === 0 || !times.data) && <p className="field__error">{partErrors.time}</p>}
      </section>

      <DeskCustomerFields register={register} errors={errors.customer} id={id} emailHint="Vahvistus lähetetään, jos sähköposti annetaan" />

      <section className="card form-stack" aria-labelledby={id('visit-title')}>
        <h2 id={id('visit-title')} className="card__title">
          Käynnin tiedot
        </h2>
        <TextAreaField id={id('symptoms')} label="Vian kuvaus" maxLength={1000} error={errors.symptoms?.message} {...register('symptoms')} />
        <TextAreaField id={id('notes')} label="Lisätiedot" maxLength={1000} error={errors.notes?.message} {...register('notes')} />
      </section>

      <section className="card form-stack desk__summary" aria-labelledby={id('summary-title')}>
        <h2 id={id('summary-title')} className="card__title">
          Yhteenveto
        </h2>
        <dl className="desk__summary-list">
          <dt>Kanava</dt>
          <dd>{CHANNEL_OPTIONS.find((o) => o.value === channel)?.label}</dd>
          <dt>Työ</dt>
          <dd>{OFFICE_PROCESS_LABELS[processType]}</dd>
          <dt>{tireSale ? 'Renkaat' : 'Palvelut'}</dt>
          <dd>{selectedServices.length > 0 ? selectedServices.map((s) => s.name).join(', ') : '–'}</dd>
          <dt>Kesto</dt>
          <dd>{minutes > 0 ? durationText(minutes) : '–'}</dd>
          <dt>Aika</dt>
          <dd>{chosen && chosenValid ? choiceText(chosen, chosenResource ?? undefined) : 'Ei valittu'}</dd>
          <dt>Yhteensä</dt>
          <dd className="desk__total">{selectedServices.length > 0 ? formatEuros(totalCents) : '–'}</dd>
        </dl>
        <FormFooter problem={problem} pending={save.isPending}>
          Tallenna varaus
        </FormFooter>
      </section>
    </form>
  );
}

/** The look-up of a car the page starts with (an earlier booking's): no messages, it is valid. */
function lookUpQuiet(v: DeskInitial['vehicle']): DeskCatalogueBody {
  const registerNumber = registerNumberSchema.parse(v.registerNumber);
  const km = v.kilometers.trim() === '' ? null : kilometersSchema.safeParse(v.kilometers.trim());
  return { vehicle: { registerNumber, ...(km?.success ? { kilometers: km.data } : {}) } };
}
