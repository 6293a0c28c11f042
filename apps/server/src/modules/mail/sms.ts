/**
 * Text messages. The outbox holds them beside e-mails (channel 'SMS'); the Mailer hands
 * them to an SmsSender. The default sender writes the message to the server log, with the
 * phone number masked: no SMS service is called unless one is plugged in here.
 */

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** '*******567': every digit but the last three hidden (and every other character dropped). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 3 ? '*'.repeat(digits.length) : `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}

export interface SmsLog {
  info(obj: unknown, msg: string): void;
}

/** Writes each message to the log instead of sending it (SMS_REMINDERS with no SMS service). */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: SmsLog | undefined) {}

  send(to: string, text: string): Promise<void> {
    // A link's query (the booking key and the plate that open a booking) stays out of the log too.
    const logged = text.replace(/\?\S*/g, '?…');
    this.log?.info({ sms: { to: maskPhone(to), text: logged } }, 'text message (written to the log, not sent)');
    return Promise.resolve();
  }
}
