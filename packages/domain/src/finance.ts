/**
 * The static loan calculator (requirements §2 "Loan calculator", §9). Money in cents in, whole
 * euros out, as the calculator shows them.
 */

/** Loan periods offered by the slider, in years (requirements §9: 1 to 6). */
export const LOAN_YEARS = [1, 2, 3, 4, 5, 6] as const;
export type LoanYears = (typeof LOAN_YEARS)[number];

/**
 * The monthly payment as a percentage of the price for each loan period (requirements §9:
 * 9, 5, 3.3, 2.8, 2.1, 1.7 percent for 1–6 years).
 */
const LOAN_MONTHLY_RATES: Record<LoanYears, number> = { 1: 9, 2: 5, 3: 3.3, 4: 2.8, 5: 2.1, 6: 1.7 };

/** The smallest monthly payment, in euros (requirements §9). */
const LOAN_MIN_MONTHLY_EUROS = 50;

/** Financing limits and terms of the info text (requirements §2, §9). */
export const LOAN_TERMS = {
  minEuros: 2000,
  maxEuros: 7500,
  interestFreeMonths: 3,
  monthlyFeeEuros: 5,
  setUpFeeEuros: 0,
} as const;

/** The monthly payment in whole euros: the price times the period's rate, rounded, at least 50 €. */
export function monthlyPayment(priceCents: number, years: LoanYears): number {
  const euros = Math.round((priceCents / 100) * (LOAN_MONTHLY_RATES[years] / 100));
  return Math.max(LOAN_MIN_MONTHLY_EUROS, euros);
}

/**
 * Whether the calculator is shown (requirements §2): the office setting is on, there is an
 * active price, and it is at least the minimum price for credit.
 */
export function showLoanCalculator(opts: { officeSetting: boolean; activePriceCents: number | null; minimumPriceCents: number | null }): boolean {
  return (
    opts.officeSetting &&
    opts.activePriceCents !== null &&
    opts.activePriceCents > 0 &&
    opts.minimumPriceCents !== null &&
    opts.activePriceCents >= opts.minimumPriceCents
  );
}
