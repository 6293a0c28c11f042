import './loan-calculator.css';
import { useId, useState } from 'react';
import { LOAN_TERMS, LOAN_YEARS, formatEuros, monthlyPayment, type LoanYears } from '@huolto/domain';

export interface LoanCalculatorProps {
  /** The booking's active price in cents. */
  priceCents: number;
  /** Where billing by instalments is explained. */
  instalmentLink?: string | undefined;
}

const euros = (n: number) => `${n.toLocaleString('fi-FI')}\u00a0€`;

/**
 * The static loan calculator (requirements §2, §9): a slider of 1–6 years and the monthly
 * payment, with the financing terms and the link to billing by instalments.
 */
export function LoanCalculator({ priceCents, instalmentLink }: LoanCalculatorProps) {
  const id = useId();
  const [years, setYears] = useState<LoanYears>(3);
  const payment = monthlyPayment(priceCents, years);
  return (
    <section className="card loan" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        Rahoituslaskuri
      </h2>
      <p className="muted">Huollon hinta {formatEuros(priceCents)}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-years`}>
          Laina-aika (vuotta): <span className="loan__years">{years}</span>
        </label>
        <input
          id={`${id}-years`}
          className="loan__slider"
          type="range"
          min={LOAN_YEARS[0]}
          max={LOAN_YEARS[LOAN_YEARS.length - 1]}
          step={1}
          value={years}
          aria-valuetext={`${years} ${years === 1 ? 'vuosi' : 'vuotta'}`}
          onChange={(e) => setYears(Number(e.target.value) as LoanYears)}
        />
      </div>
      <p className="loan__payment" aria-live="polite">
        Kuukausierä <strong>{euros(payment)}</strong>
      </p>
      <p className="loan__terms muted">
        Rahoitus {euros(LOAN_TERMS.minEuros)}–{euros(LOAN_TERMS.maxEuros)}. {LOAN_TERMS.interestFreeMonths} ensimmäistä kuukautta
        korotonta, laskutuslisä {euros(LOAN_TERMS.monthlyFeeEuros)}/kk, ei avausmaksua.
      </p>
      {instalmentLink && (
        <a className="loan__link" href={instalmentLink}>
          Lue lisää osamaksusta laskulla
        </a>
      )}
    </section>
  );
}
