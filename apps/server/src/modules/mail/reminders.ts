/**
 * The reminder of a visit, 24 hours before it: an e-mail to the customer (and, with
 * SMS_REMINDERS, a text message to the booking's phone number), queued in the outbox
 * once per booking, channel and visit time, whichever server process queues it first:
 * the partial unique index email_outbox_reminder_once (migration 015) decides. A booking
 * moved after its reminder gets another one of its new time; a reminder of a time the
 * booking no longer has is not sent (outbox.ts). A booking made within a day of its visit
 * gets none: its confirmation has just told the same.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  addDays,
  deliveryOptionOf,
  dropOffInstructions,
  dropOffTime,
  type DropOffInstructions,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  formatLocalDateTime,
  parseLocalDateTime,
  manageBookingPath,
  todayInHelsinki,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';
import { dropOffHtml, dropOffLines, officeNoticeText, type ComposedMail } from './compose.ts';
import { DEFAULT_MAIL_COMPANY, actionLink, detailList, esc, mailDocument, officeContactHtml, officeContactText, signatureLines, type MailCompany } from './layout.ts';
import { confirmationOffice } from './office.ts';
import { insertReminderOnce, lockDueReminderBookings } from './repository.ts';
import { userText } from './text.ts';

/** A reminder is queued for a visit this many hours ahead or nearer. */
export const REMINDER_HOURS_AHEAD = 24;
/** Bookings composed per transaction. */
const REMINDER_BATCH = 50;

export interface ReminderOptions {
  /** The site's address (PUBLIC_URL): the reminder links to the booking's own page. */
  publicUrl: string;
  /** A text message too (SMS_REMINDERS). */
  sms: boolean;
}

/** What a reminder says of a booking and its office. */
export interface ReminderBooking {
  id: string;
  bookingKey: string;
  registerNumber: string;
  start: Date;
  end: Date | null;
  timeSelectionType: string | null;
  firstName: string;
  email: string;
  phone: string | null;
  vehicle: string;
  dropOff: DropOffInstructions | null;
  /** When the customer has to act (delivery.ts dropOffTime): the reminder's time. */
  dropOffStart: Date;
  /** The drop-off window's end when it is not the work's own time ('HH:mm:ss' Helsinki), else null. */
  dropOffWindowEnd: string | null;
  office: { id: number; name: string; address: string; postCode: string; postOffice: string; phone: string | null };
}

const customerSchema = z.looseObject({ first_name: z.string().nullish(), email: z.string().nullish() }).nullable();
const vehicleSchema = z.looseObject({ make: z.string().nullish(), model: z.string().nullish() }).nullable();
const snapshotSchema = z
  .looseObject({
    customer_waiting: z.boolean().optional(),
    vehicle_left_for_day: z.boolean().optional(),
    product_parameters: z.array(z.looseObject({ parameterCode: z.string(), selectedValue: z.string() })).optional(),
  })
  .nullable();

/**
 * The confirmed bookings whose visit is due within REMINDER_HOURS_AHEAD and that were
 * made longer than that before it, still lacking a reminder of their time on a channel
 * in use, locked for this transaction; rows another process holds are skipped.
 */
async function lockDueBookings(db: Executor, now: Date, sms: boolean, limit: number): Promise<ReminderBooking[]> {
  const rows = await lockDueReminderBookings(db, now, REMINDER_HOURS_AHEAD, sms, limit);
  return rows.map((r) => {
    const customer = storedJson(customerSchema, r.customer, 'booking.customer') ?? {};
    const vehicle = storedJson(vehicleSchema, r.vehicle, 'booking.vehicle') ?? {};
    const snapshot = storedJson(snapshotSchema, r.snapshot, 'booking.snapshot') ?? {};
    const option = deliveryOptionOf({
      customer_waiting: snapshot.customer_waiting ?? false,
      vehicle_left_for_day: snapshot.vehicle_left_for_day ?? false,
      product_parameters: snapshot.product_parameters ?? [],
    });
    const start = new Date(r.start_at);
    const end = r.end_at ? new Date(r.end_at) : null;
    const chosen = option ?? (r.using_key_locker ? 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' : null);
    const work = { start: formatLocalDateTime(start), end: formatLocalDateTime(end ?? start) };
    const act = dropOffTime(chosen, work);
    const office = { address: r.office_address, post_code: r.office_post_code, post_office: r.office_post_office };
    return {
      id: String(r.id),
      bookingKey: r.booking_key,
      registerNumber: r.register_number,
      start,
      end,
      timeSelectionType: r.time_selection_type,
      firstName: customer.first_name ?? '',
      email: customer.email ?? '',
      phone: r.customer_phone,
      vehicle: `${vehicle.make ?? ''} ${vehicle.model ?? ''}`.trim(),
      dropOff: dropOffInstructions(chosen, { lead: false, start: work.start, office }),
      dropOffStart: parseLocalDateTime(act.start),
      dropOffWindowEnd: act.start !== work.start && act.end !== work.end ? act.end.split('T')[1]! : null,
      office: {
        id: r.organization_id,
        name: r.office_name,
        address: r.office_address,
        postCode: r.office_post_code,
        postOffice: r.office_post_office,
        phone: r.office_phone,
      },
    };
  });
}

/** 'tänään ke 2.12. klo 9.00' / 'huomenna …' (a day-only time: the day), as seen at `now`. */
export function reminderWhen(b: Pick<ReminderBooking, 'start' | 'timeSelectionType'>, now: Date): string {
  const [date, time] = formatLocalDateTime(b.start).split('T') as [string, string];
  const today = todayInHelsinki(now);
  const day = date === today ? 'tänään' : date === addDays(today, 1) ? 'huomenna' : '';
  const clock = b.timeSelectionType === 'DAY_ONLY' ? '' : ` klo ${formatFinnishTime(time)}`;
  return `${day ? `${day} ` : ''}${formatFinnishDate(date)}${clock}`;
}

function longTime(b: ReminderBooking): string {
  const [date, from] = formatLocalDateTime(b.start).split('T') as [string, string];
  if (b.timeSelectionType === 'DAY_ONLY') return `${formatFinnishDateLong(date)} (työ tehdään päivän aikana)`;
  const to = b.end ? `–${formatFinnishTime(formatLocalDateTime(b.end).split('T')[1]!)}` : '';
  return `${formatFinnishDateLong(date)} klo ${formatFinnishTime(from)}${to}`;
}

const placeOf = (o: ReminderBooking['office']) => `${o.name}, ${o.address}, ${o.postCode} ${o.postOffice}`;

/**
 * 'tuo auto klo 7.30–8.00' / 'tuo auto klo 9.40' when the drop-off is before the work's
 * start (delivery.ts dropOffTime), else null: the customer acts at the work's time.
 */
export function dropOffWhen(b: Pick<ReminderBooking, 'start' | 'dropOffStart' | 'dropOffWindowEnd'>): string | null {
  if (b.dropOffStart.getTime() >= b.start.getTime()) return null;
  const from = formatFinnishTime(formatLocalDateTime(b.dropOffStart).split('T')[1]!);
  return `tuo auto klo ${from}${b.dropOffWindowEnd ? `–${formatFinnishTime(b.dropOffWindowEnd)}` : ''}`;
}

/** The reminder e-mail: the time and when to bring the car, the office, the drop-off instructions, the office's notice and the booking's link. */
export function composeReminder(
  b: ReminderBooking,
  opts: { publicUrl: string; officeNotice?: string | null; now: Date; company?: MailCompany | undefined },
): Omit<ComposedMail, 'ics'> {
  const when = reminderWhen(b, opts.now);
  const act = dropOffWhen(b);
  const manageUrl = `${opts.publicUrl.replace(/\/$/, '')}${manageBookingPath(b.bookingKey, b.registerNumber)}`;
  const firstName = userText(b.firstName);
  const car = [userText(b.registerNumber), userText(b.vehicle)].filter(Boolean).join(' ');
  const notice = officeNoticeText(opts.officeNotice);
  const company = opts.company ?? DEFAULT_MAIL_COMPANY;
  const contact = { name: b.office.name, address: b.office.address, post_code: b.office.postCode, post_office: b.office.postOffice, phone: b.office.phone };
  const subject = `Muistutus: huoltoaikasi ${when}${act ? `, ${act}` : ''}`;
  const greeting = firstName ? `Hei ${firstName},` : 'Hei,';
  const intro = `muistutus huoltoajastasi ${when}${act ? ` – ${act}` : ''}.`;
  const details: [string, string][] = [
    ['Aika', longTime(b)],
    ['Toimipiste', placeOf(b.office)],
    ['Ajoneuvo', car],
    ['Varaustunnus', b.bookingKey],
  ];
  const text = [
    [greeting],
    [intro],
    details.map(([label, value]) => `${label}: ${value}`),
    ...(b.dropOff ? [dropOffLines(b.dropOff)] : []),
    ...(notice ? [[`Toimipisteen tiedote: ${notice}`]] : []),
    [`Katso, siirrä tai peru varauksesi: ${manageUrl}`],
    officeContactText(contact),
    signatureLines(company),
  ]
    .map((p) => p.join('\n'))
    .join('\n\n');
  const body = [
    `<p>${esc(greeting)}</p>`,
    `<p>${esc(intro)}</p>`,
    detailList(details),
    ...(b.dropOff ? [dropOffHtml(b.dropOff)] : []),
    ...(notice ? [`<p><strong>Toimipisteen tiedote:</strong> ${esc(notice)}</p>`] : []),
    actionLink(manageUrl, 'Katso, siirrä tai peru varauksesi'),
    officeContactHtml(contact),
  ].join('\n');
  const html = mailDocument({ title: 'Muistutus huoltoajastasi', preheader: `${car}: ${when}${act ? `, ${act}` : ''}.`, company, body });
  return { subject, text, html };
}

/** The reminder as a text message: no text the customer typed, the booking's link at the end. */
export function composeReminderSms(b: ReminderBooking, opts: { publicUrl: string; now: Date }): string {
  const manageUrl = `${opts.publicUrl.replace(/\/$/, '')}${manageBookingPath(b.bookingKey, b.registerNumber)}`;
  const act = dropOffWhen(b);
  return `Muistutus: huoltoaikasi ${reminderWhen(b, opts.now)}${act ? ` (${act})` : ''}, ${b.office.name}, ${b.office.address}. Varaustunnus ${b.bookingKey}. Varauksesi: ${manageUrl}`;
}

export interface ReminderRun {
  email: number;
  sms: number;
}

/**
 * Queues the reminders due now, a batch of bookings per transaction: the bookings are
 * locked (SKIP LOCKED: another process's batch is left to it), composed, and each
 * reminder inserted unless one of its booking, channel and time exists. Answers how many
 * this call queued. Safe to run in every process at once.
 */
export async function queueDueReminders(db: Db, opts: ReminderOptions, now = new Date()): Promise<ReminderRun> {
  const run: ReminderRun = { email: 0, sms: 0 };
  // Each batch queues or skips what it found, so the next one finds others; bounded all the same.
  for (let i = 0; i < 1000; i++) {
    const found = await db.transaction().execute(async (trx) => {
      const due = await lockDueBookings(trx, now, opts.sms, REMINDER_BATCH);
      for (const b of due) {
        const tag = randomBytes(4).toString('hex');
        if (b.email) {
          const office = await confirmationOffice(trx, b.office.id, now);
          const mail = composeReminder(b, { publicUrl: opts.publicUrl, officeNotice: office.notice, now, company: office.company });
          const queued = await insertReminderOnce(trx, {
            bookingId: b.id,
            channel: 'EMAIL',
            reminderFor: b.start,
            recipient: b.email,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            fileName: `${b.bookingKey}-muistutus-${tag}.eml`,
          });
          if (queued) run.email++;
        }
        if (opts.sms && b.phone) {
          const queued = await insertReminderOnce(trx, {
            bookingId: b.id,
            channel: 'SMS',
            reminderFor: b.start,
            recipient: b.phone,
            subject: 'Tekstiviesti: muistutus',
            text: composeReminderSms(b, { publicUrl: opts.publicUrl, now }),
            fileName: `${b.bookingKey}-muistutus-sms-${tag}.txt`,
          });
          if (queued) run.sms++;
        }
      }
      return due.length;
    });
    if (found < REMINDER_BATCH) break;
  }
  return run;
}
