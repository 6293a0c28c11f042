import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH, createStaffUserBody, type StaffOffice } from '@huolto/domain';
import { InputField, PasswordField } from '@/components/ui/field.tsx';
import { useCreateUser } from '@/features/staff/api/create-user.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { OfficeChoices } from './office-choices.tsx';
import { RoleSelect } from './role-select.tsx';

/** The domain's new-account body; an office user runs at least one office. */
const createUserFormSchema = createStaffUserBody.refine((b) => b.role !== 'OFFICE' || b.officeIds.length > 0, {
  path: ['officeIds'],
  message: 'Valitse vähintään yksi toimipiste',
});

type CreateUserInput = z.input<typeof createUserFormSchema>;
type CreateUserValues = z.output<typeof createUserFormSchema>;

const EMPTY: CreateUserInput = { email: '', name: '', role: 'OFFICE', officeIds: [], password: '' };
const REFUSABLE = ['email', 'name', 'role', 'officeIds', 'password'] as const;

/** 'Lisää käyttäjä': a new staff account, an office user with their offices or an admin. */
export function CreateUserForm({ offices, announce }: { offices: StaffOffice[]; announce: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateUserInput, unknown, CreateUserValues>({ defaultValues: EMPTY, resolver: zodResolver(createUserFormSchema) });
  const role = useWatch({ control, name: 'role' });
  const create = useCreateUser();

  // An admin runs every office: the offices ticked before choosing the role are not sent.
  const onValid = (values: CreateUserValues) =>
    create.mutate(
      { ...values, officeIds: values.role === 'ADMIN' ? [] : values.officeIds },
      {
        onSuccess: () => {
          reset(EMPTY);
          announce('Käyttäjä lisätty');
        },
        onError: (error) => showRefusal(error, setError, REFUSABLE),
      },
    );

  const id = (name: string) => `${uid}-${name}`;

  return (
    <section className="card users__create" aria-labelledby={id('heading')}>
      <h2 id={id('heading')} className="card__title">
        Lisää käyttäjä
      </h2>
      <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
        <InputField id={id('email')} label="Sähköposti" required type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <InputField id={id('name')} label="Nimi" required autoComplete="off" maxLength={100} error={errors.name?.message} {...register('name')} />
        <RoleSelect id={id('role')} error={errors.role?.message} {...register('role')} />
        {role === 'OFFICE' ? (
          <Controller
            control={control}
            name="officeIds"
            render={({ field }) => (
              <OfficeChoices
                offices={offices}
                chosen={(field.value ?? []).map(Number)}
                onChange={field.onChange}
                error={errors.officeIds?.message}
                idPrefix={id('offices')}
              />
            )}
          />
        ) : (
          <p className="muted">Pääkäyttäjä hallitsee kaikkia toimipisteitä ja käyttäjiä.</p>
        )}
        <PasswordField
          id={id('password')}
          required
          autoComplete="new-password"
          hint={`Vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <FormFooter problem={errors.root?.server?.message} pending={create.isPending}>
          Lisää käyttäjä
        </FormFooter>
      </form>
    </section>
  );
}
