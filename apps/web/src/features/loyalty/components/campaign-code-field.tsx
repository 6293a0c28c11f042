import './campaign-code-field.css';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_CODE_MESSAGES,
  LOYALTY_CAMPAIGN_CODE,
  campaignCodeFormSchema,
  formatReduction,
  type Booking,
  type CampaignCodeForm,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { setCampaignCode } from '@/features/loyalty/api/set-campaign-code.ts';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';

type FormValues = ReturnType<typeof campaignCodeFormSchema.parse>;

export interface CampaignCodeFieldProps {
  /** The booking's code and reductions as get-booking/v2 answers them. */
  booking: Pick<Booking, 'campaign_code' | 'discounts'>;
}

/** 'Kampanjakoodi KEVAT: -15 %'; without the percentage (after a reload) the reduction in euros. */
export function acceptedText(code: string, percentOff: number | null, discounts: Booking['discounts']): string {
  if (percentOff !== null) return `Kampanjakoodi ${code}: -${percentOff} %`;
  const amount = discounts.find((d) => d.code === code)?.amount ?? 0;
  return amount > 0 ? `Kampanjakoodi ${code}: ${formatReduction(amount)}` : `Kampanjakoodi ${code}`;
}

/**
 * The customer's own campaign code on the details step, folded behind 'Onko sinulla
 * kampanjakoodi?': POST /campaign-code/v2, a refused code's reason in the field's error
 * (CAMPAIGN_CODE_MESSAGES), a taken one as 'Kampanjakoodi KOODI: -X %' with the booking
 * refetched so that the reduction shows in the cart. Not shown to a logged-in member: their
 * booking carries the members' code (loyalty-context.tsx), which this field would replace.
 */
export function CampaignCodeField({ booking }: CampaignCodeFieldProps) {
  const { token } = useLoyalty();
  if (token !== null || booking.campaign_code === LOYALTY_CAMPAIGN_CODE) return null;
  return <CampaignCodeFieldContent booking={booking} />;
}

function CampaignCodeFieldContent({ booking }: CampaignCodeFieldProps) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  /** The percentage of the code taken in this visit of the step. */
  const [taken, setTaken] = useState<{ code: string; percentOff: number | null } | null>(null);
  /** While the booking is refetched after a code was taken, the code shows as taken. */
  const [refreshing, setRefreshing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CampaignCodeForm, unknown, FormValues>({ defaultValues: { code: '' }, resolver: zodResolver(campaignCodeFormSchema) });

  const refreshBooking = () => queryClient.invalidateQueries({ queryKey: queryKeys.allBooking });

  const onSubmit = async ({ code }: FormValues) => {
    try {
      const answer = await setCampaignCode(code);
      if (answer.responseCode !== 'SUCCESS') {
        setError('code', { message: CAMPAIGN_CODE_MESSAGES[answer.responseCode] }, { shouldFocus: true });
        return;
      }
      setTaken({ code, percentOff: answer.percentOff ?? null });
      reset({ code: '' });
      setRefreshing(true);
      await refreshBooking().finally(() => setRefreshing(false));
    } catch (err) {
      setError('code', { message: err instanceof ApiError ? err.message : CAMPAIGN_CODE_MESSAGES.NOT_FOUND }, { shouldFocus: true });
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await setCampaignCode(null);
      setTaken(null);
      await refreshBooking();
    } catch {
      // The code stays; the booking shows it as it is.
    } finally {
      setRemoving(false);
    }
  };

  const code = booking.campaign_code ?? (refreshing ? taken?.code : null);
  if (code) {
    const percentOff = taken?.code === code ? taken.percentOff : null;
    return (
      <div className="campaign-code">
        <p className="campaign-code__accepted" role="status">
          {acceptedText(code, percentOff, booking.discounts)}
        </p>
        <button type="button" className="link-button" onClick={() => void remove()} disabled={removing}>
          Poista kampanjakoodi
        </button>
      </div>
    );
  }

  const formId = `${uid}-form`;
  return (
    <div className="campaign-code">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}>
        Onko sinulla kampanjakoodi?
      </button>
      {open && (
        <form id={formId} className="campaign-code__form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
          <InputField
            id={`${uid}-code`}
            label="Kampanjakoodi"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" variant="secondary" disabled={isSubmitting}>
            Käytä koodi
          </Button>
        </form>
      )}
    </div>
  );
}
