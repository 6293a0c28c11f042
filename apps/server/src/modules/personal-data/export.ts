/**
 * Everything held about a person as one document (personalDataExportResponse): the staff's
 * POST /staff/personal-data/export and a loyalty member's own getUserData. `summary` is for
 * the person to read, in Finnish; the records follow as stored, without what is not the
 * person's (password and code hashes, other customers' data, staff members' names).
 */
import { formatCents, formatLocalDateTime, type PersonalDataExport } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { findPersonRecords, keyKinds, startText, type PersonRecords } from './find.ts';
import {
  findAddedRowsOf,
  findBookingsOfAccount,
  findEventsOf,
  findFeedbackOf,
  findLoyaltyDetails,
  findMessagesOf,
  type BookingRecord,
  type PersonKeys,
} from './repository.ts';

type Json = Record<string, unknown>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** '12.3.2025 klo 9.00' in Helsinki time. */
function whenText(b: BookingRecord): string {
  if (b.start_at) {
    const local = formatLocalDateTime(b.start_at);
    const [y, m, d] = local.slice(0, 10).split('-');
    return `${Number(d)}.${Number(m)}.${y} klo ${Number(local.slice(11, 13))}.${local.slice(14, 16)}`;
  }
  if (b.lead_date) {
    const [y, m, d] = b.lead_date.split('-');
    return `${Number(d)}.${Number(m)}.${y} (toive, ei kellonaikaa)`;
  }
  return 'ei aikaa';
}

const euros = (cents: number) => `${formatCents(cents)} €`;

function itemDescriptions(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((i) => {
    const o = (i ?? {}) as { display_description?: unknown; description?: unknown };
    const text = typeof o.display_description === 'string' ? o.display_description : typeof o.description === 'string' ? o.description : '';
    return text ? [text] : [];
  });
}

const snapshotOf = (b: BookingRecord) => (b.snapshot ?? {}) as Json;

function countText(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The document of a person's records. */
export async function exportDocument(db: Executor, records: PersonRecords, now = new Date()): Promise<PersonalDataExport> {
  const bookingIds = records.bookings.map((b) => String(b.id));
  const added = await findAddedRowsOf(db, bookingIds);
  const events = await findEventsOf(db, bookingIds);
  const accountIds = records.loyaltyAccounts.map((a) => a.id);
  const details = await findLoyaltyDetails(db, accountIds);
  const keyOf = new Map(records.bookings.map((b) => [String(b.id), b.booking_key]));

  const bookings = records.bookings.map((b) => {
    const id = String(b.id);
    const snap = snapshotOf(b);
    const rows = added.filter((r) => String(r.booking_id) === id);
    return {
      bookingKey: b.booking_key,
      office: b.office_name,
      kind: b.kind,
      processType: b.process_type,
      status: b.status,
      visitStatus: b.visit_status,
      channel: b.channel,
      start: startText(b),
      end: b.end_at ? startText({ start_at: b.end_at }) : null,
      leadDate: b.lead_date,
      registerNumber: b.register_number,
      customer: b.customer,
      vehicle: b.vehicle,
      items: b.order_items,
      extraItems: snap.extra_order_items ?? [],
      discounts: snap.discounts ?? [],
      totalCents: b.total_cents,
      symptoms: snap.symptoms ?? [],
      notes: snap.notes ?? null,
      kilometers: snap.kilometers ?? null,
      campaignCode: b.campaign_code,
      usingKeyLocker: b.using_key_locker,
      createdAt: iso(b.created_at),
      cancelledAt: iso(b.cancelled_at),
      personalDataRemovedAt: iso(b.personal_data_removed_at),
      addedRows: rows.map((r) => ({
        description: r.description,
        amount: r.amount,
        unitPriceCents: r.unit_price_cents,
        createdAt: iso(r.created_at),
      })),
      events: events
        .filter((e) => String(e.booking_id) === id)
        .map((e) => ({ at: iso(e.at), action: e.action, actor: e.actor, note: e.note, before: e.before, after: e.after })),
    };
  });

  const loyaltyAccounts = records.loyaltyAccounts.map((a) => ({
    username: a.username,
    firstname: a.firstname,
    lastname: a.lastname,
    email: a.email,
    phone: a.phone,
    address: a.address,
    zip: a.zip,
    city: a.city,
    confirmed: a.confirmed,
    createdAt: iso(a.created_at),
    brands: details.brands.filter((x) => x.account_id === a.id).map((x) => x.name),
    cars: details.vehicles
      .filter((v) => v.account_id === a.id)
      .map((v) => ({ license: v.license, brand: v.brand_name, model: v.model_name, type: v.car_type_specified })),
    vouchers: details.vouchers
      .filter((v) => v.account_id === a.id)
      .map((v) => ({
        id: v.id,
        title: v.title,
        discountCents: v.discount_cents,
        validFrom: v.valid_from,
        validTo: v.valid_to,
        usedOnBooking: v.used_booking_id === null ? null : (keyOf.get(String(v.used_booking_id)) ?? true),
      })),
    serviceContracts: details.contracts
      .filter((c) => c.account_id === a.id)
      .map((c) => ({ license: c.license, contractType: c.contract_type, description: c.description, validTo: c.valid_to })),
  }));

  const messages = records.messages.map((m) => ({
    kind: m.kind,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    textBody: m.text_body,
    status: m.status,
    bookingKey: m.booking_id === null ? null : (keyOf.get(String(m.booking_id)) ?? null),
    createdAt: iso(m.created_at),
    sentAt: iso(m.sent_at),
    bodyClearedAt: iso(m.body_cleared_at),
  }));

  const feedback = records.feedback.map((f) => ({
    bookingKey: f.booking_id === null ? null : (keyOf.get(String(f.booking_id)) ?? null),
    rating: f.rating,
    message: f.message,
    createdAt: iso(f.created_at),
  }));

  const summary: string[] = [`Varaukset: ${bookings.length}`];
  records.bookings.forEach((b, i) => {
    const total = b.total_cents + bookings[i]!.addedRows.reduce((s, r) => s + r.unitPriceCents * r.amount, 0);
    const services = itemDescriptions(b.order_items).join(', ') || 'ei palveluita';
    const notes: string[] = [];
    if (b.status === 'CANCELLED') notes.push('peruttu');
    if (b.personal_data_removed_at) notes.push('henkilötiedot poistettu');
    const tail = notes.length ? ` (${notes.join(', ')})` : '';
    summary.push(`${whenText(b)} ${b.office_name}, ${b.register_number}, ${services}, ${euros(total)}${tail}`);
  });
  if (loyaltyAccounts.length === 0) summary.push('Kanta-asiakastili: ei');
  for (const a of loyaltyAccounts) {
    summary.push(
      `Kanta-asiakastili: ${`${a.firstname} ${a.lastname}`.trim()}, ${a.email}, ${countText(a.cars.length, 'auto', 'autoa')}, ${countText(a.vouchers.length, 'etu', 'etua')}, ${countText(a.serviceContracts.length, 'huoltosopimus', 'huoltosopimusta')}`,
    );
  }
  const emails = messages.filter((m) => m.channel !== 'SMS').length;
  summary.push(`Viestit: ${messages.length} (sähköposteja ${emails}, tekstiviestejä ${messages.length - emails})`);
  summary.push(`Palautteet: ${feedback.length}`);

  return { generatedAt: now.toISOString(), summary, bookings, loyaltyAccounts, messages, feedback };
}

/** POST /staff/personal-data/export: the document of the keys' person, with an audit row of the counts only. */
export async function exportPersonalData(db: Executor, staffUserId: number, keys: PersonKeys, now = new Date()): Promise<PersonalDataExport> {
  const document = await exportDocument(db, await findPersonRecords(db, keys), now);
  await recordAudit(db, {
    staffUserId,
    entity: 'PERSONAL_DATA',
    entityId: null,
    action: 'EXPORTED',
    after: {
      by: keyKinds(keys),
      bookings: document.bookings.length,
      loyaltyAccounts: document.loyaltyAccounts.length,
      messages: document.messages.length,
      feedback: document.feedback.length,
    },
  });
  return document;
}

/**
 * A loyalty member's own records (the loyalty API's getUserData): the account with its cars,
 * vouchers and contracts, the bookings made with it or with its e-mail address, their
 * messages and those sent to the address about no booking, and their feedback.
 */
export async function loyaltyAccountRecords(db: Executor, accountId: number): Promise<PersonRecords> {
  const account = await db.selectFrom('loyalty_account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
  const bookings = await findBookingsOfAccount(db, account.id, account.email);
  const bookingIds = bookings.map((b) => String(b.id));
  const messages = await findMessagesOf(db, bookingIds, [account.email, account.username]);
  const feedback = await findFeedbackOf(db, bookingIds);
  return { bookings, loyaltyAccounts: [account], messages, feedback };
}

export async function loyaltyAccountDocument(db: Executor, accountId: number, now = new Date()): Promise<PersonalDataExport> {
  return exportDocument(db, await loyaltyAccountRecords(db, accountId), now);
}
