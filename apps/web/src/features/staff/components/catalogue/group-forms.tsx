import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CATALOGUE_STAGES,
  CATALOGUE_STAGE_LABELS,
  SERVICE_GROUP_KINDS,
  SERVICE_GROUP_KIND_LABELS,
  catalogueGroupBody,
  updateCatalogueGroupBody,
  type CatalogueGroup,
} from '@huolto/domain';
import { Field, InputField, describedBy } from '@/components/ui/field.tsx';
import { useCreateCatalogueGroup } from '@/features/staff/api/create-catalogue-group.ts';
import { useUpdateCatalogueGroup } from '@/features/staff/api/update-catalogue-group.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

type CreateInput = z.input<typeof catalogueGroupBody>;
type CreateValues = z.output<typeof catalogueGroupBody>;
const EMPTY: CreateInput = { title: '', stage: 'DEFAULT', kind: 'PRIMARY' };

/** A select of a group's kind (where customers see its services). */
function KindSelect({ id, error, ...select }: { id: string; error?: string; ref?: Ref<HTMLSelectElement> } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label="Näkyy" error={error}>
      <select id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error: Boolean(error) })} {...select}>
        {SERVICE_GROUP_KINDS.map((k) => (
          <option key={k} value={k}>
            {SERVICE_GROUP_KIND_LABELS[k]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** 'Lisää ryhmä': a new group of services, last in its stage. */
export function CreateGroupForm({ announce }: { announce: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateInput, unknown, CreateValues>({ defaultValues: EMPTY, resolver: zodResolver(catalogueGroupBody) });
  const create = useCreateCatalogueGroup();

  const onValid = (body: CreateValues) =>
    create.mutate(body, {
      onSuccess: () => {
        reset(EMPTY);
        announce(`Ryhmä lisätty: ${body.title}`);
      },
      onError: (error) => showRefusal(error, setError, ['title', 'stage', 'kind']),
    });

  const stageId = `${uid}-stage`;
  return (
    <section className="card" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="card__title">
        Lisää ryhmä
      </h2>
      <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
        <InputField id={`${uid}-title`} label="Ryhmän nimi" required maxLength={100} error={errors.title?.message} {...register('title')} />
        <div className="catalogue__pair">
          <Field id={stageId} label="Vaihe" error={errors.stage?.message}>
            <select id={stageId} className="input" aria-describedby={describedBy(stageId, { error: Boolean(errors.stage) })} {...register('stage')}>
              {CATALOGUE_STAGES.map((s) => (
                <option key={s} value={s}>
                  {CATALOGUE_STAGE_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
          <KindSelect id={`${uid}-kind`} error={errors.kind?.message} {...register('kind')} />
        </div>
        <FormFooter problem={errors.root?.server?.message} pending={create.isPending}>
          Lisää ryhmä
        </FormFooter>
      </form>
    </section>
  );
}

type EditInput = z.input<typeof updateCatalogueGroupBody>;
type EditValues = z.output<typeof updateCatalogueGroupBody>;

/** A group's new title and kind (its stage stays). */
export function EditGroupForm({ group, onDone }: { group: CatalogueGroup; onDone: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditInput, unknown, EditValues>({
    defaultValues: { title: group.title, kind: group.kind },
    resolver: zodResolver(updateCatalogueGroupBody),
  });
  const update = useUpdateCatalogueGroup();

  const onValid = (body: EditValues) =>
    update.mutate(
      { groupId: group.id, body },
      { onSuccess: () => onDone(`Ryhmä tallennettu: ${body.title}`), onError: (error) => showRefusal(error, setError, ['title', 'kind']) },
    );

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      <InputField id={`${uid}-title`} label="Ryhmän nimi" required maxLength={100} error={errors.title?.message} {...register('title')} />
      <KindSelect id={`${uid}-kind`} error={errors.kind?.message} {...register('kind')} />
      <FormFooter problem={errors.root?.server?.message} pending={update.isPending}>
        Tallenna
      </FormFooter>
    </form>
  );
}
