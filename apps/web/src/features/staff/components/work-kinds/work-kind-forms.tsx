import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createWorkKindBody, type WorkKind } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
import { useCreateWorkKind } from '@/features/staff/api/create-work-kind.ts';
import { useUpdateWorkKind } from '@/features/staff/api/update-work-kind.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

type CreateInput = z.input<typeof createWorkKindBody>;
type CreateValues = z.output<typeof createWorkKindBody>;
const EMPTY: CreateInput = { code: '', name: '' };

/** 'Lisää työlaji': its code (the data import's key, A–Z, 0–9, _) and its name. */
export function CreateWorkKindForm({ announce }: { announce: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateInput, unknown, CreateValues>({ defaultValues: EMPTY, resolver: zodResolver(createWorkKindBody) });
  const create = useCreateWorkKind();

  const onValid = (body: CreateValues) =>
    create.mutate(body, {
      onSuccess: () => {
        reset(EMPTY);
        announce(`Työlaji lisätty: ${body.name}`);
      },
      onError: (error) => showRefusal(error, setError, ['code', 'name']),
    });

  return (
    <section className="card work-kinds__create" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="card__title">
        Lisää työlaji
      </h2>
      <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
        <InputField
          id={`${uid}-code`}
          label="Tunnus"
          required
          hint="Isoja kirjaimia A–Z, numeroita ja _, esimerkiksi RENGASTYO. Tiedostojen tuonti käyttää tunnusta."
          maxLength={40}
          autoComplete="off"
          error={errors.code?.message}
          {...register('code')}
        />
        <InputField id={`${uid}-name`} label="Nimi" required maxLength={100} error={errors.name?.message} {...register('name')} />
        <FormFooter problem={errors.root?.server?.message} pending={create.isPending}>
          Lisää työlaji
        </FormFooter>
      </form>
    </section>
  );
}

const renameSchema = z.object({ name: createWorkKindBody.shape.name });
type RenameInput = z.input<typeof renameSchema>;
type RenameValues = z.output<typeof renameSchema>;

/** A kind of work's new name (its code stays). */
export function RenameWorkKindForm({ kind, onDone }: { kind: WorkKind; onDone: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RenameInput, unknown, RenameValues>({ defaultValues: { name: kind.name }, resolver: zodResolver(renameSchema) });
  const update = useUpdateWorkKind();

  const onValid = ({ name }: RenameValues) =>
    update.mutate(
      { code: kind.code, body: { name } },
      { onSuccess: () => onDone(`Työlaji nimetty: ${name}`), onError: (error) => showRefusal(error, setError, ['name']) },
    );

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      <p className="muted">Tunnus {kind.code}</p>
      <InputField id={`${uid}-name`} label="Nimi" required maxLength={100} error={errors.name?.message} {...register('name')} />
      <FormFooter problem={errors.root?.server?.message} pending={update.isPending}>
        Tallenna
      </FormFooter>
    </form>
  );
}
