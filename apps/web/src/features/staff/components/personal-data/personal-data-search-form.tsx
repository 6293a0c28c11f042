import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { personalDataQuery, type PersonalDataQuery } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import type { PersonalDataQueryValues } from '@/features/staff/api/search-personal-data.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';

const FIELDS = ['email', 'phone', 'registerNumber'] as const;

/**
 * Whom the request is about: an e-mail address, a phone number or a registration number, at
 * least one (domain personalDataQuery). The search's refusal naming a field shows at it.
 */
export function PersonalDataSearchForm({
  onSearch,
  refusal,
  pending,
  focusFirst = false,
}: {
  onSearch: (query: PersonalDataQueryValues) => void;
  /** The search's failure: a 400's field messages go on the fields. */
  refusal: unknown;
  pending: boolean;
  /** Focus the first field once shown (the form again, empty, after an erasure). */
  focusFirst?: boolean;
}) {
  const uid = useId();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<PersonalDataQuery, unknown, PersonalDataQueryValues>({
    defaultValues: { email: '', phone: '', registerNumber: '' },
    resolver: zodResolver(personalDataQuery),
  });

  useEffect(() => {
    if (refusal) showFieldErrors(refusal, setError, FIELDS);
  }, [refusal, setError]);

  useEffect(() => {
    if (focusFirst) setFocus('email');
  }, [focusFirst, setFocus]);

  const errors = formState.errors;
  return (
    <form className="card form-stack personal-data__form" noValidate onSubmit={handleSubmit(onSearch)} aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="card__title">
        Kenen tiedot?
      </h2>
      <p className="muted">Anna vähintään yksi. Haku löytää kaikki varaukset, kanta-asiakastilit, viestit ja palautteet, jotka vastaavat jotakin annetuista.</p>
      <InputField
        id={`${uid}-email`}
        label="Sähköposti"
        type="email"
        autoComplete="off"
        maxLength={254}
        error={errors.email?.message}
        {...register('email')}
      />
      <InputField
        id={`${uid}-phone`}
        label="Puhelinnumero"
        type="tel"
        autoComplete="off"
        maxLength={30}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <InputField
        id={`${uid}-registerNumber`}
        label="Rekisterinumero"
        autoComplete="off"
        maxLength={10}
        error={errors.registerNumber?.message}
        {...register('registerNumber')}
      />
      <FormFooter problem={undefined} pending={pending}>
        Hae tiedot
      </FormFooter>
    </form>
  );
}
