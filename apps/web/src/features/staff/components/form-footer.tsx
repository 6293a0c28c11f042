import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { ProblemNotice } from './problem-notice.tsx';

/**
 * A back-office form's end: the server's refusal that names none of its fields (`problem`), then
 * the submit button, which waits while the form is being sent (`pending`).
 */
export function FormFooter({
  problem,
  pending,
  variant,
  children,
}: {
  problem: string | null | undefined;
  pending: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <>
      <ProblemNotice message={problem} />
      <div className="actions">
        <Button type="submit" variant={variant} disabled={pending}>
          {children}
        </Button>
      </div>
    </>
  );
}
