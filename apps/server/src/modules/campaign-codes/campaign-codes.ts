/**
 * The campaign codes a customer types on the contact details step (POST /campaign-code/v2),
 * written by admins on the back-office: a code is created once (its key never changes) and
 * then edited, taken out of use or back; never deleted, as saved bookings carry it. A code
 * is accepted on its Helsinki dates valid_from … valid_to (both included, null: open) while
 * active (loyalty/service.ts setCampaignCode). Each change runs in the caller's transaction
 * with its CAMPAIGN_CODE audit row. The codes are read from the database at each use, no
 * cache holds them, so a change applies to the next customer call.
 */
import { campaignCodeAdminBody, createCampaignCodeBody, type CampaignCodeAdmin, type CampaignCodeAdminBody, type CreateCampaignCodeBody } from '@huolto/domain';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { findCampaignCode, insertCampaignCode, listCampaignCodes, updateCampaignCodeRow, type CampaignCodeColumns, type CampaignCodeWithCount } from './repository.ts';

export type CampaignCodeValues = z.output<typeof campaignCodeAdminBody>;

export const campaignCodeNotFound = () => new DomainError(404, 'NOT_FOUND', 'Kampanjakoodia ei löytynyt');

export function campaignCodeOf(r: CampaignCodeWithCount): CampaignCodeAdmin {
  return {
    code: r.code,
    description: r.description,
    percentOff: r.percent_off,
    membersOnly: r.members_only,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    active: r.active,
    bookingCount: r.booking_count,
  };
}

function columnsOf(v: CampaignCodeValues): CampaignCodeColumns {
  return {
    description: v.description,
    percent_off: v.percentOff,
    members_only: v.membersOnly,
    valid_from: v.validFrom,
    valid_to: v.validTo,
    active: v.active,
  };
}

/** Every code, active or not, by code, with the saved bookings that carry it counted. */
export async function campaignCodes(db: Executor): Promise<CampaignCodeAdmin[]> {
  return (await listCampaignCodes(db)).map(campaignCodeOf);
}

/** Creates a code in the caller's transaction, with an audit row; 400 naming `code` when it is taken. */
export async function createCampaignCode(trx: Executor, input: CreateCampaignCodeBody, staffUserId: number | null): Promise<CampaignCodeAdmin> {
  const { code, ...values } = parse(createCampaignCodeBody, input);
  if (!(await insertCampaignCode(trx, code, columnsOf(values)))) throw badRequest('code', 'Koodi on jo käytössä');
  const after = campaignCodeOf((await findCampaignCode(trx, code))!);
  await recordAudit(trx, { staffUserId, entity: 'CAMPAIGN_CODE', entityId: code, action: 'CREATED', after });
  return after;
}

/**
 * Changes every field of a code in the caller's transaction, with an audit row of the code
 * before and after; nothing is written when nothing changes. 404 for an unknown code. A
 * booking already saved with the code keeps it and its price.
 */
export async function updateCampaignCode(trx: Executor, code: string, input: CampaignCodeAdminBody, staffUserId: number | null): Promise<CampaignCodeAdmin> {
  const values = parse(campaignCodeAdminBody, input);
  const row = await findCampaignCode(trx, code, true);
  if (!row) throw campaignCodeNotFound();
  const before = campaignCodeOf(row);
  const columns = columnsOf(values);
  const changed = (Object.keys(columns) as (keyof CampaignCodeColumns)[]).some((k) => columns[k] !== row[k]);
  if (!changed) return before;
  await updateCampaignCodeRow(trx, code, columns);
  const after = campaignCodeOf((await findCampaignCode(trx, code))!);
  const action = columns.active === row.active ? 'UPDATED' : columns.active ? 'ACTIVATED' : 'DEACTIVATED';
  await recordAudit(trx, { staffUserId, entity: 'CAMPAIGN_CODE', entityId: code, action, before, after });
  return after;
}

export const createCampaignCodeCall = (db: Db, input: CreateCampaignCodeBody, staffUserId: number) =>
  db.transaction().execute((trx) => createCampaignCode(trx, input, staffUserId));

export const updateCampaignCodeCall = (db: Db, code: string, input: CampaignCodeAdminBody, staffUserId: number) =>
  db.transaction().execute((trx) => updateCampaignCode(trx, code, input, staffUserId));
