import { bundleParts, formatEuros, type ProductSuggestion, type ServiceGroup, type WorkProduct } from '@huolto/domain';

/** The offered suggestions as the domain's rule of work sees them, by id. */
export function workCatalogueOf(groups: readonly ServiceGroup[] | undefined): Map<string, WorkProduct & { suggestion: ProductSuggestion }> {
  const catalogue = new Map<string, WorkProduct & { suggestion: ProductSuggestion }>();
  for (const g of groups ?? []) {
    for (const s of g.suggestions) {
      catalogue.set(s.product.id, { id: s.product.id, description: s.description, price: s.price, includes: s.includes ?? [], suggestion: s });
    }
  }
  return catalogue;
}

/**
 * What choosing a bundle saves, told next to each of its parts: for every offered product
 * sold as two or more offered parts (domain `bundleParts`: tire change and tire hotel in
 * one) that costs less than they do together, '<bundle> yhdessä: X € edullisemmin' by each
 * part's id. Choosing the parts puts the bundle in the cart (the server's rule of work); a
 * part included in a chosen product says that instead (ProductCard).
 */
export function bundleSavings(groups: readonly ServiceGroup[] | undefined): Map<string, string> {
  const offered = workCatalogueOf(groups);
  const notes = new Map<string, string>();
  for (const bundle of offered.values()) {
    if (bundle.suggestion.included_in) continue;
    const parts = bundleParts(bundle, offered);
    if (parts.length < 2) continue;
    const separately = parts.reduce((sum, p) => sum + p.price, 0);
    if (separately <= bundle.price) continue;
    const note = `${bundle.description} yhdessä: ${formatEuros(separately - bundle.price)} edullisemmin`;
    // A part of two bundles (the hotel: the car's and the van's) tells of the first listed.
    for (const p of parts) if (!notes.has(p.id)) notes.set(p.id, note);
  }
  return notes;
}
