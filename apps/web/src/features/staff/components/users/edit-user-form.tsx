import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  STAFF_PASSWORD_MIN_LENGTH,
  createStaffUserBody,
  updateStaffUserBody,
  type StaffOffice,
  type StaffUser,
  type UpdateStaffUserBody,
} from '@huolto/domain';
import { CheckboxField, InputField, PasswordField } from '@/components/ui/field.tsx';
import { useUpdateUser } from '@/features/staff/api/update-user.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { OfficeChoices } from './office-choices.tsx';
import { RoleSelect } from './role-select.tsx';

/**
 * An account's fields with the domain's rules: the name is required, an empty new password
 * keeps the old one, and an office user runs at least one office.
 */
const editUserFormSchema = z
  .object({
    name: createStaffUserBody.shape.name,
    role: createStaffUserBody.shape.role,
    officeIds: z.array(z.number()),
    active: z.boolean(),
    password: z
      .string()
      .transform((p) => (p === '' ? undefined : p))
      .pipe(updateStaffUserBody.shape.password),
  })
  .refine((b) => b.role !== 'OFFICE' || b.officeIds.length > 0, { path: ['officeIds'], message: 'Valitse vähintään yksi toimipiste' });

type EditUserInput = z.input<typeof editUserFormSchema>;
type EditUserValues = z.output<typeof editUserFormSchema>;

const REFUSABLE = ['name', 'role', 'officeIds', 'active', 'password'] as const;

const sameIds = (a: number[], b: number[]) => [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** What changed in the account: only that is sent. */
function changes(user: StaffUser, v: EditUserValues): UpdateStaffUserBody {
  const body: UpdateStaffUserBody = {};
  if (v.name !== user.name) body.name = v.name;
  if (v.role !== user.role) body.role = v.role;
  if (v.role === 'OFFICE' && !sameIds(v.officeIds, user.officeIds)) body.officeIds = v.officeIds;
  if (v.active !== user.active) body.active = v.active;
  if (v.password) body.password = v.password;
  return body;
}

/** An account in the edit dialog: name, role, offices, in use or not, and a new password. */
export function EditUserForm({ user, offices, onDone }: { user: StaffUser; offices: StaffOffice[]; onDone: (message: string) => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<EditUserInput, unknown, EditUserValues>({
    defaultValues: { name: user.name, role: user.role, officeIds: user.officeIds, active: user.active, password: '' },
    resolver: zodResolver(editUserFormSchema),
  });
  const role = useWatch({ control, name: 'role' });
  const save = useUpdateUser(user.id);

  const onValid = (values: EditUserValues) =>
    save.mutate(changes(user, values), {
      onSuccess: () => onDone(values.password ? 'Käyttäjä tallennettu ja salasana vaihdettu' : 'Käyttäjä tallennettu'),
      onError: (error) => showRefusal(error, setError, REFUSABLE),
    });

  const id = (name: string) => `${uid}-${name}`;

  return (
    <form className="form-stack" onSubmit={handleSubmit(onValid)} noValidate>
      <p className="muted">{user.email}</p>
      <InputField id={id('name')} label="Nimi" maxLength={100} error={errors.name?.message} {...register('name')} />
      <RoleSelect id={id('role')} error={errors.role?.message} {...register('role')} />
      {role === 'OFFICE' && (
        <Controller
          control={control}
          name="officeIds"
          render={({ field }) => (
            <OfficeChoices offices={offices} chosen={field.value} onChange={field.onChange} error={errors.officeIds?.message} idPrefix={id('offices')} />
          )}
        />
      )}
      <CheckboxField id={id('active')} label="Tunnus käytössä" {...register('active')} />
      {errors.active && <p className="field__error">{errors.active.message}</p>}
      <PasswordField
        id={id('password')}
        label="Uusi salasana"
        autoComplete="new-password"
        hint={`Jätä tyhjäksi, jos salasana ei muutu. Vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <FormFooter problem={errors.root?.server?.message} pending={save.isPending}>
        Tallenna
      </FormFooter>
    </form>
  );
}
