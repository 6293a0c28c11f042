import './login-form.css';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { confirmUserBody } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { confirmUser } from '@/features/loyalty/api/confirm-user.ts';
import { serverMessage, showFieldErrors } from '@/lib/form-errors.ts';
import { notifyFailure } from './login-form-errors.ts';

const confirmCodeBody = confirmUserBody.pick({ code: true });

/** The code e-mailed at registration, which confirms the new account. */
export function ConfirmForm({ username, onConfirmed, onBack }: { username: string; onConfirmed: () => void; onBack: () => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }, unknown, { code: string }>({
    defaultValues: { code: '' },
    resolver: zodResolver(confirmCodeBody),
    mode: 'onTouched',
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await confirmUser({ username, code });
      onConfirmed();
    } catch (error) {
      if (!showFieldErrors(error, setError, ['code'] as const)) {
        if (error instanceof ApiError && error.status === 400) {
          setError('code', { type: 'server', message: serverMessage(error) ?? 'Vahvistuskoodi ei kelpaa' }, { shouldFocus: true });
        } else {
          notifyFailure(error);
        }
      }
    }
  };

  const id = `${uid}-code`;
  return (
    <form className="login-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Tilin vahvistus">
      <p className="login-form__intro" role="status">
        Lähetimme vahvistuskoodin osoitteeseen <strong>{username}</strong>. Syötä koodi alle.
      </p>
      <div className="form-grid">
        <InputField
          id={id}
          label="Vahvistuskoodi"
          required
          error={errors.code?.message}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...register('code')}
        />
      </div>
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Vahvista
      </Button>
      <p className="login-form__register">
        <button type="button" className="link-button" onClick={onBack}>
          Takaisin
        </button>
      </p>
    </form>
  );
}
