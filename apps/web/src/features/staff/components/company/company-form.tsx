import './company.css';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LOYALTY_NAME_MAX, companyDetailsBody, companyDetailsSchema, type CompanyDetails } from '@huolto/domain';
import { CheckboxField, Field, InputField, describedBy } from '@/components/ui/field.tsx';
import { useUpdateCompany } from '@/features/staff/api/update-company.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

/**
 * The form's fields (the company's details as read, the service break split into a tick, dates
 * and times), made into the domain's company body: the service break is sent only
 * when ticked, its start and end each a date and a time. The dates carry the body's names
 * (`serviceBreak.start`, `serviceBreak.end`), so the body's refusals show at them.
 */
const companyFormSchema = companyDetailsSchema
  .omit({ serviceBreak: true })
  .extend({
    hasServiceBreak: z.boolean(),
    serviceBreak: z.object({ start: z.string(), startTime: z.string(), end: z.string(), endTime: z.string(), message: z.string() }),
  })
  .transform(({ hasServiceBreak, serviceBreak: b, ...rest }): z.input<typeof companyDetailsBody> => ({
    ...rest,
    serviceBreak: hasServiceBreak ? { start: `${b.start}T${b.startTime}:00`, end: `${b.end}T${b.endTime}:00`, message: b.message } : null,
  }))
  .pipe(companyDetailsBody);

type CompanyFormInput = z.input<typeof companyFormSchema>;
type CompanyFormValues = z.output<typeof companyFormSchema>;

const REFUSABLE = [
  'name',
  'bookingPhone',
  'frontPageUrl',
  'damageInspectionUrl',
  'phoneBookingUrl',
  'privacyUrl',
  'mailSenderName',
  'businessId',
  'address',
  'email',
  'tagManagerId',
  'loyaltyName',
  'serviceBreak.start',
  'serviceBreak.end',
  'serviceBreak.message',
] as const;

function formValues(c: CompanyDetails): CompanyFormInput {
  const b = c.serviceBreak;
  return {
    name: c.name,
    bookingPhone: c.bookingPhone,
    frontPageUrl: c.frontPageUrl,
    damageInspectionUrl: c.damageInspectionUrl,
    phoneBookingUrl: c.phoneBookingUrl,
    privacyUrl: c.privacyUrl,
    mailSenderName: c.mailSenderName,
    businessId: c.businessId,
    address: c.address,
    email: c.email,
    tagManagerId: c.tagManagerId,
    loyalty: c.loyalty,
    loyaltyName: c.loyaltyName,
    hasServiceBreak: b !== null,
    serviceBreak: {
      start: b?.start.slice(0, 10) ?? '',
      startTime: b?.start.slice(11, 16) ?? '08:00',
      end: b?.end.slice(0, 10) ?? '',
      endTime: b?.end.slice(11, 16) ?? '16:00',
      message: b?.message ?? '',
    },
  };
}

/**
 * The company's details: its name, booking line, business ID, address and contact e-mail, the
 * e-mails' sender, the pages' links, the tag manager, the loyalty programme's switch and name,
 * and a service break.
 */
export function CompanyForm({
  company,
  announce,
  onSaved,
}: {
  company: CompanyDetails;
  announce: (message: string) => void;
  /** After a save: the page refreshes what shows the company elsewhere (the header's name). */
  onSaved?: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    getFieldState,
    formState,
  } = useForm<CompanyFormInput, unknown, CompanyFormValues>({ defaultValues: formValues(company), resolver: zodResolver(companyFormSchema) });
  const hasServiceBreak = useWatch({ control, name: 'hasServiceBreak' });
  const save = useUpdateCompany();

  const onValid = (body: CompanyFormValues) =>
    save.mutate(body, {
      onSuccess: () => {
        announce('Yrityksen tiedot tallennettu');
        onSaved?.();
      },
      onError: (error) => showRefusal(error, setError, REFUSABLE),
    });

  const id = (name: string) => `${uid}-${name}`;
  const errors = formState.errors;
  // The break's `message` field shares its name with an error's own message: read its error by path.
  const breakError = (name: 'start' | 'end' | 'message') => getFieldState(`serviceBreak.${name}`, formState).error?.message;
  const messageId = id('breakMessage');

  return (
    <form className="form-stack company-form" onSubmit={handleSubmit(onValid)} noValidate>
      <section className="card form-stack" aria-labelledby={id('basics')}>
        <h2 id={id('basics')} className="card__title">
          Perustiedot
        </h2>
        <InputField id={id('name')} label="Yrityksen nimi" required maxLength={100} error={errors.name?.message} {...register('name')} />
        <InputField
          id={id('bookingPhone')}
          label="Ajanvarauksen puhelinnumero"
          hint="Näkyy etusivulla. Jätä tyhjäksi, jos numeroa ei näytetä."
          type="tel"
          error={errors.bookingPhone?.message}
          {...register('bookingPhone')}
        />
        <InputField
          id={id('mailSenderName')}
          label="Sähköpostien lähettäjän nimi"
          required
          hint="Esimerkiksi ”Yritys ajanvaraus”."
          maxLength={100}
          error={errors.mailSenderName?.message}
          {...register('mailSenderName')}
        />
        <InputField
          id={id('businessId')}
          label="Y-tunnus"
          hint="Muodossa 1234567-8. Tietosuojaseloste nimeää rekisterinpitäjän tällä."
          maxLength={9}
          error={errors.businessId?.message}
          {...register('businessId')}
        />
        <InputField
          id={id('address')}
          label="Osoite"
          hint="Yhdelle riville, esimerkiksi ”Katu 1, 00100 Helsinki”."
          autoComplete="off"
          maxLength={200}
          error={errors.address?.message}
          {...register('address')}
        />
        <InputField
          id={id('email')}
          label="Sähköposti tietosuoja- ja saavutettavuuspalautteelle"
          hint="Asiakkaiden tietosuojapyynnöt ja saavutettavuuspalaute tulevat tähän osoitteeseen. Ilman osoitetta palautelomake pyytää soittamaan."
          type="email"
          maxLength={254}
          error={errors.email?.message}
          {...register('email')}
        />
      </section>
      <section className="card form-stack" aria-labelledby={id('links')}>
        <h2 id={id('links')} className="card__title">
          Linkit
        </h2>
        <p className="muted">Tyhjä osoite jättää linkin pois sivuilta.</p>
        <InputField id={id('frontPageUrl')} label="Yrityksen etusivu" type="url" error={errors.frontPageUrl?.message} {...register('frontPageUrl')} />
        <InputField
          id={id('damageInspectionUrl')}
          label="Vauriotarkastuksen sivu"
          type="url"
          error={errors.damageInspectionUrl?.message}
          {...register('damageInspectionUrl')}
        />
        <InputField
          id={id('phoneBookingUrl')}
          label="Puhelinvarauksen sivu"
          type="url"
          error={errors.phoneBookingUrl?.message}
          {...register('phoneBookingUrl')}
        />
        <InputField id={id('privacyUrl')} label="Tietosuojaseloste" type="url" error={errors.privacyUrl?.message} {...register('privacyUrl')} />
      </section>
      <section className="card form-stack" aria-labelledby={id('analytics')}>
        <h2 id={id('analytics')} className="card__title">
          Analytiikka
        </h2>
        <InputField
          id={id('tagManagerId')}
          label="Google Tag Manager -tunnus"
          hint="Muodossa GTM-XXXXXXX. Kun tunnus on annettu, asiakkailta kysytään suostumus ja analytiikka latautuu vasta hyväksynnän jälkeen. Ilman tunnusta analytiikkaa ei ladata lainkaan."
          maxLength={20}
          error={errors.tagManagerId?.message}
          {...register('tagManagerId')}
        />
      </section>
      <section className="card form-stack" aria-labelledby={id('loyaltySection')}>
        <h2 id={id('loyaltySection')} className="card__title">
          Kanta-asiakkaat
        </h2>
        <CheckboxField id={id('loyalty')} label="Kanta-asiakasohjelma käytössä (kirjautuminen, jäsenkoodit ja -edut)" {...register('loyalty')} />
        <p className="muted">Pois päältä asiakkaille ei näytetä kirjautumista eikä rekisteröitymistä, eivätkä jäsenkoodit ja -edut ole käytössä.</p>
        <InputField
          id={id('loyaltyName')}
          label="Kanta-asiakasohjelman nimi"
          hint="Esimerkiksi ”OmaYritys”. Näkyy kanta-asiakaskortin otsikkona, rekisteröitymisessä ja sen sähköposteissa. Ilman nimeä puhutaan kanta-asiakkuudesta."
          autoComplete="off"
          maxLength={LOYALTY_NAME_MAX}
          error={errors.loyaltyName?.message}
          {...register('loyaltyName')}
        />
      </section>
      <section className="card form-stack" aria-labelledby={id('break')}>
        <h2 id={id('break')} className="card__title">
          Huoltokatko
        </h2>
        <CheckboxField id={id('hasServiceBreak')} label="Ilmoita huoltokatkosta asiakkaille" {...register('hasServiceBreak')} />
        {hasServiceBreak && (
          <>
            <div className="company-form__pair">
              <InputField id={id('breakStart')} label="Alkaa (päivä)" type="date" error={breakError('start')} {...register('serviceBreak.start')} />
              <InputField id={id('breakStartTime')} label="Alkaa (kello)" type="time" step={900} {...register('serviceBreak.startTime')} />
            </div>
            <div className="company-form__pair">
              <InputField id={id('breakEnd')} label="Päättyy (päivä)" type="date" error={breakError('end')} {...register('serviceBreak.end')} />
              <InputField id={id('breakEndTime')} label="Päättyy (kello)" type="time" step={900} {...register('serviceBreak.endTime')} />
            </div>
            <Field id={messageId} label="Ilmoitus asiakkaille" required error={breakError('message')}>
              <textarea
                id={messageId}
                className="input textarea"
                rows={3}
                maxLength={500}
                aria-required
                aria-invalid={breakError('message') ? true : undefined}
                aria-describedby={describedBy(messageId, { error: Boolean(breakError('message')) })}
                {...register('serviceBreak.message')}
              />
            </Field>
          </>
        )}
      </section>
      <FormFooter problem={errors.root?.server?.message} pending={save.isPending}>
        Tallenna
      </FormFooter>
    </form>
  );
}
