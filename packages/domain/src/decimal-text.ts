/**
 * Decimal numbers as a Finnish spreadsheet or a back-office field writes them ('1 234,50'), to
 * and from integers: prices in euros to and from cents. The data import's CSV and the
 * back-office's price fields read them the same way. Plain code without zod.
 */

/**
 * A decimal number with a comma or a point and at most `decimals` decimals; spaces
 * (also no-break) between thousands are allowed ('1 234,50'). Answers it scaled to an
 * integer of 10^decimals (euros → cents), or undefined.
 */
export function parseScaled(cell: string, decimals: number): number | undefined {
  const v = cell.trim().replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(v);
  if (!m || (m[3] ?? '').length > decimals) return undefined;
  const scaled = Number(m[2]) * 10 ** decimals + Number((m[3] ?? '').padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(scaled)) return undefined;
  return m[1] === '-' ? -scaled : scaled;
}

/** Euros with two decimals and a comma, from cents: 8900 → '89,00'. */
export const formatCents = (cents: number) => `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
