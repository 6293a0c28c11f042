/**
 * Changes a process makes to its cart and to the choices that go with it (service code,
 * extra order items, product parameters). A changed cart needs a different length of
 * time, so a time held for the old cart is released in the same transaction.
 */
import {
  WINDSHIELD_BOOKING_TYPES,
  normalizeServiceCode,
  type CartProductItem,
  type ServicesStage,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { ValidationError, badRequest, type FieldError } from '#src/lib/errors.ts';
import { releaseHolds } from '../holds/index.ts';
import {
  cartOf,
  findLiveProcess,
  productParameterChoicesOf,
  updateProcess,
  type CartLine,
  type ProcessRow,
  type ProductParameterChoice,
} from '../process/index.ts';
import { cartItemIssues, cartLimitIssues, cartWorkOf } from './cart-rules.ts';
import { findProducts, listExtraOrderItems, serviceCodeExists } from './repository.ts';
import { catalogueOf, type CatalogueSource } from './catalogue-cache.ts';

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
    const session = await findLiveProcess(trx, token, true);
    if (!session) return;
    const before = cartOf(session);
    if (opts.check) {
      const issues = await opts.check(trx, session, before, change(before));
      if (issues.length) throw new ValidationError(issues);
    }
    let after = change(before);
    if (opts.serviceCode === null && session.service_code) {
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
export type CartCheck = (trx: Executor, session: ProcessRow, before: CartLine[], after: CartLine[]) => Promise<FieldError[]>;

/**
 * Adds items to a stage of the cart, replacing the lines of the same products, when every
 * item is one the process is offered there (cart-rules.ts) and the cart stays within its
 * limits; otherwise 400 naming the field, and the cart is as it was. A line keeps the
 * catalogue's provider of its product. The cart never holds work twice (cart-rules.ts
 * `cartWorkOf`): lines whose work an added product already includes leave the cart (a
 * maintenance package replaces an oil change chosen before it), the parts of a bundle
 * become the bundle (the tire change and the tire hotel), and a product repeating work of
 * another is refused. Answers what to tell the customer of such a change, if anything.
 *
 * `catalogueAt` gives the catalogue the checks read, on the transaction's handle: the
 * catalogue cache at the versions the request was read with (the catalogue the customer's
 * lists were answered from), or the database's own tables when absent.
 */
export async function addToCart(
  db: Db,
  token: string,
  stage: ServicesStage,
  items: readonly CartProductItem[],
  catalogueAt: (trx: Executor) => CatalogueSource = catalogueOf,
): Promise<{ message?: string }> {
  let normalised: CartLine[] | null = null;
  let message: string | undefined;
  await changeCart(db, token, (cart) => normalised ?? cart, {
    check: async (trx, session, before) => {
      const cat = catalogueAt(trx);
      const { issues, offered } = await cartItemIssues(trx, session, stage, items, cat);
      if (issues.length) return issues;
      const added = items.map((item) => ({
        productId: item.productId,
        provider: offered.get(item.productId)!.product.provider,
        amount: item.amount,
        stage,
        description: item.description,
        parameters: item.parameters,
        calculatorId: item.calculatorId ?? null,
      }));
      const work = await cartWorkOf(trx, session, stage, before, added, cat);
      if (work.issues.length) return work.issues;
      normalised = work.lines;
      message = work.message;
      return cartLimitIssues(trx, session, before, work.lines, cat);
    },
  });
  return message === undefined ? {} : { message };
}

/** Removes the lines of the given products from the cart. */
export async function removeFromCart(db: Db, token: string, items: readonly { productId: string }[]) {
  const ids = new Set(items.map((i) => i.productId));
  await changeCart(db, token, (cart) => cart.filter((l) => !ids.has(l.productId)));
}

/** Empties one stage of the cart. */
export async function removeStage(db: Db, token: string, stage: ServicesStage) {
  await changeCart(db, token, (cart) => cart.filter((l) => l.stage !== stage));
}

/**
 * Sets the process's service code: a code that unlocks nothing is NOT_FOUND and is not
 * stored; a blank one clears the code.
 */
export async function setServiceCode(db: Db, token: string, value: string | null): Promise<{ responseCode: 'SUCCESS' | 'NOT_FOUND' }> {
  const code = normalizeServiceCode(value);
  if (code !== null && !(await serviceCodeExists(db, code))) return { responseCode: 'NOT_FOUND' };
  await updateProcess(db, token, { service_code: code });
  return { responseCode: 'SUCCESS' };
}

/** Clears the service code, and the services only the code made available leave the cart. */
export async function removeServiceCode(db: Db, token: string) {
  await changeCart(db, token, (cart) => cart, { serviceCode: null });
}

/** Chooses the process's extra order items; an id of no active item is a 400 naming it. */
export async function setExtraOrderItems(db: Db, token: string, ids: readonly string[]) {
  const known = new Set((await listExtraOrderItems(db)).map((i) => i.id));
  const bad = ids.flatMap((id, i) => (known.has(id) ? [] : [{ path: `ids.${i}`, message: 'Tuntematon lisätuote' }]));
  if (bad.length) throw new ValidationError(bad);
  await updateProcess(db, token, { extra_order_items: [...new Set(ids)].map((id) => ({ id })) });
}

/** Sets one product parameter of the process, replacing the earlier value of the same parameter. */
export async function setProductParameter(db: Db, session: ProcessRow, choice: ProductParameterChoice) {
  if (choice.parameterCode === 'WINDSHIELD_CHANGE_BOOKING_TYPE' && !(WINDSHIELD_BOOKING_TYPES as readonly string[]).includes(choice.selectedValue)) {
    throw badRequest('selectedValue', `Sallitut arvot ${WINDSHIELD_BOOKING_TYPES.join(', ')}`);
  }
  // Read and written under the process's row lock: the web sends a delivery option's three
  // parameters at once, and each call must keep the others' values.
  await db.transaction().execute(async (trx) => {
    const locked = (await findLiveProcess(trx, session.token, true)) ?? session;
    const next = [...productParameterChoicesOf(locked).filter((p) => p.parameterCode !== choice.parameterCode), choice];
    await updateProcess(trx, session.token, { product_parameters: next });
  });
}
