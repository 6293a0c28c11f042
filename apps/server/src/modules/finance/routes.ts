import type { FastifyInstance } from 'fastify';
import { billingReferenceBody, creditAmountBody, minimumPriceForCreditBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { parse } from '../../lib/parse.ts';
import { findOrganization } from '../organizations/repository.ts';
import { findBookingByKeyAndPlate } from '../manage/repository.ts';
import { bookingReference, creditAmount, minimumPriceForCredit, randomReference } from './service.ts';

/**
 * The loan calculator and instalment billing (SPEC §7 "Finance"). The answers are pure
 * arithmetic or public settings, so no booking session is needed; billing-reference looks
 * a booking up by its key and registration number and is rate-limited like the other key
 * lookups.
 */
export function registerFinanceRoutes(app: FastifyInstance, db: Db, opts: { keyLookupRateLimit: number }) {
  const open = { config: { session: false } };

  app.post('/financing/get-minimum-price-for-credit', open, async (request) => {
    const body = parse(minimumPriceForCreditBody, request.body);
    if (!(await findOrganization(db, body.organizationId))) throw badRequest('organizationId', 'Tuntematon toimipiste');
    return { minimumPrice: await minimumPriceForCredit(db) };
  });

  app.post('/financing/get-credit-amount', open, async (request) => {
    const body = parse(creditAmountBody, request.body);
    return creditAmount(body.price, body.years);
  });

  app.post(
    '/billing-reference',
    { config: { session: false, rateLimit: { max: opts.keyLookupRateLimit, timeWindow: '1 minute' } } },
    async (request) => {
      const body = parse(billingReferenceBody, request.body);
      if (!body.bookingKey) return { reference: randomReference() };
      // One query and one answer whichever of the key and the plate is wrong.
      const booking = await findBookingByKeyAndPlate(db, body.bookingKey, body.registerNumber!);
      if (!booking) throw badRequest('bookingKey', 'Tuntematon varaustunnus tai rekisterinumero');
      return { reference: bookingReference(booking.id) };
    },
  );
}
