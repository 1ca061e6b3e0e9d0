import type { FastifyBaseLogger } from 'fastify';
import { type Language } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import type { OutboxRepository } from '../notifications/outbox-repository.ts';
import type { ReviewAlertPayload, ReviewHiddenPayload, ReviewInvitationPayload } from '../notifications/review-templates.ts';
import { asLanguage } from '../notifications/templates.ts';

export interface ReviewMessagesOptions {
  outbox: OutboxRepository;
  publicUrl: string;
  /** The owner's messages are in the site's language. */
  adminLanguage: Language;
  adminWhatsappNumber: (tx: Executor) => Promise<string | null>;
  log: FastifyBaseLogger;
}

/** A guest the review messages are for. */
interface Recipient {
  userId: string;
  email: string;
  language: string;
  name: string;
}

/** The review messages, written as outbox rows in the transaction of their event (docs/decisions/0005-outbox.md). */
export class ReviewMessages {
  constructor(private readonly options: ReviewMessagesOptions) {}

  /** The invitation to review a stay: once per booking (its dedupe key), in the guest's language. */
  async invite(tx: Executor, guest: Recipient, stay: Omit<ReviewInvitationPayload, 'name' | 'site_url'>): Promise<void> {
    const payload: ReviewInvitationPayload = { ...stay, name: guest.name, site_url: this.options.publicUrl };
    await this.options.outbox.insertOnce(tx, {
      channel: 'email',
      kind: 'review_invitation',
      recipient: guest.email,
      language: asLanguage(guest.language),
      payload: { ...payload },
      dedupeKey: `review_invitation:${stay.booking_id}`,
      userId: guest.userId,
    });
  }

  /** The author is told their review was hidden, and why. */
  async hidden(tx: Executor, guest: Recipient, notice: Omit<ReviewHiddenPayload, 'name' | 'site_url'>): Promise<void> {
    const payload: ReviewHiddenPayload = { ...notice, name: guest.name, site_url: this.options.publicUrl };
    await this.options.outbox.insert(tx, {
      channel: 'email',
      kind: 'review_hidden',
      recipient: guest.email,
      language: asLanguage(guest.language),
      payload: { ...payload },
      userId: guest.userId,
    });
  }

  /** The owner's WhatsApp alert about a low rating: once per review, however often it is edited. */
  async lowRating(tx: Executor, reviewId: string, userId: string, alert: ReviewAlertPayload): Promise<void> {
    const number = await this.options.adminWhatsappNumber(tx);
    const digits = number?.replace(/\D/g, '') || null;
    if (!digits) this.options.log.warn({ reviewId }, 'no admin WhatsApp number set: the low-rating alert cannot be sent');
    await this.options.outbox.insertOnce(tx, {
      channel: 'whatsapp',
      kind: 'admin_review_alert',
      recipient: digits,
      language: this.options.adminLanguage,
      payload: { ...alert },
      dedupeKey: `admin_review_alert:${reviewId}`,
      userId,
    });
  }
}
