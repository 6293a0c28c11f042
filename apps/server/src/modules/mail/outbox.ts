import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '#src/db/database.ts';
import { serializeError } from '#src/plugins/logging.ts';
import { companyDetails } from '../settings/index.ts';
import { claimOutboxMail, dropStaleReminder, markOutboxFailed, markOutboxSent, type OutboxRow } from './repository.ts';
import { LogSmsSender, type SmsLog, type SmsSender } from './sms.ts';

/** Attempts before a message is marked FAILED; retries back off exponentially. */
export const MAX_ATTEMPTS = 8;
/** A message being sent is taken again after this long if its sender died. */
const CLAIM_MINUTES = 5;

export interface MailerOptions {
  from: string;
  smtpUrl?: string | undefined;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  /** How often pending mail is retried, in ms; 0 turns the timer off. */
  pollMs?: number;
  log?: { error: (obj: unknown, msg: string) => void } & Partial<SmsLog>;
  /** Sends the outbox's text messages (channel SMS); by default they are written to the log. */
  sms?: SmsSender;
}

/** Counters the Mailer keeps (Prometheus counters of the app, see plugins/metrics.ts). */
export interface MailMetrics {
  queued: { inc(): void };
  sent: { inc(): void };
  failed: { inc(labels: { final: 'true' | 'false' }): void };
}

/**
 * Sends what the outbox holds: over SMTP when SMTP_URL is set, otherwise as .eml files
 * in DATA_DIR/outbox. Messages are claimed with a short lease so that several server
 * instances never send one twice, and failures are retried with back-off. Text messages
 * (channel SMS) go to the SmsSender (sms.ts) instead.
 */
export class Mailer {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  /** The run asked for while one is under way: it starts when that one ends. */
  private next: Promise<number> | null = null;
  private metrics: MailMetrics | undefined;
  private readonly sms: SmsSender;

  constructor(
    private readonly db: Db,
    private readonly opts: MailerOptions,
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.sms = opts.sms ?? new LogSmsSender(opts.log?.info ? (opts.log as SmsLog) : undefined);
    if (opts.pollMs) {
      this.timer = setInterval(() => this.kick(), opts.pollMs);
      this.timer.unref();
    }
  }

  /** Counts queued, sent and failed messages from now on. */
  useMetrics(metrics: MailMetrics) {
    this.metrics = metrics;
  }

  /**
   * Starts a send run now, or right after the one under way, and answers when that run has
   * ended: a message made due before the call is sent by the run it waits for, even when the
   * run under way had already looked for due messages. Calls during one run share the next.
   */
  kick(): Promise<number> {
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = null;
        return this.kick();
      });
      return this.next;
    }
    this.running = this.flush()
      .catch((err) => {
        // Errors are logged without recipients: serializeError drops SMTP and database details.
        this.opts.log?.error({ err: serializeError(err) }, 'mail outbox run failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Sends every message that is due; answers how many were sent. */
  async flush(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      // The sender as the company's settings name it now, read once a batch.
      const from = senderOf(this.opts.from, (await companyDetails(this.db)).mailSenderName);
      for (const row of batch) {
        // Every message is claimed first with attempts 1: counted as queued once, whichever instance sends it.
        if (row.attempts === 1) this.metrics?.queued.inc();
        // A reminder of a time the booking no longer has (cancelled or moved since) is not sent.
        if (row.kind === 'REMINDER' && (await dropStaleReminder(this.db, row.id))) continue;
        try {
          await this.send(row, from);
          await markOutboxSent(this.db, row.id);
          sent++;
          this.metrics?.sent.inc();
        } catch (err) {
          const attempts = row.attempts;
          await markOutboxFailed(this.db, row.id, {
            final: attempts >= MAX_ATTEMPTS,
            error: String(err).slice(0, 500),
            retryInSeconds: Math.min(3600, 15 * 2 ** attempts),
          });
          this.metrics?.failed.inc({ final: attempts >= MAX_ATTEMPTS ? 'true' : 'false' });
          // The message id only: the recipient's address stays out of the log.
          this.opts.log?.error({ outboxId: row.id, attempts, err: serializeError(err) }, 'sending mail failed');
        }
      }
    }
  }

  private claim(): Promise<OutboxRow[]> {
    return claimOutboxMail(this.db, CLAIM_MINUTES);
  }

  private async send(row: OutboxRow, from: string | { name: string; address: string }) {
    if (row.channel === 'SMS') return this.sms.send(row.recipient, row.text_body);
    const info = await this.transport.sendMail({
      // The same Message-ID on every try of a row: should a process die after the mail server
      // took a message but before the row was marked SENT, the second copy is a duplicate
      // that mail systems recognise and drop.
      messageId: outboxMessageId(row, this.opts.from),
      from,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
      ...(row.ics
        ? {
            icalEvent: { method: 'PUBLISH', content: row.ics },
            attachments: [{ filename: 'varaus.ics', content: row.ics, contentType: 'text/calendar; charset=utf-8' }],
          }
        : {}),
    });
    if (!this.opts.smtpUrl) {
      await mkdir(this.opts.outboxDir, { recursive: true });
      await writeFile(join(this.opts.outboxDir, row.file_name), info.message as Buffer);
    }
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    // A run queued behind the one under way starts when it ends: wait for both.
    while (this.running || this.next) await (this.next ?? this.running);
    this.transport.close();
  }
}

/**
 * The From of the e-mails: MAIL_FROM as it is, or, when the company's mailSenderName setting
 * gives a name, that name on MAIL_FROM's address (nodemailer quotes and encodes the name).
 */
export function senderOf(mailFrom: string, senderName: string): string | { name: string; address: string } {
  const name = senderName.trim();
  if (!name) return mailFrom;
  const address = /<([^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name, address };
}

/** `<outbox.<row id>.<file name>@<the sender's domain>>`: fixed for a row, unique per message. */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'file_name'>, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  const name = row.file_name.replace(/\.eml$/, '').replace(/[^A-Za-z0-9.-]+/g, '-');
  return `<outbox.${row.id}.${name}@${domain}>`;
}
