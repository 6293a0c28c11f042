import './catalogue.css';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CATALOGUE_STAGE_LABELS, SERVICE_GROUP_KIND_LABELS, cataloguePreviewQuery, formatEuros, type CataloguePreview } from '@huolto/domain';
import { Field, InputField, describedBy } from '@/components/ui/field.tsx';
import { useCataloguePreview, type CataloguePreviewQuery } from '@/features/staff/api/get-catalogue-preview.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { durationText } from './catalogue-format.ts';

/** The preview's fields as typed: the office chosen as text, the mileage '' for none. */
const previewFormSchema = z
  .object({
    // The domain's own check, here so that it shows with the office's in one pass.
    registerNumber: cataloguePreviewQuery.shape.registerNumber,
    officeId: z.string().min(1, { error: 'Valitse toimipiste' }),
    kilometers: z.string().refine((v) => v.trim() === '' || /^\d{1,9}$/.test(v.trim()), { error: 'Mittarilukema kilometreinä' }),
  })
  .transform((f): z.input<typeof cataloguePreviewQuery> => ({
    registerNumber: f.registerNumber,
    officeId: Number(f.officeId),
    kilometers: f.kilometers.trim() === '' ? undefined : f.kilometers.trim(),
  }))
  .pipe(cataloguePreviewQuery);
type PreviewInput = z.input<typeof previewFormSchema>;
type PreviewValues = z.output<typeof previewFormSchema>;

/** The services step as the customer sees it: each group and its services with their prices. */
function PreviewResult({ preview }: { preview: CataloguePreview }) {
  const uid = useId();
  const v = preview.vehicle;
  return (
    <section className="card form-stack" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="card__title">
        Asiakkaan näkymä: {v.registerNumber}
      </h2>
      <p>{v.found ? [v.make, v.model].filter(Boolean).join(' ') || 'Ajoneuvo löytyi' : 'Ajoneuvoa ei löytynyt rekisteristä: asiakas näkee kaikille sopivat palvelut.'}</p>
      {preview.groups.length === 0 ? (
        <p className="notice notice--warning">Tälle ajoneuvolle ei näytetä yhtään palvelua tässä toimipisteessä.</p>
      ) : (
        preview.groups.map((g, i) => (
          <section key={`${g.stage}-${g.title}-${i}`} className="catalogue__preview-group" aria-labelledby={`${uid}-g${i}`}>
            <h3 id={`${uid}-g${i}`} className="catalogue__group-title">
              {g.title}
            </h3>
            <p className="muted">
              {CATALOGUE_STAGE_LABELS[g.stage]} · {SERVICE_GROUP_KIND_LABELS[g.kind]}
            </p>
            <ul className="catalogue__preview-services">
              {g.services.map((s) => (
                <li key={s.code} className="catalogue__preview-service">
                  <span>
                    {s.name}
                    <span className="muted"> · {durationText(s.durationMinutes)}</span>
                  </span>
                  <span className="catalogue__preview-price">
                    {s.normalPriceCents !== null && s.normalPriceCents > s.priceCents && (
                      <span className="catalogue__normal-price">
                        <span className="visually-hidden">Normaalihinta </span>
                        {formatEuros(s.normalPriceCents)}
                      </span>
                    )}
                    {formatEuros(s.priceCents)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

/** A plate, an office and a mileage, then what a customer with them would be offered there today. */
export function CataloguePreviewForm({ offices }: { offices: readonly { id: number; name: string }[] }) {
  const uid = useId();
  const [query, setQuery] = useState<CataloguePreviewQuery | null>(null);
  const preview = useCataloguePreview(query);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PreviewInput, unknown, PreviewValues>({
    defaultValues: { registerNumber: '', officeId: offices.length === 1 ? String(offices[0]!.id) : '', kilometers: '' },
    resolver: zodResolver(previewFormSchema),
  });
  const officeId = `${uid}-office`;

  return (
    <>
      <form className="card form-stack" onSubmit={handleSubmit((v) => setQuery({ registerNumber: v.registerNumber, officeId: v.officeId, kilometers: v.kilometers ?? null }))} noValidate>
        <div className="catalogue__pair">
          <InputField
            id={`${uid}-plate`}
            label="Rekisterinumero"
            required
            autoComplete="off"
            placeholder="ABC-123"
            error={errors.registerNumber?.message}
            {...register('registerNumber')}
          />
          <Field id={officeId} label="Toimipiste" required error={errors.officeId?.message}>
            <select
              id={officeId}
              className="input"
              aria-required
              aria-invalid={errors.officeId ? true : undefined}
              aria-describedby={describedBy(officeId, { error: Boolean(errors.officeId) })}
              {...register('officeId')}
            >
              <option value="">Valitse toimipiste</option>
              {offices.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <InputField
          id={`${uid}-km`}
          label="Mittarilukema (km)"
          hint="Huoltopaketit valitaan mittarilukeman mukaan."
          inputMode="numeric"
          error={errors.kilometers?.message}
          {...register('kilometers')}
        />
        <FormFooter problem={null} pending={preview.isFetching}>
          Näytä esikatselu
        </FormFooter>
      </form>
      {query !== null &&
        (preview.isPending ? (
          <p className="staff-loading">Haetaan esikatselua…</p>
        ) : preview.isError ? (
          <LoadError error={preview.error} message={messageOf(preview.error)} onRetry={() => void preview.refetch()} />
        ) : (
          <PreviewResult preview={preview.data} />
        ))}
    </>
  );
}
