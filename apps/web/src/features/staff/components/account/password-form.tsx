import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH, changeOwnPasswordBody } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField } from '@/components/ui/field.tsx';
import { useChangeOwnPassword } from '@/features/staff/api/change-own-password.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

/** The domain's password change, with the new password typed twice. */
const passwordFormSchema = changeOwnPasswordBody
  .safeExtend({ again: z.string() })
  .refine((v) => v.again === v.newPassword, { path: ['again'], message: 'Salasanat eivät ole samat' });

type PasswordFormValues = z.infer<typeof passwordFormSchema>;

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', again: '' };
const REFUSABLE = ['currentPassword', 'newPassword'] as const;

/** 'Vaihda salasana': the signed-in user's new password, given with the current one. */
export function PasswordForm() {
  const uid = useId();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordFormValues>({ defaultValues: EMPTY, resolver: zodResolver(passwordFormSchema) });
  const change = useChangeOwnPassword();
  const [done, setDone] = useState('');

  const onValid = ({ currentPassword, newPassword }: PasswordFormValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          setDone('Salasana vaihdettu. Muut kirjautumisesi on päätetty.');
        },
        onError: (error) => showRefusal(error, setError, REFUSABLE),
      },
    );

  /**
   * The form's own check on the click itself: react-hook-form's resolver answers a moment
   * later (and then keeps the same messages), but what is missing is told with the click.
   */
  const checkAtOnce = () => {
    const result = passwordFormSchema.safeParse(getValues());
    const shown = new Set<string>();
    for (const issue of result.error?.issues ?? []) {
      const name = String(issue.path[0]) as keyof PasswordFormValues;
      if (!shown.has(name)) setError(name, { type: issue.code, message: issue.message });
      shown.add(name);
    }
  };

  const id = (name: keyof PasswordFormValues) => `${uid}-${name}`;

  return (
    <section className="card staff-account__password" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="card__title">
        Vaihda salasana
      </h2>
      <form
        className="form-stack"
        noValidate
        onSubmit={(e) => {
          setDone('');
          checkAtOnce();
          void handleSubmit(onValid)(e);
        }}
      >
        <PasswordField
          id={id('currentPassword')}
          label="Nykyinen salasana"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          id={id('newPassword')}
          label="Uusi salasana"
          required
          autoComplete="new-password"
          hint={`Vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          id={id('again')}
          label="Uusi salasana uudelleen"
          required
          autoComplete="new-password"
          error={errors.again?.message}
          {...register('again')}
        />
        <ProblemNotice message={errors.root?.server?.message} />
        <p role="status" className="staff-account__done">
          {done}
        </p>
        <div className="actions">
          <Button type="submit" disabled={change.isPending}>
            Vaihda salasana
          </Button>
        </div>
      </form>
    </section>
  );
}
