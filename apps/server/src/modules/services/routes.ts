import type { FastifyInstance } from 'fastify';
import {
  FIELD_ERRORS,
  SERVICES_STAGES,
  WINDSHIELD_BOOKING_TYPES,
  cartChangeBody,
  isStorableText,
  normalizeServiceCode,
  productParameterBody,
  serviceCodeBody,
  type CartProductItem,
  type ServicesStage,
} from '@huolto/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { DomainError, ValidationError, badRequest, type FieldError } from '../../lib/errors.ts';
import { cartOf, findLiveProcess, updateProcess, type CartLine, type Executor, type ProcessRow } from '../process/repository.ts';
import { releaseHolds } from '../time/repository.ts';
import { findOperations, findProducts, listExtraOrderItems, listOffers, serviceCodeExists } from './repository.ts';
import { serviceCodeGroups, serviceGroupsFor } from './service.ts';
import { bookingView } from '../booking/view.ts';
import { SERVICE_LISTS, cartItemIssues, cartLimitIssues } from './cart-rules.ts';
import type { RouteLimits } from '../../plugins/rate-limit.ts';

const stageQuery = z.object({ stage: z.enum(SERVICES_STAGES) });
const storable = { error: FIELD_ERRORS.unstorable };
const categoryQuery = z.object({ categoryId: z.string().min(1).max(80).refine(isStorableText, storable).optional() });
const productIdQuery = z.object({ productId: z.string().min(1).max(80).refine(isStorableText, storable) });
const extraOrderItemsBody = z.object({ ids: z.array(z.string().min(1).max(80)).max(20) });

/** `codeCheckLimits`: how many service codes a client address and a session may try. */
export function registerServiceRoutes(app: FastifyInstance, db: Db, deps: { codeCheckLimits: RouteLimits }) {
  app.get('/services/v2', async (request) => serviceGroupsFor(db, request.process, SERVICE_LISTS.services));

  const additional = async (request: { query: unknown; process: Parameters<typeof serviceGroupsFor>[1] }) => {
    const { categoryId } = parse(categoryQuery, request.query);
    return serviceGroupsFor(db, request.process, { ...SERVICE_LISTS.additional, groupId: categoryId });
  };
  app.get('/additional-services/v2', additional);
  app.get('/extra-services/additional-services', additional);

  app.get('/extra-services/v2', async (request) => {
    const { stage } = parse(stageQuery, request.query);
    return serviceGroupsFor(db, request.process, SERVICE_LISTS.extra[stage]);
  });

  app.get('/services-by-service-code/v2', async (request) => serviceCodeGroups(db, request.process));

  /** A code that unlocks nothing is NOT_FOUND and is not stored; a blank one clears the code. */
  app.put('/set-service-code', { config: deps.codeCheckLimits }, async (request) => {
    const body = parse(serviceCodeBody, request.body);
    const code = normalizeServiceCode(body.value);
    if (code !== null && !(await serviceCodeExists(db, code))) return { responseCode: 'NOT_FOUND' };
    await updateProcess(db, request.process.token, { service_code: code });
    return { responseCode: 'SUCCESS' };
  });

  app.get('/remove-service-code', async (request) => {
    await changeCart(db, request.process.token, (cart) => cart, { serviceCode: null });
    return { responseCode: 'SUCCESS' };
  });

  app.get('/product-additional-data', async (request) => {
    const { productId } = parse(productIdQuery, request.query);
    const [product] = await findProducts(db, [productId]);
    if (!product) throw new DomainError(404, 'NOT_FOUND', 'Tuotetta ei löytynyt');
    const operations = await findOperations(db, [productId]);
    return {
      productId,
      infoDescription: product.info_html,
      imageIds: product.image_ids,
      operations: operations.map((o) => ({ description: o.description, spareParts: o.spare_parts })),
    };
  });

  app.get('/extra-order-items', async (request) => {
    const chosen = new Set(((request.process.extra_order_items as { id: string }[]) ?? []).map((i) => i.id));
    return (await listExtraOrderItems(db)).map((i) => ({
      id: i.id,
      description: i.description,
      price: i.price_cents,
      selected: chosen.has(i.id),
    }));
  });

  app.post('/extra-order-items', async (request) => {
    const { ids } = parse(extraOrderItemsBody, request.body);
    const known = new Set((await listExtraOrderItems(db)).map((i) => i.id));
    const bad = ids.flatMap((id, i) => (known.has(id) ? [] : [{ path: `ids.${i}`, message: 'Tuntematon lisätuote' }]));
    if (bad.length) throw new ValidationError(bad);
    await updateProcess(db, request.process.token, { extra_order_items: [...new Set(ids)].map((id) => ({ id })) });
    return { responseCode: 'SUCCESS' };
  });

  app.post('/remove-services', async (request) => {
    const { stage } = parse(stageQuery, request.body);
    await changeCart(db, request.process.token, (cart) => cart.filter((l) => l.stage !== stage));
    return { responseCode: 'SUCCESS' };
  });

  app.post('/order-items-by-stage', async (request) => {
    const { stage } = parse(stageQuery, request.body);
    return (await bookingView(db, request.process)).order_items.filter((i) => i.stage === stage);
  });

  app.get('/lifts-offers', async (request) => {
    const inCart = new Set(cartOf(request.process).map((l) => l.productId));
    return (await listOffers(db)).map((o) => ({
      id: o.id,
      title: o.title,
      text: o.body,
      imageId: o.image_id,
      productId: o.product_id,
      provider: o.provider,
      price: o.price_cents,
      normalPrice: o.normal_price_cents,
      inCart: inCart.has(o.product_id),
    }));
  });

  app.post('/add-products-to-cart', async (request) => {
    const body = parse(cartChangeBody, request.body);
    await addToCart(db, request.process.token, body.stage, body.items);
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
    if (body.parameterCode === 'WINDSHIELD_CHANGE_BOOKING_TYPE' && !(WINDSHIELD_BOOKING_TYPES as readonly string[]).includes(body.selectedValue)) {
      throw badRequest('selectedValue', `Sallitut arvot ${WINDSHIELD_BOOKING_TYPES.join(', ')}`);
    }
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
export async function changeCart(
  db: Db,
  token: string,
  change: (cart: CartLine[]) => CartLine[],
  opts: { serviceCode?: null; check?: CartCheck } = {},
) {
  await db.transaction().execute(async (trx) => {
    const process = await findLiveProcess(trx, token, true);
    if (!process) return;
    const before = cartOf(process);
    if (opts.check) {
      const issues = await opts.check(trx, process, before, change(before));
      if (issues.length) throw new ValidationError(issues);
    }
    let after = change(before);
    if (opts.serviceCode === null && process.service_code) {
      // Removing the code also removes the services only the code made available.
      const locked = new Set(
        (await findProducts(trx, after.map((l) => l.productId))).filter((p) => p.service_code !== null).map((p) => p.id),
      );
      after = after.filter((l) => !locked.has(l.productId));
      await updateProcess(trx, token, { service_code: null });
    }
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await releaseHolds(trx, token);
    await updateProcess(trx, token, { cart: after });
  });
}

/** A check of a cart change, made on the locked process: its problems refuse the change. */
export type CartCheck = (trx: Executor, process: ProcessRow, before: CartLine[], after: CartLine[]) => Promise<FieldError[]>;

/**
 * Adds items to a stage of the cart, replacing the lines of the same products, when every
 * item is one the process is offered there (cart-rules.ts) and the cart stays within its
 * limits; otherwise 400 naming the field, and the cart is as it was. A line keeps the
 * catalogue's provider of its product.
 */
export async function addToCart(db: Db, token: string, stage: ServicesStage, items: readonly CartProductItem[]) {
  const ids = new Set(items.map((i) => i.productId));
  let providers = new Map<string, string>();
  await changeCart(
    db,
    token,
    (cart) => [
      ...cart.filter((l) => !ids.has(l.productId)),
      ...items.map((item) => ({
        productId: item.productId,
        provider: providers.get(item.productId) ?? item.provider,
        amount: item.amount,
        stage,
        description: item.description,
        parameters: item.parameters,
        calculatorId: item.calculatorId ?? null,
      })),
    ],
    {
      check: async (trx, process, before, after) => {
        const { issues, offered } = await cartItemIssues(trx, process, stage, items);
        if (issues.length) return issues;
        providers = new Map(items.map((i) => [i.productId, offered.get(i.productId)!.product.provider]));
        return cartLimitIssues(trx, process, before, after);
      },
    },
  );
}
