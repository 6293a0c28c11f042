import './offices.css';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resourceBody, type StaffResourceDetails, type WorkKind } from '@huolto/domain';
import { CheckboxField, FieldGroup, InputField } from '@/components/ui/field.tsx';
import { CheckboxList } from '@/features/staff/components/checkbox-list.tsx';
import { useCreateResource } from '@/features/staff/api/create-resource.ts';
import { useUpdateResource } from '@/features/staff/api/update-resource.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

type ResourceFormInput = z.input<typeof resourceBody>;
type ResourceFormValues = z.output<typeof resourceBody>;

const REFUSABLE = ['name', 'displayName', 'selectable', 'workKinds'] as const;

/** 'Työlajit': a checkbox per kind of work, the active ones and any inactive one the resource still has. */
function WorkKindChoices({
  kinds,
  chosen,
  onChange,
  error,
  idPrefix,
}: {
  kinds: WorkKind[];
  chosen: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  idPrefix: string;
}) {
  const shown = kinds.filter((k) => k.active || chosen.includes(k.code));
  return (
    <FieldGroup id={idPrefix} legend="Työlajit" error={error} className="office-form__fieldset">
      {shown.length === 0 ? (
        <p className="muted">Työlajeja ei ole vielä lisätty.</p>
      ) : (
        <CheckboxList
          className="office-form__checks"
          idPrefix={idPrefix}
          options={shown.map((k) => ({ value: k.code, label: k.active ? k.name : `${k.name} (ei käytössä)` }))}
          chosen={chosen}
          onChange={onChange}
        />
      )}
    </FieldGroup>
  );
}

/**
 * A resource's details: a new one (no `resource`; every active kind of work ticked to start
 * with) or a resource's own, saved as it is active or not.
 */
export function ResourceForm({
  officeId,
  resource,
  workKinds,
  onDone,
}: {
  officeId: number;
  resource?: StaffResourceDetails;
  workKinds: WorkKind[];
  onDone: (message: string) => void;
}) {
  const uid = useId();
  const empty: ResourceFormInput = { name: '', displayName: '', selectable: false, workKinds: workKinds.filter((k) => k.active).map((k) => k.code) };
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<ResourceFormInput, unknown, ResourceFormValues>({
    defaultValues: resource
      ? { name: resource.name, displayName: resource.displayName ?? '', selectable: resource.selectable, workKinds: resource.workKinds }
      : empty,
    resolver: zodResolver(resourceBody),
  });
  const create = useCreateResource(officeId);
  const update = useUpdateResource(officeId);

  const onValid = (body: ResourceFormValues) => {
    const onError = (error: unknown) => showRefusal(error, setError, REFUSABLE);
    if (resource) {
      update.mutate({ resourceId: resource.id, body: { ...body, active: resource.active } }, { onSuccess: () => onDone(`Resurssi tallennettu: ${body.name}`), onError });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          reset(empty);
          onDone(`Resurssi lisätty: ${body.name}`);
        },
        onError,
      });
    }
  };

  const id = (name: string) => `${uid}-${name}`;

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate aria-label={resource ? undefined : 'Lisää resurssi'}>
      <InputField
        id={id('name')}
        label="Resurssin nimi"
        required
        hint="Henkilökunnan näkemä nimi, esimerkiksi Nosturi 1."
        maxLength={100}
        error={errors.name?.message}
        {...register('name')}
      />
      <InputField
        id={id('displayName')}
        label="Nimi asiakkaille (vapaaehtoinen)"
        hint="Esimerkiksi Mekaanikko Mikko. Tyhjä: ei näytetä nimeltä."
        maxLength={100}
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <CheckboxField id={id('selectable')} label="Asiakas voi valita tämän resurssin" {...register('selectable')} />
      <Controller
        control={control}
        name="workKinds"
        render={({ field }) => (
          <WorkKindChoices kinds={workKinds} chosen={field.value} onChange={field.onChange} error={errors.workKinds?.message} idPrefix={id('kinds')} />
        )}
      />
      <FormFooter problem={errors.root?.server?.message} pending={create.isPending || update.isPending} variant={resource ? 'primary' : 'secondary'}>
        {resource ? 'Tallenna' : 'Lisää resurssi'}
      </FormFooter>
    </form>
  );
}
