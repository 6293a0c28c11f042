import { formatEuros } from './rules.ts';

/**
 * The cart never holds the same work twice, and the parts of a bundle cost what the bundle
 * costs (docs/decisions/018-bundles-in-the-cart.md). A product's work is its own and that
 * of the products it includes (`included_product_ids`, decision 012): a maintenance package
 * includes the oil change, the tire change with the tire hotel includes both, the change of
 * an SUV's or a van's tires includes a car's tire change.
 */
export interface WorkProduct {
  id: string;
  description: string;
  /** Price of one, in cents. */
  price: number;
  /** Products whose work this one already does. */
  includes: readonly string[];
}

/** A line of a cart as the rule sees it: the product and how many. */
export interface WorkLine {
  productId: string;
  amount: number;
}

/** The products whose work a product does: itself and, through its includes, theirs. */
export function workOf(id: string, catalogue: ReadonlyMap<string, Pick<WorkProduct, 'includes'>>): Set<string> {
  const work = new Set<string>();
  const next = [id];
  while (next.length > 0) {
    const at = next.pop()!;
    if (work.has(at)) continue;
    work.add(at);
    next.push(...(catalogue.get(at)?.includes ?? []));
  }
  return work;
}

/** A bundle that replaces lines of a cart: the lines it does the work of and what it saves. */
export interface BundleReplacement {
  bundle: WorkProduct;
  parts: WorkProduct[];
  /** Cents the parts cost together beyond the bundle (0 or more). */
  saving: number;
}

/**
 * The bundle that takes the place of lines of a cart: of the offered products not in the
 * cart, one that does the work of at least two of the cart's lines and costs no more than
 * they do together; of several, the one that saves most (then the one replacing more
 * lines). A line of more than one (a service priced per unit) is never a part. Null when
 * none.
 */
export function bundleFor(
  lines: readonly WorkLine[],
  offered: readonly WorkProduct[],
  catalogue: ReadonlyMap<string, WorkProduct>,
): BundleReplacement | null {
  const inCart = new Set(lines.map((l) => l.productId));
  const singles = lines.filter((l) => l.amount === 1).flatMap((l) => catalogue.get(l.productId) ?? []);
  let best: BundleReplacement | null = null;
  for (const bundle of offered) {
    if (inCart.has(bundle.id) || bundle.includes.length === 0) continue;
    const work = workOf(bundle.id, catalogue);
    const parts = singles.filter((p) => work.has(p.id));
    if (parts.length < 2) continue;
    const saving = parts.reduce((sum, p) => sum + p.price, 0) - bundle.price;
    if (saving < 0) continue;
    if (!best || saving > best.saving || (saving === best.saving && parts.length > best.parts.length)) best = { bundle, parts, saving };
  }
  return best;
}

/** Why a product cannot be in the cart beside another: the other already does its work, or they share work. */
export type WorkConflict =
  | { kind: 'included'; productId: string; by: WorkProduct }
  | { kind: 'overlap'; productId: string; with: WorkProduct };

/** What the rule makes of a cart: its lines, the lines it took out, the bundles it put in, and what it refuses. */
export interface WorkNormalised<L extends WorkLine> {
  lines: L[];
  /** Lines whose work another line already does, taken out (a package added after an oil change). */
  dropped: { line: L; by: WorkProduct }[];
  /** Bundles that took the place of their parts. */
  bundles: BundleReplacement[];
  /** Added products the cart may not hold as it is (their line stays out). */
  conflicts: WorkConflict[];
}

/**
 * The one rule of work in a cart. `kept` are the lines the cart had, `added` those a
 * change adds (replacing any line of the same product). An added product whose work a kept
 * line already does is refused (`included`); a line whose work an added one does leaves
 * the cart; of two added products, the one whose work the other does leaves. Then bundles
 * take the place of their parts (`bundleFor`, again until none applies). An added product
 * that still shares work with another line is refused (`overlap`). `makeBundleLine` turns
 * a bundle into a line of the cart.
 */
export function normaliseCartWork<L extends WorkLine>(
  kept: readonly L[],
  added: readonly L[],
  offered: readonly WorkProduct[],
  catalogue: ReadonlyMap<string, WorkProduct>,
  makeBundleLine: (bundle: WorkProduct, parts: readonly L[]) => L,
): WorkNormalised<L> {
  const addedIds = new Set(added.map((l) => l.productId));
  const work = new Map<string, Set<string>>();
  const workFor = (id: string) => work.get(id) ?? work.set(id, workOf(id, catalogue)).get(id)!;
  const does = (a: string, b: string) => a !== b && workFor(a).has(b);
  const result: WorkNormalised<L> = { lines: [], dropped: [], bundles: [], conflicts: [] };

  const keptLines = kept.filter((l) => !addedIds.has(l.productId));
  const accepted: L[] = [];
  for (const line of added) {
    const by = keptLines.find((k) => does(k.productId, line.productId));
    if (by) result.conflicts.push({ kind: 'included', productId: line.productId, by: catalogue.get(by.productId)! });
    else accepted.push(line);
  }
  let lines = [...keptLines, ...accepted];
  // A line whose work another line does leaves (of two doing each other's work, the later stays).
  lines = lines.filter((line, i) => {
    const by = lines.find((other, j) => does(other.productId, line.productId) && !(does(line.productId, other.productId) && j < i));
    if (by) result.dropped.push({ line, by: catalogue.get(by.productId)! });
    return !by;
  });

  for (let round = 0; round < 10; round++) {
    const replacement = bundleFor(lines, offered, catalogue);
    if (!replacement) break;
    const parts = lines.filter((l) => replacement.parts.some((p) => p.id === l.productId));
    const first = lines.indexOf(parts[0]!);
    const bundleLine = makeBundleLine(replacement.bundle, parts);
    lines = lines.flatMap((l, i) => (i === first ? [bundleLine] : parts.includes(l) ? [] : [l]));
    result.bundles.push(replacement);
  }

  result.lines = lines.filter((l) => {
    if (!addedIds.has(l.productId)) return true;
    const other = lines.find((o) => o !== l && [...workFor(l.productId)].some((id) => workFor(o.productId).has(id)));
    if (other) result.conflicts.push({ kind: 'overlap', productId: l.productId, with: catalogue.get(other.productId)! });
    return !other;
  });
  return result;
}

/**
 * Two products of a cart that do the same work (their work shares a product), or null: a
 * cart kept from before the rule, refused on save. The same product on two lines is not
 * counted here (the cart's limits see to it).
 */
export function workTwice(productIds: readonly string[], catalogue: ReadonlyMap<string, WorkProduct>): [WorkProduct, WorkProduct] | null {
  const ids = [...new Set(productIds)].filter((id) => catalogue.has(id));
  const work = new Map(ids.map((id) => [id, workOf(id, catalogue)]));
  for (const [i, a] of ids.entries()) {
    for (const b of ids.slice(i + 1)) {
      if ([...work.get(a)!].some((id) => work.get(b)!.has(id))) return [catalogue.get(a)!, catalogue.get(b)!];
    }
  }
  return null;
}

/** Said when a product cannot be added because a chosen one already does its work. */
export const includedMessage = (by: Pick<WorkProduct, 'description'>) => `Sisältyy jo valittuun palveluun: ${by.description}`;

/** Said when a product cannot be added because it repeats work of a chosen one. */
export const overlapMessage = (other: Pick<WorkProduct, 'description'>) => `Sisältää samaa työtä kuin valittu palvelu: ${other.description}`;

/** Said next to an offered product that a chosen one includes (it cannot be chosen beside it). */
export const includedInChosenNote = (by: Pick<WorkProduct, 'description'>) => `Sisältyy valitsemaasi palveluun ${by.description}`;

/** Said when a bundle took the place of the services chosen. */
export function bundleAppliedMessage(r: Pick<BundleReplacement, 'bundle' | 'saving'>): string {
  const saved = r.saving > 0 ? ` – ${formatEuros(r.saving)} edullisemmin kuin erikseen` : '';
  return `Saat valitsemasi palvelut yhdessä: ${r.bundle.description} ${formatEuros(r.bundle.price)}${saved}.`;
}

/** Said when an added product took a line out whose work it does. */
export const replacedMessage = (by: Pick<WorkProduct, 'description'>, line: Pick<WorkProduct, 'description'>) =>
  `${by.description} sisältää jo palvelun ${line.description}, joten se poistui ostoskorista.`;

/**
 * The parts a bundle is sold as, for telling what it saves next to them: its includes
 * that are neither bundles of their own (products including two or more) nor included by
 * another of its includes. The tire change with the hotel: the tire change and the hotel.
 */
export function bundleParts(bundle: WorkProduct, catalogue: ReadonlyMap<string, WorkProduct>): WorkProduct[] {
  const members = bundle.includes.flatMap((id) => catalogue.get(id) ?? []);
  const single = members.filter((m) => m.includes.length < 2);
  return single.filter((m) => !single.some((o) => o.id !== m.id && workOf(o.id, catalogue).has(m.id)));
}
