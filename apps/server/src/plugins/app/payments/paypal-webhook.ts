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
  log: FastifyBaseLogger;
}

/**
 * POST /payments/webhook/paypal. PayPal itself vouches for each delivery (verify-webhook-signature, only `SUCCESS`
 * counts); the order is then re-read from PayPal (its answer, not the event body, decides), and the event id is recorded
 * in the same transaction as its effect, so a repeated or concurrent delivery takes effect once (decision 0015).
 */
export class PaypalWebhook {
  constructor(private readonly options: PaypalWebhookOptions) {}

  async receive(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ received: boolean; duplicate?: boolean }> {
    const { webhookId, providers, payments } = this.options;
    if (!webhookId) throw notConfigured('PayPal');
    const credentials = await providers.paypalCredentials();
    const delivery = this.delivery(rawBody, headers, webhookId);
    const event = this.parse(delivery.rawEvent);

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
    return { ...(values as Record<keyof typeof TRANSMISSION_HEADERS, string>), webhookId, rawEvent: rawBody.toString('utf8') };
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
