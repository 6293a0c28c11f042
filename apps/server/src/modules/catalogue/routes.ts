import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartChangeBody,
  categoryQuery,
  extraOrderItemsBody,
  extraOrderItemsResponse,
  liftsOffersResponse,
  orderItemSchema,
  productAdditionalDataResponse,
  productIdQuery,
  productParameterBody,
  responseSchema,
  serviceCodeBody,
  serviceGroupSchema,
  stageQuery,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import { SERVICE_LISTS } from './cart-rules.ts';
import {
  addToCart,
  removeFromCart,
  removeServiceCode,
  removeStage,
  setExtraOrderItems,
  setProductParameter,
  setServiceCode,
} from './cart-service.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { extraOrderItemsFor, liftsOffers, orderItemsInStage, productAdditionalData, serviceCodeGroups, serviceGroupsFor } from './service.ts';

const serviceGroups = z.array(serviceGroupSchema);

/**
 * `codeCheckLimits`: how many service codes a client address and a session may try;
 * `catalogue`: the catalogue cache (catalogue-cache.ts), without one every list is read from the database.
 */
export function registerCatalogueRoutes(app: FastifyInstance, db: Db, deps: { codeCheckLimits: RouteLimits; catalogue?: CatalogueCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = deps.catalogue ?? new CatalogueCache(false);
  /** The catalogue as of the request's catalogue version (the database's when the cache is off). */
  const catalogueFor = async (request: FastifyRequest) => cache.at(db, cache.enabled ? await request.versions() : undefined);

  r.get(
    '/services/v2',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Primary service groups that fit the car and its mileage at the chosen office.',
        responseSchema: serviceGroups,
      }),
    },
    async (request) => serviceGroupsFor(await catalogueFor(request), request.session, SERVICE_LISTS.services),
  );

  r.get(
    '/additional-services/v2',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Additional service groups (brakes, air conditioning…), optionally one group.',
        query: categoryQuery,
        responseSchema: serviceGroups,
      }),
    },
    async (request) =>
      serviceGroupsFor(await catalogueFor(request), request.session, { ...SERVICE_LISTS.additional, groupId: request.query.categoryId }),
  );
  r.get(
    '/extra-services/additional-services',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'The same as GET /additional-services/v2.',
        query: categoryQuery,
        responseSchema: serviceGroups,
      }),
    },
    async (request) =>
      serviceGroupsFor(await catalogueFor(request), request.session, { ...SERVICE_LISTS.additional, groupId: request.query.categoryId }),
  );

  r.get(
    '/extra-services/v2',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Campaign, extra-service or tire-service groups, by stage.',
        query: stageQuery,
        responseSchema: serviceGroups,
      }),
    },
    async (request) => serviceGroupsFor(await catalogueFor(request), request.session, SERVICE_LISTS.extra[request.query.stage]),
  );

  r.get(
    '/services-by-service-code/v2',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: "The groups the booking's service code unlocks (an empty list without a code).",
        responseSchema: serviceGroups,
      }),
    },
    async (request) => serviceCodeGroups(await catalogueFor(request), request.session),
  );

  /** A code that unlocks nothing is NOT_FOUND and is not stored; a blank one clears the code. */
  r.put(
    '/set-service-code',
    {
      config: deps.codeCheckLimits,
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Sets a service code; NOT_FOUND for a code that unlocks nothing, a blank value clears it.',
        body: serviceCodeBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => setServiceCode(db, request.session.token, request.body.value),
  );

  r.get(
    '/remove-service-code',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Removes the service code and the services only it made available.',
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await removeServiceCode(db, request.session.token);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.get(
    '/product-additional-data',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: "A product's info text, images and operations with their spare parts.",
        query: productIdQuery,
        responseSchema: productAdditionalDataResponse,
      }),
    },
    async (request) => productAdditionalData(await catalogueFor(request), request.query.productId),
  );

  r.get(
    '/extra-order-items',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Small items that can be added to the order (wiper blades, bulbs…), with whether each is chosen.',
        responseSchema: extraOrderItemsResponse,
      }),
    },
    async (request) => extraOrderItemsFor(await catalogueFor(request), request.session),
  );

  r.post(
    '/extra-order-items',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: "Replaces the booking's extra order items.",
        body: extraOrderItemsBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setExtraOrderItems(db, request.session.token, request.body.ids);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/remove-services',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Empties the cart of one stage.',
        body: stageQuery,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await removeStage(db, request.session.token, request.body.stage);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/order-items-by-stage',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: "The booking's order items of one stage.",
        body: stageQuery,
        responseSchema: z.array(orderItemSchema),
      }),
    },
    async (request) => orderItemsInStage(await catalogueFor(request), request.session, request.body.stage),
  );

  r.get(
    '/lifts-offers',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Offer cards for the side column, with whether each product is in the cart.',
        responseSchema: liftsOffersResponse,
      }),
    },
    async (request) => liftsOffers(await catalogueFor(request), request.session),
  );

  r.post(
    '/add-products-to-cart',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Adds products to the cart (a product already there is replaced; parts of a bundle become the bundle, `message` says so); a held time is released.',
        body: cartChangeBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      // The checks read the catalogue the request's lists were answered from (in memory).
      const versions = cache.enabled ? await request.versions() : undefined;
      const { stage, items } = request.body;
      return { responseCode: 'SUCCESS', ...(await addToCart(db, request.session.token, stage, items, (trx) => cache.at(trx, versions))) };
    },
  );

  r.post(
    '/remove-products-from-cart',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Removes products from the cart; a held time is released.',
        body: cartChangeBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await removeFromCart(db, request.session.token, request.body.items);
      return { responseCode: 'SUCCESS' };
    },
  );

  r.post(
    '/product-parameter',
    {
      schema: callSchema({
        tag: 'Services and cart',
        summary: 'Sets a product parameter of the booking (e.g. the windshield booking type).',
        body: productParameterBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await setProductParameter(db, request.session, request.body);
      return { responseCode: 'SUCCESS' };
    },
  );
}
