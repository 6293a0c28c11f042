import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createVoucherBody, voucherAdminQuery, voucherAdminSchema, voucherParams, vouchersAdminResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { VOUCHER_LIST_LIMIT, createVoucherCall, requireLoyalty, vouchersCall, withdrawVoucherCall } from './vouchers.ts';

const tag = 'Staff API';
const loyaltyOff = '404 when the LOYALTY module is off (setting modules), before the input is read, as the loyalty API answers.';

/** The loyalty members' vouchers (admins only). */
export function registerVoucherRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // After the staff guard's sign-in and role checks (its hooks run first), before the input is read.
  const admin = { config: { staffRole: 'ADMIN' as const }, onRequest: async () => requireLoyalty(db) };

  r.get(
    '/catalogue/vouchers',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: `The newest ${VOUCHER_LIST_LIMIT} loyalty vouchers, the last day furthest ahead first, or those of the member with the e-mail address email (admins only), each with the booking that spent it.`,
        description: loyaltyOff,
        query: voucherAdminQuery,
        responseSchema: vouchersAdminResponse,
      }),
    },
    async (request) => vouchersCall(db, request.query.email),
  );

  r.post(
    '/catalogue/vouchers',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Gives a loyalty member a voucher (admins only): a sum off in cents on its first and last day (Helsinki dates, both included), applied at the member's next login on a booking.",
        description: `400 naming accountEmail when no member has that e-mail address, validTo when it is before validFrom. Writes a VOUCHER audit row in the same transaction. ${loyaltyOff}`,
        body: createVoucherBody,
        responseSchema: voucherAdminSchema,
      }),
    },
    async (request) => createVoucherCall(db, request.body, staffOf(request).id),
  );

  r.post(
    '/catalogue/vouchers/:voucherId/withdraw',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Withdraws a voucher not used yet (admins only): it ends yesterday (Helsinki date), so no login applies it from now on; one already ended is answered as it is.',
        description: `404 for an unknown voucher; 409 VOUCHER_USED for one a saved booking has spent. Writes a VOUCHER audit row in the same transaction. ${loyaltyOff}`,
        params: voucherParams,
        responseSchema: voucherAdminSchema,
      }),
    },
    async (request) => withdrawVoucherCall(db, request.params.voucherId, staffOf(request).id),
  );
}
