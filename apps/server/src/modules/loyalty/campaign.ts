import type { FastifyInstance } from 'fastify';
import { campaignCodeBody } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import type { RouteLimits } from '../../plugins/rate-limit.ts';
import { updateProcess } from '../process/repository.ts';
import { findCampaign } from './repository.ts';
import { accountOfToken, validVouchers } from './service.ts';

/**
 * campaign-code/v2: sets or clears a booking's campaign code. The members' code needs a
 * live loyalty token; it links the booking to the account and applies the account's
 * vouchers that are valid today.
 */
export function registerCampaignRoutes(app: FastifyInstance, db: Db, deps: { codeCheckLimits: RouteLimits }) {
  // A code could be guessed: limited per client address and per session (with service codes).
  app.post('/campaign-code/v2', { config: deps.codeCheckLimits }, async (request) => {
    const body = parse(campaignCodeBody, request.body);
    const token = request.process.token;
    const code = body.value?.trim().toUpperCase() || null;
    if (!code) {
      await updateProcess(db, token, { campaign_code: null, loyalty_account_id: null, voucher_ids: [] });
      return { responseCode: 'SUCCESS' };
    }
    const campaign = await findCampaign(db, code);
    if (!campaign) return { responseCode: 'NOT_FOUND' };
    if (!campaign.members_only) {
      await updateProcess(db, token, { campaign_code: campaign.code });
      return { responseCode: 'SUCCESS' };
    }
    if (!body.loyaltyToken) return { responseCode: 'NOT_FOUND' };
    const account = await accountOfToken(db, body.loyaltyToken);
    const vouchers = await validVouchers(db, account.id);
    await updateProcess(db, token, {
      campaign_code: campaign.code,
      loyalty_account_id: account.id,
      voucher_ids: vouchers.map((v) => v.voucherId),
    });
    return { responseCode: 'SUCCESS', vouchers: vouchers.map((v) => v.voucherId) };
  });
}
