import { showLoanCalculator, type ProcessType } from '@huolto/domain';
import { useLoanSettings } from '@/features/finance/api/loan-settings.ts';
import { LoanCalculator } from '@/features/finance/components/loan-calculator.tsx';

export interface CustomerLoanCalculatorProps {
  organizationId: number | null;
  processType: ProcessType;
  /** The cart's active price in cents. */
  priceCents: number;
  instalmentLink: string | undefined;
}

/**
 * The loan calculator of omat-tiedot (requirements §2 "Loan calculator"), when the office's setting
 * and the price allow it. A chunk of its own that the step loads after its form: the
 * calculator shows for some offices and prices only.
 */
export function CustomerLoanCalculator({ organizationId, processType, priceCents, instalmentLink }: CustomerLoanCalculatorProps) {
  const loan = useLoanSettings(organizationId, processType);
  if (!showLoanCalculator({ officeSetting: loan.officeSetting, activePriceCents: priceCents, minimumPriceCents: loan.minimumPriceCents })) {
    return null;
  }
  return <LoanCalculator priceCents={priceCents} instalmentLink={instalmentLink} />;
}
