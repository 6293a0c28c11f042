import './capacity.css';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { openingHoursBody } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
import { useSaveOpeningHours, type OpeningHours } from '@/features/staff/api/save-opening-hours.ts';
import { FormFooter } from '@/features/staff/components/form-footer.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';

/**
 * The domain's opening-hours fields, each checked here; whether the office closes after it
 * opens is the server's to say, and its word shows at the closing time.
 */
const openingHoursFormSchema = z.object(openingHoursBody.shape);

const FIELDS = ['openingTime', 'closingTime'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = { openingTime: 'Avautuu', closingTime: 'Sulkeutuu' };

/** 'Tavalliset aukioloajat': when the office opens and closes on working days. */
export function OpeningHoursForm({
  officeId,
  initial,
  announce,
}: {
  officeId: number;
  initial: OpeningHours;
  announce: (message: string) => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OpeningHours>({
    defaultValues: { openingTime: initial.openingTime.slice(0, 5), closingTime: initial.closingTime.slice(0, 5) },
    resolver: zodResolver(openingHoursFormSchema),
  });
  const save = useSaveOpeningHours(officeId);
  const onValid = async (body: OpeningHours) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showRefusal(error, setError, FIELDS);
      return;
    }
    // Hours saved anew start a new form (opening-hours.tsx keys it by them), so this one is
    // gone by now: mutate's own onSuccess would never run, and the page's status says it.
    announce('Aukioloajat tallennettu');
  };

  return (
    <form className="capacity__form" noValidate aria-label="Tavalliset aukioloajat" onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <div className="capacity__pair">
        {FIELDS.map((name) => (
          <InputField key={name} id={`${uid}-${name}`} label={LABELS[name]} type="time" step={900} error={errors[name]?.message} {...register(name)} />
        ))}
      </div>
      <FormFooter problem={errors.root?.server?.message} pending={save.isPending} variant="secondary">
        Tallenna aukioloajat
      </FormFooter>
    </form>
  );
}
