import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Language } from '@roomweek/contract';
import type { Database } from '../../../db/client.ts';
import type { OutboxKind } from '../../../db/outbox-schema.ts';
import { intervalJob } from '../../../lib/interval-job.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { DeliveryError } from './delivery-error.ts';
import { LogMailer, mailDomain, SmtpMailer, type EmailAttachment, type Mailer } from './mailer.ts';
import { OutboxRepository, type ClaimedMessage } from './outbox-repository.ts';
import {
  asLanguage,
  renderAdminBookingAlert,
  renderAdminCancellationAlert,
  renderBookingCancelled,
  renderBookingConfirmation,
  renderEmailChanged,
  renderAdminApprovalRequest,
  renderBookingRequested,
  renderAccountInvitation,
  renderStaffInvitation,
  renderEmailVerification,
  renderPasswordReset,
  type BookingPayload,
  type EmailChangedPayload,
  type PasswordResetPayload,
  type RenderedEmail,
} from './templates.ts';
import { renderArrivalInstructions, renderCheckInReminder } from './check-in-templates.ts';
import { renderAdminBalanceOverdue, renderBalanceChargeFailed, renderBalanceDue, renderBalanceReminder } from './balance-templates.ts';
import {
  renderAdminReviewAlert,
  renderReviewHidden,
  renderReviewInvitation,
  type ReviewAlertPayload,
  type ReviewHiddenPayload,
  type ReviewInvitationPayload,
} from './review-templates.ts';
import { CloudApiWhatsapp, LogWhatsapp, type WhatsappSender } from './whatsapp-client.ts';

export interface OutboxDispatcherOptions {
  db: Database;
  mailer: Mailer;
  whatsapp: WhatsappSender;
  box: SecretBox;
  mailFrom: string;
  log: FastifyBaseLogger;
  /**
   * The files a booking e-mail carries (the invoices of its payment, the credit notes of its refunds), drawn when it is
   * sent from what was stored when they were issued: a resend carries the same files.
   */
  attachments?: (kind: OutboxKind, bookingId: string) => Promise<EmailAttachment[]>;
  /** Claims before a message is given up (the first send counts). */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles each time up to `backoffMaxMs`, ±20 % jitter. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claim lasts; far above the longest send (SMTP and WhatsApp calls time out within a minute). */
  leaseMs?: number;
  /** Messages sent at once by one instance. */
  concurrency?: number;
  /** Messages one run handles at most; the next run takes the rest. */
  batchSize?: number;
}

export interface DispatchReport {
  sent: number;
  retried: number;
  failed: number;
}

type Outcome =
  | { status: 'sent'; providerMessageId?: string }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string };

/** Each kind of message to its template: the e-mails carrying a sealed link, the booking e-mails, the owner's WhatsApp alerts. */
const LINKED_EMAILS: Partial<Record<OutboxKind, { link: string; render: (language: Language, payload: PasswordResetPayload, link: string) => RenderedEmail }>> = {
  password_reset: { link: 'reset link', render: renderPasswordReset },
  email_verification: { link: 'verification link', render: renderEmailVerification },
  account_invitation: { link: 'invitation link', render: renderAccountInvitation },
  staff_invitation: { link: 'invitation link', render: renderStaffInvitation },
};
const BOOKING_EMAILS: Partial<Record<OutboxKind, (language: Language, booking: BookingPayload) => RenderedEmail>> = {
  booking_requested: renderBookingRequested,
  booking_confirmation: renderBookingConfirmation,
  booking_cancelled: renderBookingCancelled,
  check_in_reminder: renderCheckInReminder,
  arrival_instructions: renderArrivalInstructions,
  balance_reminder: renderBalanceReminder,
  balance_due: renderBalanceDue,
  balance_charge_failed: renderBalanceChargeFailed,
};
const BOOKING_WHATSAPPS: Partial<Record<OutboxKind, (language: Language, booking: BookingPayload) => string>> = {
  admin_booking_alert: renderAdminBookingAlert,
  admin_cancellation_alert: renderAdminCancellationAlert,
  admin_approval_request: renderAdminApprovalRequest,
  admin_balance_overdue: renderAdminBalanceOverdue,
};

/**
 * Sends the outbox. Safe with any number of instances: a message is claimed by one short statement
 * (`FOR UPDATE SKIP LOCKED`, then `status = 'sending'` with a lease and `attempts + 1`), sent outside any transaction,
 * then finished by an update fenced on that claim (`status = 'sending' AND attempts = n`).
 * Guarantees (docs/decisions/0005-outbox.md):
 * - a committed message is sent unless it fails `maxAttempts` times or is refused for good; a provider outage delays it;
 * - a message is marked sent at most once, and never claimed again once sent;
 * - a claim whose dispatcher died mid-send (lease over, still `sending`): an e-mail is sent again with the same
 *   Message-ID; a WhatsApp message is not (the Cloud API has no idempotency key), it is marked failed as
 *   "outcome unknown" — at most once rather than twice. The same holds for a WhatsApp call that timed out.
 */
export class OutboxDispatcher {
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly messageIdDomain: string;
  private readonly repository: OutboxRepository;

  constructor(private readonly options: OutboxDispatcherOptions) {
    this.repository = new OutboxRepository(options.db);
    this.maxAttempts = options.maxAttempts ?? 15;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.concurrency = options.concurrency ?? 4;
    this.batchSize = options.batchSize ?? 100;
    this.messageIdDomain = mailDomain(options.mailFrom);
  }

  /** Sends what is due now; answers what happened. */
  async runOnce(): Promise<DispatchReport> {
    const report: DispatchReport = { sent: 0, retried: 0, failed: 0 };
    let budget = this.batchSize;
    const worker = async () => {
      while (budget > 0) {
        budget--;
        const message = await this.claimNext();
        if (!message) return;
        const outcome = await this.deliver(message);
        await this.finish(message, outcome);
        if (outcome.status === 'sent') report.sent++;
        else if (outcome.status === 'retry') report.retried++;
        else report.failed++;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return report;
  }

  /** Takes the oldest due message that no other dispatcher holds, in one autocommitted statement. */
  private async claimNext(): Promise<ClaimedMessage | null> {
    return this.repository.claimNext(this.leaseMs / 1000);
  }

  private async deliver(message: ClaimedMessage): Promise<Outcome> {
    const log = this.options.log.child({ outboxId: message.id, kind: message.kind, attempt: message.attempts });
    if (message.expired) return { status: 'failed', error: 'expired before it could be sent' };
    if (message.previous_status === 'sending') {
      if (message.channel === 'whatsapp') {
        log.warn('a dispatcher stopped while sending this WhatsApp message: not sent again, to never send it twice');
        return { status: 'failed', error: 'outcome unknown: the dispatcher stopped during the send' };
      }
      log.warn('a dispatcher stopped while sending this e-mail: sending again with the same Message-ID');
    }
    if (!message.recipient) return { status: 'failed', error: 'no recipient (the admin WhatsApp number is not set)' };
    try {
      if (message.channel === 'whatsapp') {
        const result = await this.options.whatsapp.send(message.recipient, this.renderWhatsapp(message));
        return { status: 'sent', providerMessageId: result.providerMessageId };
      }
      const email = this.renderEmail(message);
      const attachments = await this.attachmentsOf(message, log);
      const result = await this.options.mailer.send({
        to: message.recipient,
        ...email,
        ...(attachments.length > 0 && { attachments }),
        messageId: `<outbox-${message.id}@${this.messageIdDomain}>`,
        language: message.language,
      });
      return { status: 'sent', providerMessageId: result.providerMessageId };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof DeliveryError && error.ambiguous && message.channel === 'whatsapp') {
        log.warn({ reason }, 'WhatsApp send outcome unknown: not sent again, to never send it twice');
        return { status: 'failed', error: `outcome unknown: ${reason}` };
      }
      if ((error instanceof DeliveryError && error.permanent) || message.attempts >= this.maxAttempts) {
        log.warn({ reason }, 'message given up');
        return { status: 'failed', error: reason };
      }
      log.warn({ reason }, 'message not sent; will retry');
      return { status: 'retry', error: reason };
    }
  }

  /** A booking e-mail's files; when they cannot be drawn the e-mail goes without them (they stay in my bookings). */
  private async attachmentsOf(message: ClaimedMessage, log: FastifyBaseLogger): Promise<EmailAttachment[]> {
    const bookingId = message.payload.booking_id;
    if (typeof bookingId !== 'string' || !this.options.attachments) return [];
    try {
      return await this.options.attachments(message.kind, bookingId);
    } catch (error) {
      log.error({ err: error }, 'the e-mail goes without its invoices: they could not be drawn');
      return [];
    }
  }

  private renderEmail(message: ClaimedMessage): RenderedEmail {
    const language = asLanguage(message.language);
    const linked = LINKED_EMAILS[message.kind];
    if (linked) {
      if (!message.secret) throw new Error(`the ${linked.link} is missing`);
      return linked.render(language, message.payload as unknown as PasswordResetPayload, this.options.box.open(message.secret));
    }
    if (message.kind === 'email_changed') return renderEmailChanged(language, message.payload as unknown as EmailChangedPayload);
    // Verified reviews (docs/decisions/0035).
    if (message.kind === 'review_invitation') return renderReviewInvitation(language, message.payload as unknown as ReviewInvitationPayload);
    if (message.kind === 'review_hidden') return renderReviewHidden(language, message.payload as unknown as ReviewHiddenPayload);
    const render = BOOKING_EMAILS[message.kind];
    if (!render) throw new Error(`no e-mail template for ${message.kind}`);
    return render(language, message.payload as unknown as BookingPayload);
  }

  private renderWhatsapp(message: ClaimedMessage): string {
    if (message.kind === 'admin_review_alert') return renderAdminReviewAlert(asLanguage(message.language), message.payload as unknown as ReviewAlertPayload);
    const render = BOOKING_WHATSAPPS[message.kind];
    if (!render) throw new Error(`no WhatsApp template for ${message.kind}`);
    return render(asLanguage(message.language), message.payload as unknown as BookingPayload);
  }

  private backoffMs(attempts: number): number {
    const delay = Math.min(this.backoffBaseMs * 2 ** Math.max(0, attempts - 1), this.backoffMaxMs);
    return Math.round(delay * (0.8 + Math.random() * 0.4));
  }

  /** Records the outcome, only if this claim still holds the row (same attempt, still sending). */
  private async finish(message: ClaimedMessage, outcome: Outcome): Promise<void> {
    const recorded =
      outcome.status === 'sent'
        ? await this.repository.markSent(message, outcome.providerMessageId ?? null)
        : outcome.status === 'retry'
          ? await this.repository.markRetry(message, outcome.error.slice(0, 1000), this.backoffMs(message.attempts) / 1000)
          : await this.repository.markFailed(message, outcome.error.slice(0, 1000));
    if (!recorded) {
      this.options.log.warn({ outboxId: message.id, outcome: outcome.status }, 'outbox claim lost before the outcome was recorded');
    }
  }
}

/** How often each instance looks for due messages. */
const DISPATCH_EVERY_MS = 2_000;

/**
 * The dispatcher on the configured transports (SMTP_URL or the log; WhatsApp Cloud API or the log), run every
 * DISPATCH_EVERY_MS while the app is up (config.JOBS; tests call `runOnce` themselves).
 */
export function scheduleOutboxDispatcher(
  app: FastifyInstance,
  config: Config,
  box: SecretBox,
  attachments?: OutboxDispatcherOptions['attachments'],
): OutboxDispatcher {
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new LogMailer(app.log, config.NODE_ENV !== 'production');
  const whatsapp =
    config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
      ? new CloudApiWhatsapp({ apiUrl: config.WHATSAPP_API_URL, token: config.WHATSAPP_TOKEN, phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID })
      : new LogWhatsapp(app.log);
  const dispatcher = new OutboxDispatcher({ db: app.db, mailer, whatsapp, box, mailFrom: config.MAIL_FROM, log: app.log, attachments });
  intervalJob(app, {
    name: 'outbox',
    everyMs: DISPATCH_EVERY_MS,
    enabled: config.JOBS,
    run: async () => {
      await dispatcher.runOnce();
    },
  });
  app.addHook('onClose', async () => mailer.close());
  return dispatcher;
}
