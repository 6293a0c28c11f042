import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignCodeAdminBody, campaignCodeParams, campaignCodeSchema, campaignCodesResponse, createCampaignCodeBody } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { staffOf } from '../staff/index.ts';
import { campaignCodes, createCampaignCodeCall, updateCampaignCodeCall } from './campaign-codes.ts';

const tag = 'Staff API';
const audited = 'Every change writes an audit row in the same transaction.';
const atOnce = "Customers' next campaign-code/v2 reads the change; a saved booking keeps its code and price.";

/** The campaign codes customers type on the contact details step (admins only). */
export function registerCampaignCodeRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { staffRole: 'ADMIN' as const } };

  r.get(
    '/catalogue/campaign-codes',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Every campaign code, active or not, by code, with the count of saved bookings that carry it (admins only).',
        responseSchema: campaignCodesResponse,
      }),
    },
    async () => campaignCodes(db),
  );

  r.post(
    '/catalogue/campaign-codes',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'Creates a campaign code (admins only), written in capitals: its percentage off the services, members only or not, and its first and last day (Helsinki dates, both included; null: open).',
        description: `400 naming code when it is taken, validTo when it is before validFrom. ${audited} ${atOnce}`,
        body: createCampaignCodeBody,
        responseSchema: campaignCodeSchema,
      }),
    },
    async (request) => createCampaignCodeCall(db, request.body, staffOf(request).id),
  );

  r.put(
    '/catalogue/campaign-codes/:code',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: "Changes a campaign code's description, percentage, members-only flag, days and activity (admins only); a code is never deleted.",
        description: `404 for an unknown code; 400 naming validTo when it is before validFrom. ${audited} ${atOnce}`,
        params: campaignCodeParams,
        body: campaignCodeAdminBody,
        responseSchema: campaignCodeSchema,
      }),
    },
    async (request) => updateCampaignCodeCall(db, request.params.code, request.body, staffOf(request).id),
  );
}
