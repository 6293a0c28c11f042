import {
  MAX_REPAIR_AMOUNT,
  WINDSHIELD_PRODUCTS,
  type CartProductItem,
  type ProductParameter,
  type WindshieldProduct,
} from '@huolto/domain';
import type { FieldError } from '../../lib/errors.ts';
import type { Executor } from '../process/repository.ts';
import { findProducts, type ProductRow } from '../services/repository.ts';
import { productParametersOf } from '../services/service.ts';
import { findWindshieldProductIds } from './repository.ts';

/** The process type that books windshield work (/proautolasi). */
export const WINDSHIELD_PROCESS = 'WINDSHIELD';

const REPAIRS: ReadonlySet<string> = new Set([WINDSHIELD_PRODUCTS.repair, WINDSHIELD_PRODUCTS.insuranceRepair]);

/** GET /windshield/products: the windshield products with their CHOICE parameters. */
export async function windshieldProducts(db: Executor): Promise<WindshieldProduct[]> {
  const ids = await findWindshieldProductIds(db);
  const products = new Map((await findProducts(db, ids)).map((p) => [p.id, p]));
  const parameters = await productParametersOf(db, ids);
  return ids.flatMap((id) => {
    const p = products.get(id);
    if (!p) return [];
    return [
      {
        id: p.id,
        provider: p.provider,
        description: p.description,
        price: p.price_cents,
        normal_price: p.normal_price_cents,
        duration_minutes: p.duration_minutes,
        productParameters: parameters.get(p.id) ?? [],
      },
    ];
  });
}

/** The problem with a line's choice for each CHOICE parameter of its product, if any. */
function choiceProblem(parameters: readonly ProductParameter[], chosen: Readonly<Record<string, string>> | undefined): string | null {
  for (const p of parameters) {
    const value = chosen?.[p.parameterCode];
    if (value === undefined) return `${p.parameterCode} puuttuu`;
    if (!p.values.some((v) => v.value === value)) {
      return `${p.parameterCode}: sallitut arvot ${p.values.map((v) => v.value).join(', ')}`;
    }
  }
  return null;
}

/**
 * What is wrong with cart items for a process (SPEC §4 "Windshield"), as fields named
 * `items.N.…`: windshield products only in a WINDSHIELD process and only they there; a
 * stone-chip repair 1–5 at a time, the change once; and every CHOICE parameter of the
 * product (INSURANCE_CAMPAIGN) answered with one of its values. Unknown products are
 * left to the caller.
 */
export async function cartItemIssues(
  db: Executor,
  processType: string,
  items: readonly Pick<CartProductItem, 'productId' | 'amount' | 'parameters'>[],
  known?: ReadonlyMap<string, ProductRow>,
): Promise<FieldError[]> {
  const ids = items.map((i) => i.productId);
  const products = known ?? new Map((await findProducts(db, ids)).map((p) => [p.id, p]));
  const windshield = new Set(await findWindshieldProductIds(db));
  const parameters = await productParametersOf(db, ids);
  const windshieldProcess = processType === WINDSHIELD_PROCESS;

  return items.flatMap((item, i): FieldError[] => {
    if (!products.has(item.productId)) return [];
    const isWindshield = windshield.has(item.productId);
    if (isWindshield !== windshieldProcess) {
      return [
        {
          path: `items.${i}.productId`,
          message: isWindshield ? 'Tuulilasipalvelun voi varata vain tuulilasipalvelussa' : 'Tuulilasipalvelussa voi varata vain tuulilasipalveluja',
        },
      ];
    }
    const issues: FieldError[] = [];
    if (REPAIRS.has(item.productId) && (item.amount < 1 || item.amount > MAX_REPAIR_AMOUNT)) {
      issues.push({ path: `items.${i}.amount`, message: `Korjattavia kohtia 1–${MAX_REPAIR_AMOUNT}` });
    }
    if (item.productId === WINDSHIELD_PRODUCTS.change && item.amount !== 1) {
      issues.push({ path: `items.${i}.amount`, message: 'Tuulilasi vaihdetaan yksi kerrallaan' });
    }
    const problem = choiceProblem(parameters.get(item.productId) ?? [], item.parameters);
    if (problem) issues.push({ path: `items.${i}.parameters`, message: problem });
    return issues;
  });
}
