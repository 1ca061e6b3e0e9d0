import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { redactUrl } from '../../../lib/logger.ts';
import { DeliveryError } from './delivery-error.ts';

/** A file sent with an e-mail (an invoice's PDF). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** Stable per outbox row: a resend after a crash carries the same Message-ID, so mail systems can drop the copy. */
  messageId: string;
  language: string;
}

export interface Mailer {
  readonly delivery: 'smtp' | 'log';
  /** Resolves once the SMTP server accepted the message; throws a DeliveryError otherwise. */
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
}

/** The domain part of MAIL_FROM (`Name <user@domain>`), for Message-IDs. */
export function mailDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom.trim());
  return match?.[1] ?? 'localhost';
}

/** E-mail over SMTP (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`), one connection per message. */
export class SmtpMailer implements Mailer {
  readonly delivery = 'smtp' as const;
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly mailFrom: string,
  ) {}

  /** nodemailer is loaded with the first message, not at start (issue 25: memory held for nothing until then). */
  private open(): Promise<Transporter> {
    // Each wait is bounded well below the dispatcher's lease, so a live dispatcher never loses its claim mid-send.
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        { url: this.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: this.mailFrom },
      ),
    );
    return this.transport;
  }

  async send(email: OutgoingEmail) {
    try {
      const info = await (await this.open()).sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content: Buffer.from(content) })),
        messageId: email.messageId,
        headers: { 'Content-Language': email.language, 'Auto-Submitted': 'auto-generated' },
      });
      return { providerMessageId: info.messageId };
    } catch (error) {
      const smtpError = error as { permanent?: boolean; responseCode?: number; code?: string; message?: string };
      // A 5xx answer (but 503) is final; anything else (unreachable, 4xx, timeout) may pass later.
      throw new DeliveryError(`SMTP: ${smtpError.responseCode ?? smtpError.code ?? ''} ${smtpError.message ?? String(error)}`.trim(), {
        permanent: smtpError.permanent === true,
        cause: error,
      });
    }
  }

  close() {
    void this.transport?.then((transport) => transport.close());
  }
}

/** Without SMTP_URL: the message goes to the log. Outside production with its links; in production without tokens. */
export class LogMailer implements Mailer {
  readonly delivery = 'log' as const;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly revealLinks: boolean,
  ) {}

  async send(email: OutgoingEmail) {
    this.log.info(
      {
        to: email.to,
        subject: email.subject,
        text: this.revealLinks ? email.text : redactUrl(email.text),
        ...(email.attachments?.length && { attachments: email.attachments.map((attachment) => attachment.filename) }),
      },
      'e-mail logged instead of sent (no SMTP_URL)',
    );
    return { providerMessageId: email.messageId };
  }

  close() {}
}
