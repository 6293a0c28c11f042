import {
  WINDSHIELD_PRODUCTS,
  WINDSHIELD_REPAIR_REMOVAL_QUANTITY,
  repairFormSchema,
  repairParameters,
  replacementFormSchema,
  replacementParameters,
  type CartProductItem,
  type OrderItem,
  type RepairFormDraft,
  type ReplacementFormDraft,
  type WindshieldServiceType,
} from '@huolto/domain';
import type { WindshieldProduct } from '@huolto/domain';

export interface CartPlan {
  remove: CartProductItem[];
  add: CartProductItem | null;
}

const REPAIRS = [WINDSHIELD_PRODUCTS.repair, WINDSHIELD_PRODUCTS.insuranceRepair] as const;

function sameParameters(a: Record<string, string>, b: Record<string, string> | undefined) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b ?? {})]);
  return [...keys].every((k) => a[k] === b?.[k]);
}

/**
 * The CHOICE parameters of a product set by insurance (requirements §4 "Windshield"): with
 * insurance the value that carries a campaign, without it the one that does not.
 */
export function choiceParameters(product: WindshieldProduct, insured: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of product.productParameters) {
    const v = p.values.find((x) => x.campaign === insured) ?? p.values[0];
    if (v) out[p.parameterCode] = v.value;
  }
  return out;
}

/**
 * What the cart must do once the form is valid (requirements §4 "Windshield"): a repair removes
 * the replacement and adds the repair product with the amount and a parameter map; a
 * replacement removes the repairs (quantity 999) and adds the change product with
 * quantity 1. Nothing while the form is invalid, and nothing when the cart already holds
 * exactly the wanted line.
 */
export function windshieldCartPlan(
  type: WindshieldServiceType | null,
  repair: RepairFormDraft,
  replacement: ReplacementFormDraft,
  products: readonly WindshieldProduct[],
  cart: readonly OrderItem[],
): CartPlan | null {
  const byId = new Map(products.map((p) => [p.id, p]));
  const inCart = (id: string) => cart.find((l) => l.product.id === id);
  const item = (p: WindshieldProduct, amount: number, parameters: Record<string, string>): CartProductItem => ({
    productId: p.id,
    provider: p.provider,
    amount,
    description: p.description,
    parameters,
  });

  if (type === 'REPAIR') {
    const form = repairFormSchema.safeParse(repair);
    if (!form.success) return null;
    const product = byId.get(form.data.hasInsurance ? WINDSHIELD_PRODUCTS.insuranceRepair : WINDSHIELD_PRODUCTS.repair);
    if (!product) return null;
    const wanted = item(product, form.data.amount, { ...repairParameters(form.data), ...choiceParameters(product, form.data.hasInsurance) });
    const remove: CartProductItem[] = [];
    const change = inCart(WINDSHIELD_PRODUCTS.change);
    if (change) remove.push({ productId: change.product.id, provider: change.product.provider, amount: 1 });
    for (const id of REPAIRS) {
      const line = inCart(id);
      if (line && id !== product.id) remove.push({ productId: id, provider: line.product.provider, amount: WINDSHIELD_REPAIR_REMOVAL_QUANTITY });
    }
    const current = inCart(product.id);
    const fresh = !current || current.amount !== wanted.amount || !sameParameters(wanted.parameters!, current.parameters);
    return remove.length === 0 && !fresh ? null : { remove, add: fresh ? wanted : null };
  }

  if (type === 'REPLACEMENT') {
    const form = replacementFormSchema.safeParse(replacement);
    if (!form.success) return null;
    const product = byId.get(WINDSHIELD_PRODUCTS.change);
    if (!product) return null;
    const wanted = item(product, 1, { ...replacementParameters(form.data), ...choiceParameters(product, form.data.hasInsurance) });
    const remove = REPAIRS.flatMap((id) => {
      const line = inCart(id);
      return line ? [{ productId: id, provider: line.product.provider, amount: WINDSHIELD_REPAIR_REMOVAL_QUANTITY }] : [];
    });
    const current = inCart(product.id);
    const fresh = !current || current.amount !== 1 || !sameParameters(wanted.parameters!, current.parameters);
    return remove.length === 0 && !fresh ? null : { remove, add: fresh ? wanted : null };
  }
  return null;
}
