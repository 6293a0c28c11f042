/**
 * The privacy notice's facts and the accessibility statement's feedback (docs/decisions/021-personal-data.md).
 *
 * The notice answers what is this installation's own: the controller from the company's
 * details, the retention periods and the recipients as configured. The feedback is one
 * plain-text e-mail to the company's address through the outbox; every text the customer
 * typed goes through userText line by line (no control characters, links defanged).
 */
import { randomBytes } from 'node:crypto';
import { LOYALTY_REGISTRATION_RETENTION_DAYS, NO_COMPANY_EMAIL_MESSAGE, type PrivacyNotice, type accessibilityFeedbackBody } from '@huolto/domain';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { companyDetails } from '../company/index.ts';
import { insertOutboxMail, userText } from '../mail/index.ts';
import { loyaltyEnabled } from '../settings/index.ts';

/** What the notice reads of the configuration (config.ts). */
export interface NoticeConfig {
  retention: { personalDataMonths: number; outboxBodyDays: number };
  smtpUrl: string | undefined;
  smsReminders: boolean;
}

/** The SMTP service's host name, without user, password, port or path; null when none is configured or it cannot be read. */
export function mailHostOf(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    return new URL(smtpUrl).hostname || null;
  } catch {
    return null;
  }
}

/** GET /privacy-notice. */
export async function privacyNotice(db: Executor, config: NoticeConfig): Promise<PrivacyNotice> {
  const company = await companyDetails(db);
  return {
    controller: {
      name: company.name,
      businessId: company.businessId,
      address: company.address,
      email: company.email,
      phone: company.bookingPhone,
    },
    retention: {
      personalDataMonths: config.retention.personalDataMonths,
      outboxBodyDays: config.retention.outboxBodyDays,
      loyaltyRegistrationDays: LOYALTY_REGISTRATION_RETENTION_DAYS,
    },
    recipients: {
      mailHost: mailHostOf(config.smtpUrl),
      sms: config.smsReminders,
      tagManager: company.tagManagerId !== '',
    },
    companyPrivacyUrl: company.privacyUrl,
    loyalty: await loyaltyEnabled(db),
  };
}

/** The feedback's subject. */
export const FEEDBACK_SUBJECT = 'Saavutettavuuspalaute ajanvarauksesta';

/** The feedback e-mail's plain text: the message line by line, the page and the reply address. */
export function composeFeedback(body: z.output<typeof accessibilityFeedbackBody>): string {
  const message = body.message
    .split('\n')
    .map((line) => userText(line))
    .join('\n');
  return [
    'Ajanvarauksen saavutettavuusselosteen lomakkeella on lähetetty palaute.',
    `Sivu: ${userText(body.page) || '(ei annettu)'}`,
    `Vastausosoite: ${userText(body.email) || '(ei annettu)'}`,
    `Palaute:\n${message}`,
    'Saavutettavuuspalautteeseen on vastattava kahden viikon kuluessa.',
  ].join('\n\n');
}

/**
 * POST /accessibility-feedback: queues one e-mail of kind ACCESSIBILITY_FEEDBACK to the
 * company's e-mail address; 409 with NO_COMPANY_EMAIL_MESSAGE, nothing queued, when the
 * company has none.
 */
export async function sendAccessibilityFeedback(db: Db, body: z.output<typeof accessibilityFeedbackBody>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { email } = await companyDetails(trx);
    if (!email) throw new DomainError(409, 'NO_COMPANY_EMAIL', NO_COMPANY_EMAIL_MESSAGE);
    await insertOutboxMail(trx, {
      bookingId: null,
      kind: 'ACCESSIBILITY_FEEDBACK',
      recipient: email,
      subject: FEEDBACK_SUBJECT,
      text: composeFeedback(body),
      fileName: `saavutettavuuspalaute-${randomBytes(6).toString('hex')}.eml`,
    });
  });
}
