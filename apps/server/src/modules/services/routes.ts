import type { FastifyInstance } from 'fastify';
import { cartChangeBody, productParameterBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { ValidationError } from '../../lib/errors.ts';
import { cartOf, findLiveProcess, updateProcess, type CartLine } from '../process/repository.ts';
import { releaseHolds } from '../time/repository.ts';
import { findProducts } from './repository.ts';
import { serviceGroupsFor } from './service.ts';

export function registerServiceRoutes(app: FastifyInstance, db: Db) {
  app.get('/services/v2', async (request) => serviceGroupsFor(db, request.process, 'DEFAULT', 'PRIMARY'));
  app.get('/additional-services/v2', async (request) => serviceGroupsFor(db, request.process, 'DEFAULT', 'ADDITIONAL'));

  app.post('/add-products-to-cart', async (request) => {
    const body = parse(cartChangeBody, request.body);
    const ids = body.items.map((i) => i.productId);
    const known = new Set((await findProducts(db, ids)).map((p) => p.id));
    const unknown = body.items.flatMap((item, i) =>
      known.has(item.productId) ? [] : [{ path: `items.${i}.productId`, message: 'Tuntematon tuote' }],
    );
    if (unknown.length) throw new ValidationError(unknown);
    await changeCart(db, request.process.token, (cart) => {
      const next = cart.filter((l) => !ids.includes(l.productId));
      for (const item of body.items) {
        next.push({
          productId: item.productId,
          provider: item.provider,
          amount: item.amount,
          stage: body.stage,
          description: item.description,
          parameters: item.parameters,
          calculatorId: item.calculatorId ?? null,
        });
      }
      return next;
    });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/remove-products-from-cart', async (request) => {
    const body = parse(cartChangeBody, request.body);
    const ids = new Set(body.items.map((i) => i.productId));
    await changeCart(db, request.process.token, (cart) => cart.filter((l) => !ids.has(l.productId)));
    return { responseCode: 'SUCCESS' };
  });

  app.post('/product-parameter', async (request) => {
    const body = parse(productParameterBody, request.body);
    const current = (request.process.product_parameters as { parameterCode: string; selectedValue: string }[]) ?? [];
    const next = [...current.filter((p) => p.parameterCode !== body.parameterCode), body];
    await updateProcess(db, request.process.token, { product_parameters: next });
    return { responseCode: 'SUCCESS' };
  });
}

/**
 * Changes the cart in one transaction. A changed cart needs a different length of time,
 * so a time held for the old cart is released.
 */
async function changeCart(db: Db, token: string, change: (cart: CartLine[]) => CartLine[]) {
  await db.transaction().execute(async (trx) => {
    const process = await findLiveProcess(trx, token, true);
    if (!process) return;
    const before = cartOf(process);
    const after = change(before);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await releaseHolds(trx, token);
    await updateProcess(trx, token, { cart: after });
  });
}
