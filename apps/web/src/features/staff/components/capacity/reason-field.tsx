import type { UseFormRegisterReturn } from 'react-hook-form';
import { STAFF_REASON_MAX_LENGTH } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';

export interface ReasonFieldProps extends UseFormRegisterReturn<'reason'> {
  id: string;
  /** The field's own error (too long). */
  error?: string;
  /** Why the server refused the change as a whole (showRefusal's root error). */
  problem?: string;
}

/**
 * The end of the absence and exception forms: the reason staff may give (kept for staff, at
 * most STAFF_REASON_MAX_LENGTH characters) and, under it, why the server refused the change.
 */
export function ReasonField({ id, error, problem, ...registration }: ReasonFieldProps) {
  return (
    <>
      <InputField id={id} label="Syy (vapaaehtoinen)" maxLength={STAFF_REASON_MAX_LENGTH} error={error} {...registration} />
      <ProblemNotice message={problem} />
    </>
  );
}
