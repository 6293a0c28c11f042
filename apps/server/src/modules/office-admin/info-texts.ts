/**
 * An office's dated notices to customers (organization_info_text): written, edited and taken
 * out of use by the office's users and admins. A text shows on the services and time steps
 * and in the confirmation on its Helsinki dates valid_from … valid_to, both included, while
 * active; a text is never deleted, so nothing written is lost. The table's catalogue trigger
 * moves the catalogue version in the same transaction, so customers see a change at once.
 * The office's list holds the texts that have not ended and those that ended within the last
 * INFO_TEXT_LIST_ENDED_DAYS days, newest first.
 */
import {
  INFO_TEXT_LIST_ENDED_DAYS,
  addDays,
  infoTextBody,
  todayInHelsinki,
  updateInfoTextBody,
  type InfoText,
  type InfoTextBody,
  type UpdateInfoTextBody,
} from '@huolto/domain';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { findInfoTextRow, insertInfoText, listInfoTextsOfOffice, updateInfoTextRow, type InfoTextRow } from './repository.ts';
import { assertOfficeExists } from './offices.ts';

export type InfoTextValues = z.output<typeof infoTextBody>;
export type UpdateInfoTextValues = z.output<typeof updateInfoTextBody>;

export const infoTextNotFound = () => new DomainError(404, 'NOT_FOUND', 'Tiedotetta ei löytynyt');

export function infoTextOf(r: InfoTextRow): InfoText {
  return { id: r.id, text: r.text, validFrom: r.valid_from, validTo: r.valid_to, active: r.active };
}

/** The office's texts that have not ended or ended lately, active or not, newest first. */
export async function infoTextsOfOffice(db: Executor, officeId: number, today = todayInHelsinki()): Promise<InfoText[]> {
  await assertOfficeExists(db, officeId);
  return (await listInfoTextsOfOffice(db, officeId, addDays(today, -INFO_TEXT_LIST_ENDED_DAYS))).map(infoTextOf);
}

/** Adds an active text to an office in the caller's transaction, with an audit row. */
export async function createInfoText(trx: Executor, officeId: number, input: InfoTextBody | InfoTextValues, staffUserId: number | null): Promise<InfoText> {
  const values = parse(infoTextBody, input);
  await assertOfficeExists(trx, officeId);
  const after = infoTextOf(await insertInfoText(trx, officeId, { text: values.text, valid_from: values.validFrom, valid_to: values.validTo, active: true }));
  await recordAudit(trx, { staffUserId, entity: 'INFO_TEXT', entityId: after.id, action: 'CREATED', after: { ...after, officeId } });
  return after;
}

/**
 * Changes a text of an office in the caller's transaction, with an audit row: its words, its
 * days, and whether it is in use. 404 for a text of another office. Nothing is written when
 * nothing changes.
 */
export async function updateInfoText(
  trx: Executor,
  officeId: number,
  infoTextId: number,
  input: UpdateInfoTextBody | UpdateInfoTextValues,
  staffUserId: number | null,
): Promise<InfoText> {
  const values = parse(updateInfoTextBody, input);
  const row = await findInfoTextRow(trx, infoTextId, true);
  if (!row || row.organization_id !== officeId) throw infoTextNotFound();
  const before = infoTextOf(row);
  const changes = {
    ...(values.text !== row.text ? { text: values.text } : {}),
    ...(values.validFrom !== row.valid_from ? { valid_from: values.validFrom } : {}),
    ...(values.validTo !== row.valid_to ? { valid_to: values.validTo } : {}),
    ...(values.active !== row.active ? { active: values.active } : {}),
  };
  if (Object.keys(changes).length === 0) return before;
  const after = infoTextOf(await updateInfoTextRow(trx, infoTextId, changes));
  const action = values.active === row.active ? 'UPDATED' : values.active ? 'ACTIVATED' : 'DEACTIVATED';
  await recordAudit(trx, { staffUserId, entity: 'INFO_TEXT', entityId: infoTextId, action, before: { ...before, officeId }, after: { ...after, officeId } });
  return after;
}

// ---- The calls, each its own transaction ----

export const listInfoTextsCall = (db: Db, officeId: number) => infoTextsOfOffice(db, officeId);

export const createInfoTextCall = (db: Db, officeId: number, values: InfoTextValues, staffUserId: number) =>
  db.transaction().execute((trx) => createInfoText(trx, officeId, values, staffUserId));

export const updateInfoTextCall = (db: Db, officeId: number, infoTextId: number, values: UpdateInfoTextValues, staffUserId: number) =>
  db.transaction().execute((trx) => updateInfoText(trx, officeId, infoTextId, values, staffUserId));
