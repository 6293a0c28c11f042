import './contents.css';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FIELD_ERRORS, deskCustomerSchema, deskItemsSchema, formatEuros, kilometersSchema, staffPaths, type DeskTireSize, type StaffBookingDetail } from '@huolto/domain';
import { InputField, TextAreaField } from '@/components/ui/field.tsx';
import { useBookingExtraRows } from '@/features/staff/api/get-booking-extra-rows.ts';
import { useDeskCatalogue } from '@/features/staff/api/get-desk-catalogue.ts';
import { useUpdateBookingContents, type BookingContentsBody } from '@/features/staff/api/update-booking-contents.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { fieldErrors } from '@/lib/form-errors.ts';
import { ContentsExtraRows } from './contents-extra-rows.tsx';
import { ContentsServices } from './contents-services.tsx';
import {
  bookedExtraCents,
  customerOf,
  doesNotFit,
  extraLinesOf,
  extraRowIssues,
  extraRowsBody,
  extraRowsCents,
  extraRowsChanged,
  type ExtraAmounts,
  itemIssues,
  initialSelection,
  savedMessage,
  selectionChanged,
  tireLinesOf,
  totalCents,
  type ChosenItem,
  type DeskFit,
} from './contents-model.ts';
import { NearestTimes } from './nearest-times.tsx';
import { DeskCustomerFields } from '@/features/staff/components/desk/desk-customer-fields.tsx';
import { DeskTires, type DeskTireChoice } from '@/features/staff/components/desk/desk-tires.tsx';

/**
 * The form's own fields on the domain's rules: the customer (a phone number left empty told as
 * missing before malformed), the kilometres ('' none) and the symptoms as one text.
 */
const contentsFormSchema = z.object({
  customer: deskCustomerSchema.extend({
    phone_number: z.string().trim().min(1, { error: FIELD_ERRORS.required }).pipe(deskCustomerSchema.shape.phone_number),
  }),
  kilometers: z
    .string()
    .trim()
    .refine((v) => v === '' || kilometersSchema.safeParse(v).success, { error: FIELD_ERRORS.kilometers })
    .transform((v): number | null => (v === '' ? null : kilometersSchema.parse(v))),
  symptoms: z.string().max(1000, { error: FIELD_ERRORS.tooLong }),
});
type ContentsFormInput = z.input<typeof contentsFormSchema>;
type ContentsFormValues = z.output<typeof contentsFormSchema>;

const REFUSABLE = [
  'customer.first_name',
  'customer.last_name',
  'customer.phone_number',
  'customer.email',
  'customer.address',
  'customer.post_code',
  'customer.post_office',
  'kilometers',
  'symptoms',
] as const;

/**
 * What a booking holds, changed at the desk: its services from the car's catalogue (prices and
 * the total as ticked; a tire sale's tires by size, the booking's tire chosen), its extra rows with their amounts, the kilometres, the symptoms and the customer. Saved, the booking's
 * page says so; a work that no longer fits its time offers the nearest times it fits.
 */
export function ContentsForm({ booking }: { booking: StaffBookingDetail }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const initialItems = initialSelection(booking);
  const [selection, setSelection] = useState<ChosenItem[]>(initialItems);
  const [itemsError, setItemsError] = useState<string | undefined>();
  // The catalogue is read for the kilometres given (the maintenance packages depend on them), again once a new figure is left.
  const [catalogueKm, setCatalogueKm] = useState<number | null>(booking.vehicle.kilometers);
  const { make, model, registerNumber } = booking.vehicle;
  // A tire sale's tires are searched by the car's size in the register, or a size typed.
  const tireSale = booking.processType === 'TIRE_SALES';
  const [tireSize, setTireSize] = useState<DeskTireSize | null>(null);
  const [tire, setTire] = useState<DeskTireChoice | null>(null);
  const catalogue = useDeskCatalogue(booking.office.id, {
    processType: booking.processType,
    vehicle: { registerNumber, ...(make ? { make } : {}), ...(model ? { model } : {}), kilometers: catalogueKm },
    ...(tireSale && tireSize ? { tireSize } : {}),
  });
  // The booking's tire line (a tire sale's lines that are no service), chosen while listed; a tire chosen replaces it.
  const tireLines = tireSale ? tireLinesOf(initialItems, catalogue.data) : [];
  const bookedTire = tireLines.find((l) => catalogue.data?.tires?.some((t) => t.productId === l.productId)) ?? null;
  const lines = tire ? [...selection.filter((i) => i.productId !== tire.productId && !tireLines.some((l) => l.productId === i.productId)), tire] : selection;
  const tireCents = tire ? (catalogue.data?.tires?.find((t) => t.productId === tire.productId)?.priceCents ?? 0) * tire.amount : 0;
  const servicesId = tireSale ? 'desk-services' : 'contents-services';
  const symptomsText = booking.symptoms.join('\n');
  const { register, handleSubmit, setError, formState } = useForm<ContentsFormInput, unknown, ContentsFormValues>({
    defaultValues: {
      customer: customerOf(booking),
      kilometers: booking.vehicle.kilometers === null ? '' : String(booking.vehicle.kilometers),
      symptoms: symptomsText,
    },
    resolver: zodResolver(contentsFormSchema),
  });
  const extraRows = useBookingExtraRows(booking.id);
  const [extraAmounts, setExtraAmounts] = useState<ExtraAmounts>({});
  const [extraError, setExtraError] = useState<string | undefined>();
  const save = useUpdateBookingContents(booking.id);
  const [conflict, setConflict] = useState<{ message: string; nearest: DeskFit[]; body: BookingContentsBody } | null>(null);

  const toggle = (productId: string, checked: boolean) => {
    setItemsError(undefined);
    setConflict(null);
    setSelection((items) =>
      checked
        ? [...items.filter((i) => i.productId !== productId), { productId, amount: initialItems.find((i) => i.productId === productId)?.amount ?? 1 }]
        : items.filter((i) => i.productId !== productId),
    );
  };

  const changeExtra = (productId: string, amount: number) => {
    setExtraError(undefined);
    setConflict(null);
    setExtraAmounts((amounts) => ({ ...amounts, [productId]: amount }));
  };

  const send = (body: BookingContentsBody) =>
    save.mutate(body, {
      onSuccess: (answer) => void navigate(staffPaths.booking(booking.id), { state: { saved: savedMessage(booking, answer) } }),
      onError: (error) => {
        const refusal = doesNotFit(error);
        if (refusal) return setConflict({ ...refusal, body });
        setConflict(null);
        // The extra rows the server refused (400 extraRows.N.…) are told at the extra rows, by name.
        const refusedRows = extraRowIssues(fieldErrors(error), body.extraRows ?? [], extraRows.data ?? []);
        if (refusedRows) {
          setExtraError(refusedRows);
          document.getElementById('contents-extra-rows')?.focus();
          if (fieldErrors(error).every((f) => /^extraRows(\.|$)/.test(f.path))) return;
        }
        // The lines the server refused (400 items.N.…) are told at the services, by name.
        const refused = itemIssues(fieldErrors(error), body.items ?? [], booking, catalogue.data);
        if (refused) {
          setItemsError(refused);
          document.getElementById(servicesId)?.focus();
          if (fieldErrors(error).every((f) => /^items(\.|$)/.test(f.path))) return;
        }
        showRefusal(error, setError, REFUSABLE);
      },
    });

  const onValid = (values: ContentsFormValues) => {
    const itemsChanged = selectionChanged(initialItems, lines);
    if (itemsChanged) {
      const items = deskItemsSchema.safeParse(lines);
      if (!items.success) {
        setItemsError(items.error.issues[0]?.message);
        document.getElementById(servicesId)?.focus();
        return;
      }
    }
    const symptoms = values.symptoms.trim();
    const rows = extraRows.data ?? [];
    send({
      // The extra rows replace the booking's added rows: sent only when changed.
      ...(extraRowsChanged(rows, extraAmounts) ? { extraRows: extraRowsBody(rows, extraAmounts) } : {}),
      // The lines replace the booking's: sent only when changed, so that its extra rows stay otherwise.
      ...(itemsChanged ? { items: lines.map(({ productId, amount }) => ({ productId, amount })) } : {}),
      kilometers: values.kilometers,
      ...(symptoms === symptomsText.trim() ? {} : { symptoms: symptoms ? [symptoms] : [] }),
      customer: values.customer,
    });
  };

  const choose = (fit: DeskFit) => {
    if (conflict) send({ ...conflict.body, start: fit.start, resourceId: fit.resourceId });
  };

  const errors = formState.errors;
  const kmField = register('kilometers');

  return (
    <form className="form-stack contents" onSubmit={handleSubmit(onValid)} noValidate>
      <section className="card form-stack" aria-labelledby={id('work-title')}>
        <h2 id={id('work-title')} className="card__title">
          Työ
        </h2>
        <InputField
          id={id('km')}
          label="Mittarilukema (km)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.kilometers?.message}
          {...kmField}
          onBlur={(e) => {
            void kmField.onBlur(e);
            const km = kilometersSchema.safeParse(e.target.value.trim());
            setCatalogueKm(e.target.value.trim() === '' ? null : km.success ? km.data : catalogueKm);
          }}
        />
        {catalogue.isPending ? (
          <p className="staff-loading">{tireSale ? 'Haetaan renkaita…' : 'Haetaan auton palveluita…'}</p>
        ) : catalogue.isError ? (
          <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />
        ) : tireSale ? (
          <div className="form-stack">
            <h3 className="field__label">Renkaat</h3>
            {!bookedTire && tireLines.length > 0 && !tire && (
              <p className="muted contents__hint">
                Varauksen rengas:{' '}
                {tireLines
                  .map((l) => {
                    const item = booking.items.find((i) => i.productId === l.productId);
                    return `${item?.name ?? l.productId} × ${l.amount} (${formatEuros(item?.priceCents ?? 0)})`;
                  })
                  .join(', ')}
              </p>
            )}
            <DeskTires
              key={JSON.stringify(catalogue.data.tireSize ?? null)}
              catalogue={catalogue.data}
              chosen={tire ?? bookedTire}
              error={itemsError}
              onSize={(size) => {
                setTireSize(size);
                setTire(null);
              }}
              onChoose={(choice) => {
                setItemsError(undefined);
                setConflict(null);
                setTire(choice);
              }}
            />
            <p className="contents__total" aria-live="polite">
              Yhteensä{' '}
              <strong>
                {formatEuros(
                  totalCents(booking, tire ? lines.filter((i) => i.productId !== tire.productId) : selection, catalogue.data) +
                    tireCents -
                    bookedExtraCents(extraRows.data ?? []) +
                    extraRowsCents(extraRows.data ?? [], extraAmounts),
                )}
              </strong>
            </p>
          </div>
        ) : (
          <ContentsServices
            booking={booking}
            catalogue={catalogue.data}
            selection={selection}
            onToggle={toggle}
            total={totalCents(booking, selection, catalogue.data) - bookedExtraCents(extraRows.data ?? []) + extraRowsCents(extraRows.data ?? [], extraAmounts)}
            error={itemsError}
            apart={extraLinesOf(extraRows.data ?? [])}
          />
        )}
        {extraRows.isPending ? (
          <p className="staff-loading">Haetaan lisärivejä…</p>
        ) : extraRows.isError ? (
          <LoadError error={extraRows.error} onRetry={() => void extraRows.refetch()} />
        ) : (
          <ContentsExtraRows rows={extraRows.data} amounts={extraAmounts} onChange={changeExtra} error={extraError} />
        )}
        <TextAreaField id={id('symptoms')} label="Vian kuvaus" maxLength={1000} error={errors.symptoms?.message} {...register('symptoms')} />
      </section>

      <DeskCustomerFields register={register} errors={errors.customer} id={id} pairClassName="contents__pair" />

      {conflict && <NearestTimes message={conflict.message} nearest={conflict.nearest} pending={save.isPending} onChoose={choose} />}
      <FormFooter problem={errors.root?.server?.message} pending={save.isPending}>
        Tallenna muutokset
      </FormFooter>
    </form>
  );
}
