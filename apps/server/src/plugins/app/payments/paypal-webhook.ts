import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../../db/client.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { OrderState, PaypalGateway, WebhookDelivery } from './paypal-gateway.ts';
import type { PaypalOrders } from './paypal-orders.ts';
import { notConfigured, providerFailed, type ProviderAccess } from './provider-access.ts';
import type { Refunds } from './refunds.ts';
import type { Settlement } from './settlement.ts';

/** The events that say how a capture ended (or that it waits): each re-reads its order from PayPal. */
const HANDLED_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED', 'PAYMENT.CAPTURE.PENDING']);

/** The transmission headers PayPal signs a delivery with, as verify-webhook-signature names them. */
const TRANSMISSION_HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

/** A delivery whose transmission time is further from now than this is refused before PayPal is asked (a replay). */
export const TRANSMISSION_TOLERANCE_MS = 5 * 60_000;

/**
 * Whether `certUrl` may be handed to PayPal to verify with: https on paypal.com or a subdomain (default port), or on the
 * origin of `PAYPAL_API_URL` when the operator points the app at another PayPal-compatible API (the tests' fake).
 */
export function trustedCertUrl(certUrl: string, apiUrl: string | undefined): boolean {
  if (!URL.canParse(certUrl)) return false;
  const url = new URL(certUrl);
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:' && url.port === '' && (host === 'paypal.com' || host.endsWith('.paypal.com'))) return true;
  return apiUrl !== undefined && URL.canParse(apiUrl) && new URL(apiUrl).origin === url.origin;
}

interface PaypalEvent {
  id: string;
  event_type: string;
  resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } };
}

export interface PaypalWebhookOptions {
  db: Database;
  payments: PaymentsRepository;
  providers: ProviderAccess;
  paypal: PaypalGateway;
  orders: PaypalOrders;
  settlement: Settlement;
  refunds: Refunds;
  /** `PAYPAL_WEBHOOK_ID`: the id PayPal gave our webhook, part of what it verifies. */
  webhookId: string | undefined;
  /** `PAYPAL_API_URL`: a PayPal-compatible API whose certificate URLs are trusted as PayPal's are. */
  apiUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * POST /payments/webhook/paypal. A delivery whose certificate URL is not PayPal's or whose transmission time is not
 * within 5 minutes is refused before any call; PayPal itself then vouches for it (verify-webhook-signature, only `SUCCESS`
 * counts); the order is then re-read from PayPal (its answer, not the event body, decides), and the event id is recorded
 * in the same transaction as its effect, so a repeated or concurrent delivery takes effect once (decision 0015).
 */
export class PaypalWebhook {
  constructor(private readonly options: PaypalWebhookOptions) {}

  async receive(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ received: boolean; duplicate?: boolean }> {
    const { webhookId, providers, payments } = this.options;
    if (!webhookId) throw notConfigured('PayPal');
    // Every check that needs no call comes first: a forged delivery costs PayPal (and us) nothing.
    const delivery = this.delivery(rawBody, headers, webhookId);
    const event = this.parse(delivery.rawEvent);
    const credentials = await providers.paypalCredentials();

    let verified: boolean;
    try {
      verified = await this.options.paypal.verifyWebhookSignature(credentials, delivery);
    } catch (error) {
      // PayPal unreachable: answer non-2xx, PayPal delivers again later.
      this.options.log.warn({ err: error, eventId: event.id }, 'could not verify a PayPal webhook');
      throw providerFailed();
    }
    if (!verified) throw badRequest('invalid_signature', 'PayPal did not verify this webhook delivery');
    if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
      // A refund completed: the refund it names is asked about now (PayPal's answer, not the event, decides).
      if (typeof event.resource?.id === 'string') await this.options.refunds.providerReported('paypal', { refundId: event.resource.id });
      return { received: true };
    }
    if (!HANDLED_EVENTS.has(event.event_type)) return { received: true };

    const orderId = await this.orderOf(event);
    const attempt = orderId ? await payments.paypalAttempt(orderId) : undefined;
    let order: OrderState | undefined;
    if (orderId && attempt) {
      try {
        order = await this.options.paypal.getOrder(credentials, orderId);
      } catch (error) {
        this.options.log.warn({ err: error, eventId: event.id }, 'could not re-read the PayPal order of a webhook');
        throw providerFailed();
      }
    }

    const result = await this.options.db.transaction(async (tx) => {
      const fresh = await payments.recordWebhookEvent(tx, {
        provider: 'paypal',
        eventId: event.id,
        eventType: event.event_type,
        bookingId: attempt?.bookingId ?? null,
      });
      if (!fresh) return { duplicate: true as const };
      // Not one of our orders (another integration on the same account): recorded, nothing else.
      if (!order || !attempt) return { duplicate: false as const };
      return { duplicate: false as const, outcome: await this.options.orders.applyIn(tx, order, attempt.bookingId) };
    });
    if ('outcome' in result && result.outcome) await this.options.settlement.afterSettle(result.outcome);
    return result.duplicate ? { received: true, duplicate: true } : { received: true };
  }

  /** The transmission headers and the body as sent; a delivery without them cannot be verified (400). */
  private delivery(rawBody: Buffer, headers: IncomingHttpHeaders, webhookId: string): WebhookDelivery {
    const values: Partial<Record<keyof typeof TRANSMISSION_HEADERS, string>> = {};
    for (const [field, name] of Object.entries(TRANSMISSION_HEADERS) as [keyof typeof TRANSMISSION_HEADERS, string][]) {
      const value = headers[name];
      if (typeof value !== 'string' || !value || value.length > 2000) throw badRequest('invalid_signature', `Missing or invalid ${name} header`);
      values[field] = value;
    }
    const delivery = { ...(values as Record<keyof typeof TRANSMISSION_HEADERS, string>), webhookId, rawEvent: rawBody.toString('utf8') };
    if (!trustedCertUrl(delivery.certUrl, this.options.apiUrl)) throw badRequest('invalid_signature', 'The paypal-cert-url header is not an https URL of PayPal');
    const sentAt = Date.parse(delivery.transmissionTime);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > TRANSMISSION_TOLERANCE_MS) {
      throw badRequest('invalid_signature', 'The paypal-transmission-time header is not within 5 minutes of now');
    }
    return delivery;
  }

  /** The event's id and type; anything else in it is only a pointer to the order, which is re-read. */
  private parse(rawEvent: string): PaypalEvent {
    let event: unknown;
    try {
      event = JSON.parse(rawEvent);
    } catch {
      throw badRequest('validation_error', 'Unreadable webhook body');
    }
    const { id, event_type: type } = (event ?? {}) as Partial<PaypalEvent>;
    if (typeof event !== 'object' || event === null || Array.isArray(event) || typeof id !== 'string' || typeof type !== 'string') {
      throw badRequest('validation_error', 'A PayPal event needs an id and an event_type');
    }
    if (id.length > 255 || type.length > 255) throw badRequest('validation_error', 'Invalid PayPal event');
    return event as PaypalEvent;
  }

  /** The order a capture event is about: named in the capture's related ids, or found by the capture's id. */
  private async orderOf(event: PaypalEvent): Promise<string | undefined> {
    const related = event.resource?.supplementary_data?.related_ids?.order_id;
    if (typeof related === 'string' && related.length <= 64) return related;
    const captureId = event.resource?.id;
    return typeof captureId === 'string' && captureId.length <= 64 ? this.options.payments.orderOfCapture(captureId) : undefined;
  }
}
