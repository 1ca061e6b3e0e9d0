import type { PaypalMode } from '@roomweek/contract';
import type { ProviderRefund, ProviderRefundRequest, RefundProvider } from './refund-provider.ts';

export const PAYPAL_API_URLS: Record<PaypalMode, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

export interface PaypalCredentials {
  clientId: string;
  secret: string;
  mode: PaypalMode;
}

/** A refusal or failure of PayPal's API; `issue` is PayPal's first detail (`ORDER_ALREADY_CAPTURED`, `INSTRUMENT_DECLINED`…). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

interface Money {
  currency_code: string;
  value: string;
}
interface Capture {
  id: string;
  status: string;
  amount?: Money;
}
interface Order {
  id: string;
  status: string;
  purchase_units?: { reference_id?: string; custom_id?: string; amount?: Money; payments?: { captures?: Capture[] } }[];
}

/** A webhook delivery as PayPal's verify-webhook-signature call takes it. */
export interface WebhookDelivery {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /** The request body exactly as received: a JSON object. */
  rawEvent: string;
}

/** What we keep of an order: COMPLETED with a COMPLETED capture is the only "paid". */
export interface OrderState {
  id: string;
  /** CREATED, APPROVED, PAYER_ACTION_REQUIRED, COMPLETED, VOIDED… */
  status: string;
  bookingId: string | undefined;
  paid: boolean;
  /** The capture id: what a refund needs. */
  captureId: string | null;
  captureStatus: string | null;
  amountCents: number | null;
  currency: string | null;
}

const toCentsFromText = (value: string | undefined) => (value === undefined ? null : Math.round(Number(value) * 100));
export const centsToPaypalValue = (cents: number) => (cents / 100).toFixed(2);

function orderState(order: Order): OrderState {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount ?? unit?.amount;
  return {
    id: order.id,
    status: order.status,
    bookingId: unit?.custom_id ?? unit?.reference_id,
    paid: order.status === 'COMPLETED' && capture?.status === 'COMPLETED',
    captureId: capture?.id ?? null,
    captureStatus: capture?.status ?? null,
    amountCents: toCentsFromText(amount?.value),
    currency: amount?.currency_code ?? null,
  };
}

/**
 * PayPal Orders v2 over fetch: sandbox or live by the admin's paypal_mode, or `PAYPAL_API_URL` (tests).
 * The OAuth token is kept until shortly before it expires (per instance: nothing another instance needs).
 */
export class PaypalGateway implements RefundProvider<PaypalCredentials> {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly apiUrl?: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private base(credentials: PaypalCredentials): string {
    return (this.apiUrl ?? PAYPAL_API_URLS[credentials.mode]).replace(/\/+$/, '');
  }

  private async accessToken(credentials: PaypalCredentials, fresh = false): Promise<string> {
    const key = `${this.base(credentials)}|${credentials.clientId}|${credentials.secret}`;
    const cached = this.tokens.get(key);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await fetch(`${this.base(credentials)}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw await this.failure(response, 'PayPal refused the credentials');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    // A minute of margin so a token never expires between our check and PayPal's.
    const expiresAt = Date.now() + Math.max(0, body.expires_in - 60) * 1000;
    if (this.tokens.size > 4) this.tokens.clear();
    this.tokens.set(key, { token: body.access_token, expiresAt });
    return body.access_token;
  }

  private async failure(response: Response, fallback: string): Promise<PaypalError> {
    let issue: string | undefined;
    let message = fallback;
    try {
      const body = (await response.json()) as { name?: string; message?: string; details?: { issue?: string }[]; error?: string };
      issue = body.details?.[0]?.issue ?? body.name ?? body.error;
      message = body.message ?? message;
    } catch {
      // Not JSON: the status says enough.
    }
    return new PaypalError(response.status, issue, `${message} (HTTP ${response.status}${issue ? `, ${issue}` : ''})`);
  }

  private async call<T>(
    credentials: PaypalCredentials,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; rawBody?: string; requestId?: string } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(credentials, attempt > 0);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      if (method === 'POST') headers['Content-Type'] = 'application/json';
      if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
      if (method === 'POST') headers.Prefer = 'return=representation';
      const response = await fetch(`${this.base(credentials)}${path}`, {
        method,
        headers,
        body: method === 'POST' ? (options.rawBody ?? JSON.stringify(options.body ?? {})) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // An expired or revoked token: fetch a new one once.
      if (response.status === 401 && attempt === 0) continue;
      if (!response.ok) throw await this.failure(response, `PayPal ${method} ${path.split('/').slice(0, 4).join('/')} failed`);
      return (await response.json()) as T;
    }
  }

  async createOrder(
    credentials: PaypalCredentials,
    order: { bookingId: string; amountCents: number; description: string; returnUrl: string; cancelUrl: string; requestId: string },
  ): Promise<OrderState> {
    const created = await this.call<Order>(credentials, 'POST', '/v2/checkout/orders', {
      requestId: order.requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.bookingId,
            custom_id: order.bookingId,
            description: order.description.slice(0, 127),
            amount: { currency_code: 'EUR', value: centsToPaypalValue(order.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    });
    return orderState(created);
  }

  async getOrder(credentials: PaypalCredentials, orderId: string): Promise<OrderState> {
    return orderState(await this.call<Order>(credentials, 'GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
  }

  /**
   * Captures an approved order. `requestId` (derived from the booking and order) makes PayPal answer a retried
   * capture with the first capture's result instead of charging again.
   */
  async captureOrder(credentials: PaypalCredentials, orderId: string, requestId: string): Promise<OrderState> {
    try {
      return orderState(
        await this.call<Order>(credentials, 'POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId }),
      );
    } catch (error) {
      // Captured earlier (by another request id): the order itself tells what happened.
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') return this.getOrder(credentials, orderId);
      throw error;
    }
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature): the
   * transmission headers, our webhook's id, and the event exactly as it was received (spliced in raw, never
   * re-serialised, so the bytes PayPal signed are the bytes it checks). True only for `SUCCESS`.
   */
  async verifyWebhookSignature(credentials: PaypalCredentials, delivery: WebhookDelivery): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: delivery.authAlgo,
      cert_url: delivery.certUrl,
      transmission_id: delivery.transmissionId,
      transmission_sig: delivery.transmissionSig,
      transmission_time: delivery.transmissionTime,
      webhook_id: delivery.webhookId,
    });
    const rawBody = `${fields.slice(0, -1)},"webhook_event":${delivery.rawEvent}}`;
    const answer = await this.call<{ verification_status?: string }>(credentials, 'POST', '/v1/notifications/verify-webhook-signature', { rawBody });
    return answer.verification_status === 'SUCCESS';
  }

  /** Refunds `amountCents` of a capture; the PayPal-Request-Id (one per refund of ours) makes a retry a no-op at PayPal. */
  async refund(credentials: PaypalCredentials, refund: ProviderRefundRequest): Promise<ProviderRefund> {
    const answer = await this.call<{ id: string; status: string }>(
      credentials,
      'POST',
      `/v2/payments/captures/${encodeURIComponent(refund.paymentReference)}/refund`,
      {
        requestId: refund.idempotencyKey,
        // custom_id: our key again, so the order's refunds can be searched for it (findRefund).
        body: { amount: { currency_code: 'EUR', value: (refund.amountCents / 100).toFixed(2) }, custom_id: refund.idempotencyKey },
      },
    );
    return { id: answer.id, state: paypalRefundState(answer.status) };
  }

  /**
   * Our refund among the capture's refunds at PayPal, found by its `custom_id`; null when PayPal has none. PayPal
   * lists a capture's refunds on its order: the capture names the order (`supplementary_data.related_ids`).
   */
  async findRefund(credentials: PaypalCredentials, refund: ProviderRefundRequest): Promise<ProviderRefund | null> {
    const capture = await this.call<{ supplementary_data?: { related_ids?: { order_id?: string } } }>(
      credentials,
      'GET',
      `/v2/payments/captures/${encodeURIComponent(refund.paymentReference)}`,
    );
    const orderId = capture.supplementary_data?.related_ids?.order_id;
    if (!orderId) throw new Error(`PayPal named no order for capture ${refund.paymentReference}`);
    const order = await this.call<{ purchase_units?: { payments?: { refunds?: { id: string; status: string; custom_id?: string }[] } }[] }>(
      credentials,
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
    );
    const found = (order.purchase_units ?? []).flatMap((unit) => unit.payments?.refunds ?? []).find((r) => r.custom_id === refund.idempotencyKey);
    return found ? { id: found.id, state: paypalRefundState(found.status) } : null;
  }

  /** Where a refund PayPal was still processing stands now. */
  async retrieveRefund(credentials: PaypalCredentials, refundId: string): Promise<ProviderRefund> {
    const answer = await this.call<{ id: string; status: string }>(credentials, 'GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
    return { id: answer.id, state: paypalRefundState(answer.status) };
  }
}

/** PayPal's refund statuses: COMPLETED; FAILED or CANCELLED (no money moved); PENDING (still on its way). */
function paypalRefundState(status: string): ProviderRefund['state'] {
  if (status === 'COMPLETED') return 'succeeded';
  if (status === 'FAILED' || status === 'CANCELLED') return 'failed';
  return 'pending';
}
