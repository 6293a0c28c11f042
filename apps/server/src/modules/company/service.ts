import { DEFAULT_SERVICE_BREAK_MESSAGE, SETUP_STEPS, companyDetailsBody, type CompanyDetails, type SetupStatus, type SetupStep } from '@huolto/domain';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { loyaltyEnabled } from '../settings/index.ts';
import { readCompanySettings, setupCounts, writeSetting } from './repository.ts';

/** The settings the company's details are stored in. */
const KEYS = ['companyName', 'bookingPhone', 'links', 'mailSenderName', 'serviceBreak', 'companyContact', 'tagManagerId', 'loyaltyName'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The company's details as the settings hold them; '' (or null) for what is not given. */
export async function companyDetails(db: Executor): Promise<CompanyDetails> {
  const s = await readCompanySettings(db, KEYS);
  const links = record(s.links);
  const pause = record(s.serviceBreak);
  const contact = record(s.companyContact);
  return {
    name: text(s.companyName),
    bookingPhone: text(s.bookingPhone),
    frontPageUrl: text(links.frontPage),
    damageInspectionUrl: text(links.damageInspection),
    // bookingByPhone is the older name of the same link.
    phoneBookingUrl: text(links.phoneBooking) || text(links.bookingByPhone),
    privacyUrl: text(links.privacy),
    mailSenderName: text(s.mailSenderName),
    serviceBreak:
      typeof pause.start === 'string' && typeof pause.end === 'string' ? { start: pause.start, end: pause.end, message: text(pause.message) || DEFAULT_SERVICE_BREAK_MESSAGE } : null,
    businessId: text(contact.businessId),
    address: text(contact.address),
    email: text(contact.email),
    tagManagerId: text(s.tagManagerId),
    loyalty: await loyaltyEnabled(db),
    loyaltyName: text(s.loyaltyName),
  };
}

/**
 * Stores the company's details (admins): the settings rows, with the links merged into the
 * stored links setting (its other links stay), and an audit row of the change, in one
 * transaction. The loyalty switch is the LOYALTY entry of the `modules` setting (its other
 * modules stay; left out of the body, it stays as stored), the programme's name the loyaltyName
 * setting (left out, it stays too). The site's settings and the e-mails
 * read them at once; the setting table's trigger moves the catalogue version, so other
 * processes' caches follow.
 */
export async function updateCompanyDetails(db: Db, staffUserId: number, body: z.output<typeof companyDetailsBody>): Promise<CompanyDetails> {
  return db.transaction().execute(async (trx) => {
    const before = await companyDetails(trx);
    const storedLinks = record((await readCompanySettings(trx, ['links'])).links);
    const { bookingByPhone: _older, ...otherLinks } = storedLinks;
    await writeSetting(trx, 'companyName', body.name);
    await writeSetting(trx, 'bookingPhone', body.bookingPhone);
    await writeSetting(trx, 'mailSenderName', body.mailSenderName);
    await writeSetting(trx, 'links', {
      ...otherLinks,
      frontPage: body.frontPageUrl,
      damageInspection: body.damageInspectionUrl,
      phoneBooking: body.phoneBookingUrl,
      privacy: body.privacyUrl,
    });
    // No service break is stored as null: the settings keep their rows.
    await writeSetting(trx, 'serviceBreak', body.serviceBreak);
    await writeSetting(trx, 'companyContact', { businessId: body.businessId, address: body.address, email: body.email });
    await writeSetting(trx, 'tagManagerId', body.tagManagerId);
    if (body.loyalty !== undefined) {
      const storedModules = record((await readCompanySettings(trx, ['modules'])).modules);
      await writeSetting(trx, 'modules', { ...storedModules, LOYALTY: body.loyalty });
    }
    if (body.loyaltyName !== undefined) await writeSetting(trx, 'loyaltyName', body.loyaltyName);
    const after = await companyDetails(trx);
    await recordAudit(trx, { staffUserId, entity: 'COMPANY', entityId: null, action: 'UPDATED', before, after });
    return after;
  });
}

/**
 * The set-up list of an empty start. A step is done when the data it asks for exists:
 * company — the company's name is given; office — an active office exists; resources — every
 * active office has an active resource; hours — an active office exists and every active
 * office's usual hours are set (opening before closing; an office is created with the hours
 * its form asks for, so this is met once the office exists with sensible hours); services —
 * an active service (product) exists. Complete when every step is done.
 */
export async function setupStatus(db: Executor): Promise<SetupStatus> {
  const [company, counts] = [await companyDetails(db), await setupCounts(db)];
  const done: Record<SetupStep, boolean> = {
    company: company.name !== '',
    office: counts.offices > 0,
    resources: counts.offices > 0 && counts.officesWithoutResource === 0,
    hours: counts.offices > 0 && counts.officesWithoutHours === 0,
    services: counts.products > 0,
  };
  const steps = SETUP_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, complete: steps.every((s) => s.done) };
}
