import { randomBytes } from 'node:crypto';
import {
  DEFAULT_BOOKING_PHONE,
  DEFAULT_COMPANY_NAME,
  DEFAULT_MODULES,
  DEFAULT_SITE_LINKS,
  HOLD_MINUTES,
  type BookingSettingsOrganization,
  type ServicelaneSettings,
  type SiteLinks,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { findOrganization, usableOrganization } from '../organizations/index.ts';
import { createProcess, type ProcessRow } from '../process/index.ts';
import { anyOfficeTakesBookings, readSettings, type Settings } from './repository.ts';

/**
 * Starts a booking session: checks the office asked for, if any, and creates the process;
 * answers its token. 256 bits: a token cannot be guessed, so one session can never reach
 * another's booking.
 */
export async function startSession(
  db: Db,
  q: { usedProcessType: string; installationType: string; organizationId?: number | undefined },
  clientKey: string | null | undefined,
): Promise<string> {
  if (q.organizationId !== undefined) await usableOrganization(db, q.organizationId, q.usedProcessType);
  const token = randomBytes(32).toString('base64url');
  await createProcess(db, {
    token,
    processType: q.usedProcessType,
    installationType: q.installationType,
    organizationId: q.organizationId ?? null,
    clientKey,
  });
  return token;
}

/**
 * The external links of the landing and thanks pages: the stored ones over the defaults.
 * `bookingByPhone` is the older name of `phoneBooking`; both are answered.
 */
export function siteLinks(stored: Record<string, string> | undefined): SiteLinks & { bookingByPhone: string } {
  const s = Object.fromEntries(Object.entries(stored ?? {}).filter(([, v]) => typeof v === 'string' && v.length > 0));
  const phoneBooking = s.phoneBooking ?? s.bookingByPhone ?? DEFAULT_SITE_LINKS.phoneBooking;
  return { ...DEFAULT_SITE_LINKS, ...s, phoneBooking, bookingByPhone: phoneBooking };
}

/** A text setting, trimmed; the fallback when it is not a non-empty string. */
const textSetting = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback);

/** The public settings of the site (settings, get-generic-online-settings). */
export async function publicSettings(db: Executor) {
  const s = await readSettings(db);
  return {
    locale: 'fi',
    currency: 'EUR',
    timeZone: 'Europe/Helsinki',
    holdMinutes: HOLD_MINUTES,
    serviceBreak: s.serviceBreak ?? null,
    links: siteLinks(s.links),
    bookingPhone: typeof s.bookingPhone === 'string' && s.bookingPhone.trim() !== '' ? s.bookingPhone : DEFAULT_BOOKING_PHONE,
    companyName: textSetting(s.companyName, DEFAULT_COMPANY_NAME),
    bookingOpen: await anyOfficeTakesBookings(db),
    loyalty: moduleOn(s, 'LOYALTY'),
    loyaltyName: textSetting(s.loyaltyName, ''),
    tagManagerId: textSetting(s.tagManagerId, ''),
  };
}

/**
 * The company as the e-mails and the calendar file name it: the companyName, bookingPhone,
 * mailSenderName and loyaltyName (the loyalty programme's name, '' for none) settings. `name` is '' before the company's details are given; the mails
 * then sign as NEUTRAL_SERVICE_NAME ('Ajanvaraus'), and `mailSenderName` is '' (the sender
 * is MAIL_FROM as configured).
 */
export async function companyDetails(db: Executor): Promise<{ name: string; bookingPhone: string; mailSenderName: string; loyaltyName: string }> {
  const s = await readSettings(db);
  return {
    name: textSetting(s.companyName, DEFAULT_COMPANY_NAME),
    bookingPhone: textSetting(s.bookingPhone, DEFAULT_BOOKING_PHONE),
    mailSenderName: textSetting(s.mailSenderName, ''),
    loyaltyName: textSetting(s.loyaltyName, ''),
  };
}

/** An office's booking settings for a process type (the loan calculator's office setting among them). */
export async function organizationBookingSettings(
  db: Executor,
  q: { organizationId: number; processType: BookingSettingsOrganization['processType'] },
): Promise<BookingSettingsOrganization> {
  const organization = await findOrganization(db, q.organizationId);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  return {
    organizationId: organization.id,
    processType: q.processType,
    timeSelectionType: organization.time_selection_type === 'DAY_ONLY' ? 'DAY_ONLY' : 'EXACT_TIME',
    showStaticLoanCalculator: organization.show_loan_calculator,
    leadOnly: organization.lead_only,
    customerSelectsResource: organization.customer_selects_resource,
  };
}

/** The drive-in reception lane: off unless the `servicelane` setting turns it on. */
export async function servicelaneSettings(db: Executor): Promise<ServicelaneSettings> {
  const stored = (await readSettings(db)).servicelane as Partial<ServicelaneSettings> | undefined;
  return {
    enabled: stored?.enabled === true,
    organizationIds: Array.isArray(stored?.organizationIds) ? stored.organizationIds.filter((v) => Number.isInteger(v)) : [],
    message: typeof stored?.message === 'string' ? stored.message : null,
  };
}

/** Whether a module is on in the settings read: the `modules` setting, else the default; an unknown module is off. */
function moduleOn(settings: Settings, module: string): boolean {
  const stored = settings.modules as Record<string, unknown> | undefined;
  const value = stored !== null && typeof stored === 'object' ? stored[module] : undefined;
  return typeof value === 'boolean' ? value : (DEFAULT_MODULES[module] ?? false);
}

/** Whether a module is on: the `modules` setting, else the default; an unknown module is off. */
export async function moduleSetting(db: Executor, module: string) {
  return { module, enabled: moduleOn(await readSettings(db), module) };
}

/**
 * Whether the company has the loyalty programme (the LOYALTY module): the loyalty API and the
 * members' campaign code answer only while it is on; an empty start stores it off.
 */
export async function loyaltyEnabled(db: Executor): Promise<boolean> {
  return moduleOn(await readSettings(db), 'LOYALTY');
}

/** The booking settings of a process: its type, its office's way of booking times, the hold time. */
export async function processBookingSettings(db: Executor, session: ProcessRow) {
  const organization = session.organization_id ? await findOrganization(db, session.organization_id) : undefined;
  return {
    processType: session.process_type,
    timeSelectionType: organization?.time_selection_type ?? 'EXACT_TIME',
    holdMinutes: HOLD_MINUTES,
  };
}
