import { useId } from 'react';
import { deskExtraRowsSchema, formatEuros, type DeskExtraRow } from '@huolto/domain';
import { extraRowCents, type ExtraAmounts } from './contents-model.ts';

/** The largest amount of one extra item (the customer's add-rows allows as many). */
const MAX_AMOUNT = deskExtraRowsSchema.element.shape.amount.maxValue ?? 99;

/**
 * The booking's extra rows: the extra items (the extra-order-items catalogue) each with an
 * amount (0: none) and its price, what they cost as chosen; an item no longer offered only
 * kept or removed.
 */
export function ContentsExtraRows({
  rows,
  amounts,
  onChange,
  error,
}: {
  rows: readonly DeskExtraRow[];
  amounts: ExtraAmounts;
  onChange: (productId: string, amount: number) => void;
  error?: string | undefined;
}) {
  const uid = useId();
  const errorId = `${uid}-error`;
  const amountOf = (row: DeskExtraRow) => amounts[row.productId] ?? row.amount;
  const sum = rows.reduce((s, r) => s + extraRowCents(r, amountOf(r)), 0);
  return (
    <fieldset className="contents__services" aria-describedby={error ? errorId : undefined} id="contents-extra-rows" tabIndex={-1}>
      <legend className="field__label">Lisärivit</legend>
      {rows.length === 0 && <p className="muted contents__hint">Lisätuotteita ei ole valikoimassa.</p>}
      <ul className="contents__list">
        {rows.map((r) => {
          const id = `${uid}-${r.productId}`;
          const amount = amountOf(r);
          return (
            <li key={r.productId} className="contents__service contents__extra">
              {r.active ? (
                <input
                  id={id}
                  type="number"
                  className="input contents__amount"
                  inputMode="numeric"
                  min={0}
                  max={MAX_AMOUNT}
                  step={1}
                  value={amount}
                  onChange={(e) => {
                    const n = Math.trunc(Number(e.target.value));
                    onChange(r.productId, Number.isFinite(n) ? Math.min(Math.max(n, 0), MAX_AMOUNT) : 0);
                  }}
                />
              ) : (
                <input id={id} type="checkbox" className="checkbox" checked={amount > 0} onChange={(e) => onChange(r.productId, e.target.checked ? r.amount : 0)} />
              )}
              <label htmlFor={id}>
                <span>
                  {r.description}
                  {!r.active && <span className="muted"> (ei enää valikoimassa)</span>}
                  <span className="muted"> · {formatEuros(r.priceCents)} / kpl</span>
                </span>
                <span className="contents__price">{amount > 0 ? formatEuros(extraRowCents(r, amount)) : '–'}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="contents__subtotal">
        Lisärivit yhteensä <strong>{formatEuros(sum)}</strong>
      </p>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
