import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartChangeBody,
  organizationSchema,
  productSuggestionSchema,
  responseSchema,
  tireSearchBody,
  tireSizesResponse,
  transferOrganizationBody,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { addToCart, CatalogueCache } from '../catalogue/index.ts';
import { transferOrganization } from '../organizations/index.ts';
import { TireSizeCache, tireChangeOrganizations, tireSearchAnswer, tireSizes } from './service.ts';

const success = 'responseCode SUCCESS';

/** `catalogue`: the catalogue cache (its offices, and whether caches are on); without one, everything is read from the database. */
export function registerTireRoutes(app: FastifyInstance, db: Db, deps: { catalogue?: CatalogueCache } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = deps.catalogue ?? new CatalogueCache(false);
  const sizeCache = new TireSizeCache(catalogue.enabled);
  /** The request's versions, or none when caches are off. */
  const versionsOf = async (request: FastifyRequest) => (catalogue.enabled ? await request.versions() : undefined);

  r.get(
    '/tire-sizes',
    {
      schema: callSchema({
        tag: 'Tires',
        summary: "Tire suppliers, the sizes on offer, the default tire type and supplier, and the car's own sizes.",
        responseSchema: tireSizesResponse,
      }),
    },
    async (request) => tireSizes(db, request.session, new Date(), await sizeCache.choices(db, await versionsOf(request))),
  );

  /** Answered from the search cache under the catalogue version (service.ts tireSearchAnswer), as ready JSON. */
  r.post(
    '/search-tires/v2',
    {
      schema: callSchema({
        tag: 'Tires',
        summary: 'Tires of one size and type, cheapest first.',
        body: tireSearchBody,
        responseSchema: z.array(productSuggestionSchema),
      }),
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await tireSearchAnswer(db, request.session, request.body, { cache: catalogue.enabled, versions: await versionsOf(request) })),
  );

  /** Offices that change tires; none is a brand dealer in the tire processes. */
  r.get(
    '/tire-change-organizations/v2',
    {
      schema: callSchema({
        tag: 'Organizations',
        summary: 'The offices that change tires.',
        responseSchema: z.array(organizationSchema),
      }),
    },
    async (request) => tireChangeOrganizations(catalogue.offices.at(db, await versionsOf(request))),
  );

  r.post(
    '/transfer-organization',
    {
      schema: callSchema({
        tag: 'Organizations',
        summary: 'Moves the booking to another office (a held time is released).',
        body: transferOrganizationBody,
        response: success,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      await transferOrganization(db, request.session, request.body.organizationId, catalogue.offices.at(db, await versionsOf(request)));
      return { responseCode: 'SUCCESS' };
    },
  );

  /**
   * Adds tire-change services (or tires) to the cart in the TIRE_SERVICES stage; only
   * what the process is offered in that stage is accepted (catalogue/cart-rules.ts).
   */
  r.post(
    '/api/products/tire-change/add',
    {
      schema: callSchema({
        tag: 'Tires',
        summary: 'Adds tire-change services or tires to the cart in the TIRE_SERVICES stage.',
        body: cartChangeBody,
        responseSchema: responseSchema,
      }),
    },
    async (request) => {
      // The tire change and the tire hotel chosen become their bundle; `message` tells the customer.
      const versions = await versionsOf(request);
      return { responseCode: 'SUCCESS', ...(await addToCart(db, request.session.token, 'TIRE_SERVICES', request.body.items, (trx) => catalogue.at(trx, versions))) };
    },
  );
}
