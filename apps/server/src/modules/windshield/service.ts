import { isFromPriceProduct, type WindshieldProduct } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { findProducts, findWindshieldProductIds, productParametersOf } from '../catalogue/index.ts';

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
        from_price: isFromPriceProduct(p.id),
        productParameters: parameters.get(p.id) ?? [],
      },
    ];
  });
}
