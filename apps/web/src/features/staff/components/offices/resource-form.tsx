import './offices.css';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resourceBody, type StaffResourceDetails, type WorkKind } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
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
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="office-form__fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Työlajit</legend>
      {shown.length === 0 ? (
        <p className="muted">Työlajeja ei ole vielä lisätty.</p>
      ) : (
        <div className="office-form__checks">
          {shown.map((k) => {
            const id = `${idPrefix}-${k.code}`;
            return (
              <div key={k.code} className="checkbox-row">
                <input
                  id={id}
                  type="checkbox"
                  className="checkbox"
                  checked={chosen.includes(k.code)}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, k.code] : chosen.filter((c) => c !== k.code))}
                />
                <label htmlFor={id}>
                  {k.name}
                  {!k.active && ' (ei käytössä)'}
                </label>
              </div>
            );
          })}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
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
      <div className="checkbox-row">
        <input id={id('selectable')} type="checkbox" className="checkbox" {...register('selectable')} />
        <label htmlFor={id('selectable')}>Asiakas voi valita tämän resurssin</label>
      </div>
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
