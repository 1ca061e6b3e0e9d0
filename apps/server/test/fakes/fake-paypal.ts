import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FakeCapture, FakeOrder, FakePaypalRefund, FakeWebhookEvent, Money } from './fake-paypal-shapes.ts';
import { FakeHttpServer } from './fake-http.ts';

export type { FakeCapture, FakeOrder, FakePaypalRefund, FakeWebhookEvent } from './fake-paypal-shapes.ts';

/**
 * A local stand-in for PayPal's REST API as our fetch code uses it: OAuth client-credentials tokens, Orders v2
 * (create, get, capture), capture refunds and webhook verification (verify-webhook-signature), honouring
 * `PayPal-Request-Id` like PayPal does (the same id on the same call answers the first response again, without
 * acting twice). Captures can be left PENDING, then completed or denied later, with the webhook event PayPal sends.
 */
export class FakePaypal extends FakeHttpServer {
  readonly clientId = `fake-client-${randomBytes(4).toString('hex')}`;
  readonly secret = `fake-secret-${randomBytes(8).toString('hex')}`;
  readonly orders = new Map<string, FakeOrder>();
  /** Every capture that moved money (one per real charge), PENDING ones included. */
  readonly captures: { orderId: string; captureId: string; requestId: string | undefined }[] = [];
  /** The id of the webhook registered with this fake: what verify-webhook-signature expects (`PAYPAL_WEBHOOK_ID`). */
  readonly webhookId = `WH-FAKE-${randomBytes(6).toString('hex').toUpperCase()}`;
  /** Signs webhook deliveries (PayPal signs with its certificate; the fake with a key of its own). */
  private readonly webhookKey = randomBytes(32);
  /** Every verify-webhook-signature answer given. */
  readonly verifications: ('SUCCESS' | 'FAILURE')[] = [];
  readonly refunds: FakePaypalRefund[] = [];
  /** When > 0, that many refund calls fail with a 500 (an outage, before any PayPal-Request-Id replay), then they work again. */
  failRefunds = 0;
  /** When > 0, that many refund calls are carried out (and remembered under their request id) but their answer is lost. */
  loseRefundResponses = 0;
  /** The status new refunds get: PENDING models a refund PayPal is still processing (then `settleRefund`). */
  newRefundStatus: FakePaypalRefund['status'] = 'COMPLETED';
  /** Every request: method, path and PayPal-Request-Id. */
  readonly requests: { method: string; path: string; requestId: string | undefined }[] = [];
  tokensIssued = 0;
  /** Capture, then drop the connection without answering (a response lost on the way back), this many times. */
  loseCaptureResponses = 0;
  /** The next capture is declined by the payer's bank. */
  declineNextCapture = false;
  /** The next capture takes the money but is left PENDING (an eCheck, a review): complete or deny it later. */
  pendNextCapture = false;
  private readonly tokens = new Set<string>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();

  static async start(): Promise<FakePaypal> {
    const fake = new FakePaypal();
    await fake.listen();
    return fake;
  }

  env(): Record<string, string> {
    return { PAYPAL_API_URL: this.url, PAYPAL_WEBHOOK_ID: this.webhookId };
  }

  /** The admin's payment settings that enable PayPal against this fake. */
  settings() {
    return { paypal_client_id: this.clientId, paypal_secret: this.secret, paypal_mode: 'sandbox' as const };
  }

  async close(): Promise<void> {
    await this.closeServer();
  }

  order(id: string): FakeOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no fake order ${id}`);
    return order;
  }

  /** The payer approves the order in PayPal's window. */
  approve(id: string): FakeOrder {
    const order = this.order(id);
    order.status = 'APPROVED';
    return order;
  }

  private captureOf(orderId: string): FakeCapture {
    const capture = this.order(orderId).purchase_units[0]?.payments?.captures[0];
    if (!capture) throw new Error(`fake order ${orderId} has no capture`);
    return capture;
  }

  /** PayPal finishes processing a PENDING capture: the money is in. Answers the webhook event PayPal sends. */
  completeCapture(orderId: string): FakeWebhookEvent {
    const capture = this.captureOf(orderId);
    capture.status = 'COMPLETED';
    delete capture.status_details;
    return this.captureEvent('PAYMENT.CAPTURE.COMPLETED', orderId);
  }

  /** PayPal refuses a PENDING capture (DENIED after review, or DECLINED): no money. Answers the webhook event. */
  denyCapture(orderId: string, type: 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.DECLINED' = 'PAYMENT.CAPTURE.DENIED'): FakeWebhookEvent {
    const capture = this.captureOf(orderId);
    capture.status = 'DECLINED';
    delete capture.status_details;
    return this.captureEvent(type, orderId);
  }

  /**
   * PayPal finishes a PENDING refund; answers the PAYMENT.CAPTURE.REFUNDED event PayPal sends when one completes (a
   * failed refund has no event: our reconciliation asks PayPal about it).
   */
  settleRefund(refundId: string, status: 'COMPLETED' | 'FAILED') {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`no fake refund ${refundId}`);
    refund.status = status;
    return {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'refund',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: `Refund ${status.toLowerCase()}`,
      resource: this.refundBody(refund),
    };
  }

  private refundBody(refund: FakePaypalRefund) {
    return { id: refund.id, status: refund.status, amount: refund.amount, ...(refund.customId ? { custom_id: refund.customId } : {}), links: [] };
  }

  /** Cents refunded (or being refunded) on a capture. */
  refundedOn(captureId: string): number {
    return this.refunds
      .filter((r) => r.captureId === captureId && r.status !== 'FAILED' && r.status !== 'CANCELLED')
      .reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
  }

  /** A webhook event about the order's capture, as it stands now. */
  captureEvent(type: string, orderId: string): FakeWebhookEvent {
    const capture = this.captureOf(orderId);
    return {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: type,
      summary: `Payment ${capture.status.toLowerCase()}`,
      resource: { ...structuredClone(capture), supplementary_data: { related_ids: { order_id: orderId } } },
    };
  }

  private signature(transmissionId: string, time: string, webhookId: string, body: string): string {
    const digest = createHash('sha256').update(body).digest('hex');
    return createHmac('sha256', this.webhookKey).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest('base64');
  }

  /**
   * A delivery of `event` to our webhook as PayPal makes it: the body and its transmission headers. `forgedSignature`
   * signs it with another key, as an attacker without PayPal's would.
   */
  delivery(event: unknown, options: { forgedSignature?: boolean } = {}): { payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify(event);
    const transmissionId = randomBytes(12).toString('hex');
    const time = new Date().toISOString();
    const signature = options.forgedSignature
      ? randomBytes(32).toString('base64')
      : this.signature(transmissionId, time, this.webhookId, payload);
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-FAKE`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      },
    };
  }

  /** verify-webhook-signature: SUCCESS only for a delivery signed by this fake, for this webhook id, unaltered. */
  private verifyWebhook(body: Record<string, unknown>): { status: number; body: unknown } {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    if (fields.some((field) => typeof body[field] !== 'string') || typeof body.webhook_event !== 'object' || body.webhook_event === null) {
      return unprocessable(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    }
    const expected = this.signature(
      body.transmission_id as string,
      body.transmission_time as string,
      this.webhookId,
      JSON.stringify(body.webhook_event),
    );
    const status = body.webhook_id === this.webhookId && body.auth_algo === 'SHA256withRSA' && body.transmission_sig === expected ? 'SUCCESS' : 'FAILURE';
    this.verifications.push(status);
    return { status: 200, body: { verification_status: status } };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    const header = request.headers['paypal-request-id'];
    const requestId = typeof header === 'string' ? header : undefined;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
      response.end(JSON.stringify(body));
    };

    // PayPal's approval page: approves and returns to the site with ?token=<order id>, like the redirect flow.
    if (method === 'GET' && url.pathname === '/checkoutnow') {
      const order = this.orders.get(url.searchParams.get('token') ?? '');
      const returnUrl = order?.payment_source?.paypal?.experience_context?.return_url;
      if (!order || !returnUrl) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      this.approve(order.id);
      const target = new URL(returnUrl);
      target.searchParams.set('token', order.id);
      target.searchParams.set('PayerID', 'FAKEPAYER1');
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }

    this.requests.push({ method, path: url.pathname, requestId });
    if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || !/grant_type=client_credentials/.test(text)) {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      this.tokens.add(token);
      this.tokensIssued++;
      return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: 'n' });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) {
      return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const refunding = method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(url.pathname);
    if (refunding && this.loseRefundResponses === 0 && this.failRefunds > 0) {
      this.failRefunds--;
      return send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' });
    }
    const idempotencyKey = method === 'POST' && requestId ? `${url.pathname}|${requestId}` : undefined;
    const earlier = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (earlier) return send(earlier.status, earlier.body);

    const result = this.route(method, url.pathname, text ? (JSON.parse(text) as Record<string, unknown>) : {}, requestId);
    if (idempotencyKey && result.status < 500) this.idempotent.set(idempotencyKey, result);
    if (refunding && this.loseRefundResponses > 0) {
      this.loseRefundResponses--;
      response.destroy();
      return;
    }
    if (result.loseResponse) {
      response.destroy();
      return;
    }
    send(result.status, result.body);
  }

  private route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    requestId: string | undefined,
  ): { status: number; body: unknown; loseResponse?: boolean } {
    if (method === 'POST' && path === '/v2/checkout/orders') return this.createOrder(body);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return this.verifyWebhook(body);
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = this.orders.get(orderMatch[1]!);
      if (!order) return unprocessable(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: this.orderBody(order) };
      if (method === 'POST' && orderMatch[2]) return this.capture(order, requestId);
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch) return this.refund(refundMatch[1]!, body, requestId);
    const captureRead = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (method === 'GET' && captureRead) {
      const charged = this.captures.find((c) => c.captureId === captureRead[1]);
      if (!charged) return unprocessable(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return { status: 200, body: { ...this.captureOf(charged.orderId), supplementary_data: { related_ids: { order_id: charged.orderId } } } };
    }
    const refundRead = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundRead) {
      const refund = this.refunds.find((r) => r.id === refundRead[1]);
      return refund ? { status: 200, body: this.refundBody(refund) } : unprocessable(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }
    return unprocessable(404, 'NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  /** An order as PayPal shows it: each purchase unit's payments list its captures' refunds too. */
  private orderBody(order: FakeOrder): FakeOrder {
    const shown = structuredClone(order);
    for (const unit of shown.purchase_units) {
      if (!unit.payments) continue;
      const captureIds = new Set(unit.payments.captures.map((c) => c.id));
      const refunds = this.refunds.filter((r) => captureIds.has(r.captureId)).map((r) => this.refundBody(r));
      if (refunds.length > 0) unit.payments.refunds = refunds;
    }
    return shown;
  }

  /** Refunds part (`amount`) or the rest of a completed capture; never more than is left on it. */
  private refund(captureId: string, body: Record<string, unknown>, requestId: string | undefined): { status: number; body: unknown } {
    const charged = this.captures.find((c) => c.captureId === captureId);
    if (!charged) return unprocessable(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const capture = this.captureOf(charged.orderId);
    // PayPal refunds only a completed capture.
    if (capture.status !== 'COMPLETED') return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID');
    const left = Math.round(Number(capture.amount.value) * 100) - this.refundedOn(captureId);
    if (left <= 0) return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    const asked = body.amount as Money | undefined;
    const cents = asked ? Math.round(Number(asked.value) * 100) : left;
    if (asked && asked.currency_code !== capture.amount.currency_code) return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH');
    if (!(cents > 0) || cents > left) return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    const refund: FakePaypalRefund = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      captureId,
      amount: { currency_code: capture.amount.currency_code, value: (cents / 100).toFixed(2) },
      status: this.newRefundStatus,
      requestId,
      ...(typeof body.custom_id === 'string' ? { customId: body.custom_id } : {}),
    };
    this.refunds.push(refund);
    return { status: 201, body: this.refundBody(refund) };
  }

  private createOrder(body: Record<string, unknown>): { status: number; body: unknown } {
    const units = body.purchase_units as FakeOrder['purchase_units'] | undefined;
    const amount = units?.[0]?.amount;
    if (body.intent !== 'CAPTURE' || !amount || !/^\d+(\.\d{2})?$/.test(amount.value)) {
      return unprocessable(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    }
    const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
    const source = body.payment_source as FakeOrder['payment_source'];
    const order: FakeOrder = {
      id,
      intent: 'CAPTURE',
      status: source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: units,
      ...(source ? { payment_source: source } : {}),
      links: [
        { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
      ],
    };
    this.orders.set(id, order);
    return { status: 200, body: order };
  }

  private capture(order: FakeOrder, requestId: string | undefined): { status: number; body: unknown; loseResponse?: boolean } {
    if (order.status === 'COMPLETED') return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (this.declineNextCapture) {
      this.declineNextCapture = false;
      return unprocessable(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    }
    const captureId = randomBytes(8).toString('hex').toUpperCase();
    const unit = order.purchase_units[0]!;
    const pending = this.pendNextCapture;
    this.pendNextCapture = false;
    unit.payments = {
      captures: [
        {
          id: captureId,
          status: pending ? 'PENDING' : 'COMPLETED',
          amount: unit.amount,
          ...(pending ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        },
      ],
    };
    order.status = 'COMPLETED';
    this.captures.push({ orderId: order.id, captureId, requestId });
    const loseResponse = this.loseCaptureResponses > 0;
    if (loseResponse) this.loseCaptureResponses--;
    return { status: 201, body: structuredClone(order), loseResponse };
  }
}

function unprocessable(status: number, name: string, issue: string) {
  return { status, body: { name, message: `The requested action could not be performed (${issue}).`, details: [{ issue, description: issue }] } };
}
