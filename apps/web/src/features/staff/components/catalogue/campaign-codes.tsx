import './catalogue.css';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { campaignCodeAdminBody, createCampaignCodeBody, type CampaignCodeAdmin } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField, InputField } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useCreateCampaignCode } from '@/features/staff/api/create-campaign-code.ts';
import { useUpdateCampaignCode } from '@/features/staff/api/update-campaign-code.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { validityText } from './catalogue-format.ts';
import { ActiveBadge } from './service-list.tsx';

/** The form's fields as typed: the percent as text, '' dates as none; made into the domain's body. */
const codeFormFields = z.object({
  code: z.string(),
  description: z.string(),
  percentOff: z.string().refine((v) => /^\d{1,3}$/.test(v.trim()), { error: 'Alennus prosentteina 1–100' }),
  membersOnly: z.boolean(),
  validFrom: z.string(),
  validTo: z.string(),
  active: z.boolean(),
});
type CodeFormInput = z.input<typeof codeFormFields>;
const toBody = (f: CodeFormInput) => ({
  ...f,
  percentOff: Number(f.percentOff.trim()),
  validFrom: f.validFrom === '' ? null : f.validFrom,
  validTo: f.validTo === '' ? null : f.validTo,
});
const newCodeSchema = codeFormFields.transform((f): z.input<typeof createCampaignCodeBody> => toBody(f)).pipe(createCampaignCodeBody);
const codeSchema = codeFormFields
  .transform((f): z.input<typeof campaignCodeAdminBody> => {
    const { code: _code, ...body } = toBody(f);
    return body;
  })
  .pipe(campaignCodeAdminBody);
type CodeFormValues = z.output<typeof campaignCodeAdminBody> & { code?: string };

const REFUSABLE = ['code', 'description', 'percentOff', 'membersOnly', 'validFrom', 'validTo', 'active'] as const;
const EMPTY: CodeFormInput = { code: '', description: '', percentOff: '', membersOnly: false, validFrom: '', validTo: '', active: true };

const formValues = (c: CampaignCodeAdmin): CodeFormInput => ({
  code: c.code,
  description: c.description,
  percentOff: String(c.percentOff),
  membersOnly: c.membersOnly,
  validFrom: c.validFrom ?? '',
  validTo: c.validTo ?? '',
  active: c.active,
});

/** A campaign code's fields: a new one (no `campaignCode`: POST) or a code's own (PUT; its code stays). */
export function CampaignCodeForm({ campaignCode, onDone }: { campaignCode?: CampaignCodeAdmin; onDone: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CodeFormInput, unknown, CodeFormValues>({
    defaultValues: campaignCode ? formValues(campaignCode) : EMPTY,
    resolver: (campaignCode ? zodResolver(codeSchema) : zodResolver(newCodeSchema)) as Resolver<CodeFormInput, unknown, CodeFormValues>,
  });
  const create = useCreateCampaignCode();
  const update = useUpdateCampaignCode();

  const onValid = (body: CodeFormValues) => {
    const onError = (error: unknown) => showRefusal(error, setError, REFUSABLE);
    if (campaignCode) update.mutate({ code: campaignCode.code, body }, { onSuccess: () => onDone(`Kampanjakoodi tallennettu: ${campaignCode.code}`), onError });
    else
      create.mutate(
        { ...body, code: body.code ?? '' },
        {
          onSuccess: (c) => {
            reset(EMPTY);
            onDone(`Kampanjakoodi lisätty: ${c.code}`);
          },
          onError,
        },
      );
  };

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      {campaignCode ? (
        <p className="muted">Koodi {campaignCode.code}</p>
      ) : (
        <InputField
          id={`${uid}-code`}
          label="Koodi"
          required
          hint="Isoja kirjaimia A–Z, numeroita, - ja _, esimerkiksi KEVAT10."
          maxLength={40}
          autoComplete="off"
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      <InputField id={`${uid}-description`} label="Kuvaus" required maxLength={200} error={errors.description?.message} {...register('description')} />
      <InputField
        id={`${uid}-percentOff`}
        label="Alennus (%)"
        required
        inputMode="numeric"
        maxLength={3}
        error={errors.percentOff?.message}
        {...register('percentOff')}
      />
      <div className="catalogue__pair">
        <InputField id={`${uid}-validFrom`} label="Voimassa alkaen" type="date" error={errors.validFrom?.message} {...register('validFrom')} />
        <InputField id={`${uid}-validTo`} label="Voimassa asti" type="date" error={errors.validTo?.message} {...register('validTo')} />
      </div>
      <CheckboxField id={`${uid}-membersOnly`} label="Vain kirjautuneille kanta-asiakkaille" {...register('membersOnly')} />
      <CheckboxField id={`${uid}-active`} label="Käytössä" {...register('active')} />
      <FormFooter problem={errors.root?.server?.message} pending={create.isPending || update.isPending}>
        {campaignCode ? 'Tallenna' : 'Lisää kampanjakoodi'}
      </FormFooter>
    </form>
  );
}

/** Every campaign code: its discount, validity, who may use it, its bookings and state; each edited in a dialog. */
export function CampaignCodeList({ codes, announce }: { codes: CampaignCodeAdmin[]; announce: (message: string) => void }) {
  const heading = useId();
  const [editing, setEditing] = useState<CampaignCodeAdmin | null>(null);
  return (
    <section className="card" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Kaikki kampanjakoodit
      </h2>
      {codes.length === 0 ? (
        <p>Kampanjakoodeja ei ole vielä. Lisää ensimmäinen, esimerkiksi KEVAT10, jolla asiakas saa 10 % alennuksen.</p>
      ) : (
        <StaffTable columns={['Koodi', 'Kuvaus', 'Alennus', 'Voimassa', 'Kenelle', 'Varauksia', 'Tila']} actions stacked className="catalogue__table-wrap">
          {codes.map((c) => (
            <tr key={c.code} className={c.active ? undefined : 'staff-table__row--inactive'}>
              <th scope="row">{c.code}</th>
              <td data-label="Kuvaus">{c.description}</td>
              <td data-label="Alennus" className="catalogue__num">
                {c.percentOff} %
              </td>
              <td data-label="Voimassa">{validityText(c.validFrom, c.validTo)}</td>
              <td data-label="Kenelle">{c.membersOnly ? 'Kanta-asiakkaille' : 'Kaikille'}</td>
              <td data-label="Varauksia" className="catalogue__num">
                {c.bookingCount}
              </td>
              <td data-label="Tila">
                <ActiveBadge active={c.active} />
              </td>
              <td>
                <Button variant="secondary" aria-label={`Muokkaa: ${c.code}`} onClick={() => setEditing(c)}>
                  Muokkaa
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <Modal open={editing !== null} title={editing ? `Muokkaa kampanjakoodia ${editing.code}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <CampaignCodeForm
            campaignCode={editing}
            onDone={(message) => {
              setEditing(null);
              announce(message);
            }}
          />
        )}
      </Modal>
    </section>
  );
}
