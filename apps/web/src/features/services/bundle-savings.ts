import { formatEuros, type ProductSuggestion, type ServiceGroup } from '@huolto/domain';

/**
 * What choosing a bundle saves, told next to each of its parts: for every offered product
 * that includes other offered products (tire change and tire hotel in one) and costs less
 * than they do together, '<bundle> yhdessä: X € edullisemmin' by each part's id.
 */
export function bundleSavings(groups: readonly ServiceGroup[] | undefined): Map<string, string> {
  const offered = new Map<string, ProductSuggestion>();
  for (const g of groups ?? []) for (const s of g.suggestions) offered.set(s.product.id, s);
  const notes = new Map<string, string>();
  for (const bundle of offered.values()) {
    const parts = (bundle.includes ?? []).map((id) => offered.get(id));
    if (parts.length < 2 || parts.some((p) => p === undefined)) continue;
    const separately = parts.reduce((sum, p) => sum + p!.price, 0);
    if (separately <= bundle.price) continue;
    const note = `${bundle.description} yhdessä: ${formatEuros(separately - bundle.price)} edullisemmin`;
    for (const p of parts) notes.set(p!.product.id, note);
  }
  return notes;
}
