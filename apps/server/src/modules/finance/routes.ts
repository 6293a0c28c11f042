import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingReferenceBody,
  billingReferenceResponse,
  creditAmountBody,
  creditAmountResponse,
  minimumPriceForCreditBody,
  minimumPriceForCreditResponse,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import type { RouteLimits } from '#src/plugins/rate-limit.ts';
import { billingReference, creditAmount, minimumPriceForCreditAt } from './service.ts';

/**
 * The loan calculator and instalment billing (requirements §7 "Finance"). The answers are pure
 * arithmetic or public settings, so no booking session is needed; billing-reference looks
 * a booking up by its key and registration number and shares the per-address count of the
 * other calls by booking key (`bookingKeyLimits`).
 */
export function registerFinanceRoutes(app: FastifyInstance, db: Db, opts: { bookingKeyLimits: RouteLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { config: { session: false } };

  r.post(
    '/financing/get-minimum-price-for-credit',
    {
      ...open,
      schema: callSchema({
        tag: 'Finance',
        summary: 'The smallest price that can be paid in instalments, in cents.',
        body: minimumPriceForCreditBody,
        responseSchema: minimumPriceForCreditResponse,
      }),
    },
    async (request) => minimumPriceForCreditAt(db, request.body.organizationId),
  );

  r.post(
    '/financing/get-credit-amount',
    {
      ...open,
      schema: callSchema({
        tag: 'Finance',
        summary: 'Monthly payment of a price over a number of years.',
        body: creditAmountBody,
        responseSchema: creditAmountResponse,
      }),
    },
    async (request) => creditAmount(request.body.price, request.body.years),
  );

  r.post(
    '/billing-reference',
    {
      config: { session: false, ...opts.bookingKeyLimits },
      schema: callSchema({
        tag: 'Finance',
        summary:
          'A Finnish reference number: for a booking key and its registration number always the same one (400 naming bookingKey when either is wrong), without a key a random one.',
        body: billingReferenceBody,
        responseSchema: billingReferenceResponse,
      }),
    },
    async (request) => billingReference(db, request.body),
  );
}
