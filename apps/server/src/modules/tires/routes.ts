import type { FastifyInstance } from 'fastify';
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
import type { Db } from '../../db/database.ts';
import { callSchema } from '../../openapi/route-schema.ts';
import { addToCart } from '../catalogue/cart-service.ts';
import { transferOrganization } from '../organizations/service.ts';
import { tireChangeOrganizations, tireSearchAnswer, tireSizes } from './service.ts';

const success = 'responseCode SUCCESS';

export function registerTireRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tire-sizes',
    {
      schema: callSchema({
        tag: 'Tires',
        summary: "Tire suppliers, the sizes on offer, the default tire type and supplier, and the car's own sizes.",
        responseSchema: tireSizesResponse,
      }),
    },
    async (request) => tireSizes(db, request.process),
  );

  /** Answered from the search cache (service.ts tireSearchAnswer), as ready JSON. */
  r.post(
    '/search-tires/v2',
    {
      schema: callSchema({
        tag: 'Tires',
        summary: 'Tires of one size and type, cheapest first (answers are cached for 60 s).',
        body: tireSearchBody,
        responseSchema: z.array(productSuggestionSchema),
      }),
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await tireSearchAnswer(db, request.process, request.body)),
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
    async () => tireChangeOrganizations(db),
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
      await transferOrganization(db, request.process, request.body.organizationId);
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
      await addToCart(db, request.process.token, 'TIRE_SERVICES', request.body.items);
      return { responseCode: 'SUCCESS' };
    },
  );
}
