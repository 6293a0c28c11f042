import './catalogue.css';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createVoucherBody, formatCents, parseScaled, todayInHelsinki, type VoucherAdmin } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useCreateVoucher } from '@/features/staff/api/create-voucher.ts';
import { useVouchers } from '@/features/staff/api/get-vouchers.ts';
import { useWithdrawVoucher } from '@/features/staff/api/withdraw-voucher.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { validityText } from './catalogue-format.ts';

/**
 * The form's fields as typed: the discount in euros ('20', '12,50'), made into the domain's
 * body in cents. Text that is no sum of euros becomes 0 cents, which the domain refuses with
 * its range, so that every field's refusal shows at once.
 */
const voucherFormFields = z.object({
  accountEmail: z.string(),
  title: z.string(),
  discountCents: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
type VoucherFormInput = z.input<typeof voucherFormFields>;
type VoucherFormValues = z.output<typeof createVoucherBody>;
const voucherSchema = voucherFormFields
  .transform((f): z.input<typeof createVoucherBody> => ({ ...f, discountCents: parseScaled(f.discountCents, 2) ?? 0 }))
  .pipe(createVoucherBody);

const REFUSABLE = ['accountEmail', 'title', 'discountCents', 'validFrom', 'validTo'] as const;
const empty = (): VoucherFormInput => ({ accountEmail: '', title: '', discountCents: '', validFrom: todayInHelsinki(), validTo: '' });

/** '20,00 €': a voucher keeps its cents, so they are shown. */
const voucherEuros = (cents: number) => `${formatCents(cents)}\u00a0€`;

/** Whether a voucher is spent (by which booking), lapsed or still to be used. */
function voucherState(v: VoucherAdmin, today: string): string {
  if (v.usedBookingKey) return `Käytetty (varaus ${v.usedBookingKey})`;
  return v.validTo < today ? 'Vanhentunut' : 'Käyttämättä';
}

/** A voucher for a loyalty member by their e-mail address: its title, the sum off in euros and its days. */
export function VoucherForm({ onDone }: { onDone: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<VoucherFormInput, unknown, VoucherFormValues>({
    defaultValues: empty(),
    resolver: zodResolver(voucherSchema) as Resolver<VoucherFormInput, unknown, VoucherFormValues>,
  });
  const create = useCreateVoucher();

  const onValid = (body: VoucherFormValues) =>
    create.mutate(body, {
      onSuccess: (v) => {
        reset(empty());
        onDone(`Etu annettu: ${v.title}, ${voucherEuros(v.discountCents)}, ${v.accountEmail}`);
      },
      onError: (error) => showRefusal(error, setError, REFUSABLE),
    });

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      <InputField
        id={`${uid}-accountEmail`}
        label="Kanta-asiakkaan sähköposti"
        required
        type="email"
        autoComplete="off"
        maxLength={254}
        error={errors.accountEmail?.message}
        {...register('accountEmail')}
      />
      <InputField id={`${uid}-title`} label="Edun nimi" required hint="Asiakas näkee tämän, esimerkiksi Huoltoetu 20 €." maxLength={100} error={errors.title?.message} {...register('title')} />
      <InputField
        id={`${uid}-discountCents`}
        label="Etu (€)"
        required
        inputMode="decimal"
        maxLength={12}
        error={errors.discountCents?.message}
        {...register('discountCents')}
      />
      <div className="catalogue__pair">
        <InputField id={`${uid}-validFrom`} label="Voimassa alkaen" required type="date" error={errors.validFrom?.message} {...register('validFrom')} />
        <InputField id={`${uid}-validTo`} label="Voimassa asti" required type="date" error={errors.validTo?.message} {...register('validTo')} />
      </div>
      <FormFooter problem={errors.root?.server?.message} pending={create.isPending}>
        Anna etu
      </FormFooter>
    </form>
  );
}

/** Asks before a voucher is withdrawn, which cannot be undone; a refusal (a booking spent it meanwhile) shows in the dialog. */
function WithdrawDialog({ voucher, onClose, onDone }: { voucher: VoucherAdmin; onClose: () => void; onDone: (message: string) => void }) {
  const withdraw = useWithdrawVoucher();
  return (
    <Modal open title={`Peru etu ${voucher.title}`} onClose={onClose}>
      <p>
        Etu {voucher.title} ({voucherEuros(voucher.discountCents)}) kanta-asiakkaalta {voucher.accountEmail} päättyy eiliseen, eikä sitä voi enää käyttää. Perumista ei
        voi perua.
      </p>
      {withdraw.isError && (
        <p className="notice notice--error" role="alert">
          {messageOf(withdraw.error)}
        </p>
      )}
      <div className="catalogue__pair">
        <Button
          variant="danger"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(voucher.id, { onSuccess: (v) => onDone(`Etu peruttu: ${v.title}, ${v.accountEmail}`) })}
        >
          Peru etu
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Älä peru
        </Button>
      </div>
    </Modal>
  );
}

/** The newest vouchers, or one member's: member, title, sum, days and whether it is used; one still to be used can be withdrawn. */
export function VoucherList({ announce }: { announce: (message: string) => void }) {
  const heading = useId();
  const uid = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const [withdrawing, setWithdrawing] = useState<VoucherAdmin | null>(null);
  const vouchers = useVouchers(email);
  const today = todayInHelsinki();
  return (
    <section className="card" aria-labelledby={heading}>
      <h3 id={heading} className="card__title">
        Annetut edut
      </h3>
      <form
        className="form-stack"
        role="search"
        aria-label="Kanta-asiakkaan edut"
        onSubmit={(e) => {
          e.preventDefault();
          setEmail(typed.trim().toLowerCase());
        }}
      >
        <InputField id={`${uid}-email`} label="Hae sähköpostilla" type="email" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <div className="catalogue__pair">
          <Button type="submit" variant="secondary">
            Hae
          </Button>
          {email !== '' && (
            <Button
              variant="secondary"
              onClick={() => {
                setTyped('');
                setEmail('');
              }}
            >
              Näytä uusimmat
            </Button>
          )}
        </div>
      </form>
      {vouchers.isPending ? (
        <p className="staff-loading">Haetaan etuja…</p>
      ) : vouchers.isError ? (
        <LoadError error={vouchers.error} message={messageOf(vouchers.error)} onRetry={() => void vouchers.refetch()} />
      ) : vouchers.data.length === 0 ? (
        <p>{email === '' ? 'Etuja ei ole vielä annettu.' : `Kanta-asiakkaalla ${email} ei ole etuja.`}</p>
      ) : (
        <StaffTable columns={['Kanta-asiakas', 'Etu', 'Summa', 'Voimassa', 'Tila']} actions stacked className="catalogue__table-wrap">
          {vouchers.data.map((v) => (
            <tr key={v.id}>
              <th scope="row">{v.accountEmail}</th>
              <td data-label="Etu">{v.title}</td>
              <td data-label="Summa" className="catalogue__num">
                {voucherEuros(v.discountCents)}
              </td>
              <td data-label="Voimassa">{validityText(v.validFrom, v.validTo)}</td>
              <td data-label="Tila">{voucherState(v, today)}</td>
              <td>
                {!v.usedBookingKey && v.validTo >= today && (
                  <Button variant="secondary" aria-label={`Peru etu: ${v.title}, ${v.accountEmail}`} onClick={() => setWithdrawing(v)}>
                    Peru
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {withdrawing && (
        <WithdrawDialog
          voucher={withdrawing}
          onClose={() => setWithdrawing(null)}
          onDone={(message) => {
            setWithdrawing(null);
            announce(message);
          }}
        />
      )}
    </section>
  );
}
