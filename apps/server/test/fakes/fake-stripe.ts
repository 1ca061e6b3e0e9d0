import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { FakeHttpServer } from './fake-http.ts';

/** A Checkout Session as the fake keeps it (the fields of Stripe's object that our code reads, and a few more). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  url: string | null;
  payment_intent: string | null;
  /** Set when the session saves the card (`customer_creation: always`). */
  customer: string | null;
  /** `payment_intent_data[setup_future_usage]` as sent. */
  setup_future_usage: string | null;
  line_items_sent: unknown;
  livemode: false;
}

/** A PaymentIntent the fake knows: a session's once paid, or one created off-session on a saved card. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string;
  status: 'succeeded' | 'requires_payment_method' | 'requires_action';
  metadata: Record<string, string>;
  off_session: boolean;
}

/** What the next off-session charge does: goes through, is declined, or needs the guest (3-D Secure). */
export type OffSessionBehaviour = 'succeeded' | 'card_declined' | 'authentication_required';

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

type Form = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects (arrays stay objects keyed "0", "1"…). */
function parseForm(text: string): Form {
  const result: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Form = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return result;
}

const stripeError = (status: number, message: string, code?: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
});

/**
 * A local stand-in for the parts of Stripe's API we use, so the real `stripe` SDK runs against it:
 * Checkout Sessions (create, retrieve, expire), refunds, and a hosted page `/pay/:id` that pays the session and
 * redirects to its success URL, like Stripe Checkout after a card payment.
 */
export class FakeStripe extends FakeHttpServer {
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: FakeRefund[] = [];
  readonly intents = new Map<string, FakeIntent>();
  /** When > 0, that many PaymentIntent creations fail with a 500 (an outage), then they work again. */
  failIntents = 0;
  /** What the next off-session PaymentIntents do (then `succeeded` again). */
  offSession: OffSessionBehaviour[] = [];
  /** Every API request: method and path. */
  readonly requests: { method: string; path: string }[] = [];
  /** The secret key the SDK must send as its bearer token. */
  readonly secretKey = `sk_test_fake_${randomBytes(6).toString('hex')}`;
  readonly webhookSecret = `whsec_fake_${randomBytes(12).toString('hex')}`;
  /** When > 0, that many refund calls fail with a 500 (an outage, before any idempotency replay), then they work again. */
  failRefunds = 0;
  /** When > 0, that many refund calls are carried out (and remembered under their key) but answered with a 500: a lost answer. */
  loseRefundAnswers = 0;
  /** When > 0, that many reads of a payment's refunds (`GET /v1/refunds`) fail with a 500. */
  failRefundLists = 0;
  /** The status new refunds get: `pending` models a refund Stripe is still processing (then `settleRefund`). */
  newRefundStatus: FakeRefund['status'] = 'succeeded';
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private readonly signer = new Stripe('sk_test_signer_only');
  private eventCounter = 0;

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    await fake.listen();
    return fake;
  }

  /** The environment that points the server at this fake. */
  env(options: { webhook?: boolean } = { webhook: true }): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_API_URL: this.url,
      ...(options.webhook === false ? {} : { STRIPE_WEBHOOK_SECRET: this.webhookSecret }),
    };
  }

  async close(): Promise<void> {
    await this.closeServer();
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    return session;
  }

  /** The only session opened for a booking (fails when there are several). */
  sessionFor(bookingId: string): FakeSession {
    const found = [...this.sessions.values()].filter((s) => s.metadata.booking_id === bookingId);
    if (found.length !== 1) throw new Error(`expected one session for ${bookingId}, found ${found.length}`);
    return found[0]!;
  }

  /** The guest pays: the session completes with payment_status paid (whatever its state, to model a late payment). */
  markPaid(id: string): FakeSession {
    const session = this.session(id);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= `pi_fake_${randomBytes(8).toString('hex')}`;
    session.url = null;
    if (!this.intents.has(session.payment_intent)) {
      this.intents.set(session.payment_intent, {
        id: session.payment_intent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        payment_method: `pm_fake_${randomBytes(6).toString('hex')}`,
        status: 'succeeded',
        metadata: session.metadata,
        off_session: false,
      });
    }
    return session;
  }

  /** Stripe expires the session on its own (its expires_at passed). */
  expire(id: string): FakeSession {
    const session = this.session(id);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /** Stripe finishes a pending refund; answers the `refund.updated` event Stripe sends. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed') {
    const refund = this.refunds.find((r) => r.id === refundId);
    if (!refund) throw new Error(`no fake refund ${refundId}`);
    refund.status = status;
    return { ...this.event('refund.updated', undefined), data: { object: { ...refund } } };
  }

  /** Cents refunded (or being refunded) on a PaymentIntent. */
  refundedOn(paymentIntent: string): number {
    return this.refunds.filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  }

  /** A webhook event about a session, as Stripe would send it. */
  event(type: string, sessionId: string | undefined, id = `evt_fake_${++this.eventCounter}_${randomBytes(4).toString('hex')}`) {
    return {
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: sessionId ? { ...this.session(sessionId) } : {} },
    };
  }

  /** A raw webhook body and its `Stripe-Signature` header signed with `secret` (the webhook secret by default). */
  sign(event: unknown, secret = this.webhookSecret): { payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
        // Keeps the SDK from retrying a simulated outage by itself (tests drive retries).
        ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
      });
      response.end(JSON.stringify(body));
    };

    // The hosted checkout page: paying redirects to the success URL with the real session id.
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay && method === 'GET') {
      const session = this.sessions.get(pay[1]!);
      if (!session || session.status !== 'open') {
        response.writeHead(410, { 'content-type': 'text/html' });
        response.end('<h1>This checkout session is no longer available</h1>');
        return;
      }
      this.markPaid(session.id);
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      response.end();
      return;
    }

    this.requests.push({ method, path: url.pathname });
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const creatingRefund = method === 'POST' && url.pathname === '/v1/refunds';
    if (method === 'POST' && url.pathname === '/v1/payment_intents' && this.failIntents > 0) {
      this.failIntents--;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    if (creatingRefund && this.loseRefundAnswers === 0 && this.failRefunds > 0) {
      this.failRefunds--;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && method === 'POST' ? `${url.pathname}|${key}` : undefined;
    const earlier = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
    if (earlier) return send(earlier.status, earlier.body);

    const form = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString('utf8'));
    const result = this.route(method, url.pathname, form);
    if (idempotencyKey && result.status < 500) this.idempotent.set(idempotencyKey, result);
    if (creatingRefund && this.loseRefundAnswers > 0) {
      this.loseRefundAnswers--;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    send(result.status, result.body);
  }

  private route(method: string, path: string, form: Form): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(form);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one) {
      const session = this.sessions.get(one[1]!);
      if (!session) return stripeError(404, `No such checkout.session: '${one[1]}'`, 'resource_missing');
      if (method === 'GET' && !one[2]) return { status: 200, body: session };
      if (method === 'POST' && one[2]) {
        if (session.status !== 'open') {
          return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        }
        this.expire(session.id);
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(form);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(form);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch) {
      const intent = this.intents.get(intentMatch[1]!);
      return intent ? { status: 200, body: intent } : stripeError(404, `No such payment_intent: '${intentMatch[1]}'`, 'resource_missing');
    }
    if (method === 'GET' && path === '/v1/refunds') {
      if (this.failRefundLists > 0) {
        this.failRefundLists--;
        return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
      }
      return this.listRefunds(form);
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundMatch) {
      const refund = this.refunds.find((r) => r.id === refundMatch[1]);
      return refund ? { status: 200, body: refund } : stripeError(404, `No such refund: '${refundMatch[1]}'`, 'resource_missing');
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  private createSession(form: Form): { status: number; body: unknown } {
    const items = Object.values((form.line_items ?? {}) as Record<string, Form>);
    if (form.mode !== 'payment' || items.length === 0) return stripeError(400, 'Missing mode or line_items');
    if (typeof form.success_url !== 'string' || typeof form.cancel_url !== 'string') return stripeError(400, 'Missing success_url');
    let amount = 0;
    let currency = '';
    for (const item of items) {
      const price = item.price_data as Form | undefined;
      if (!price || typeof price.unit_amount !== 'string') return stripeError(400, 'Missing price_data');
      amount += Number(price.unit_amount) * Number(item.quantity ?? 1);
      currency = String(price.currency);
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = form.expires_at ? Number(form.expires_at) : now + 24 * 3600;
    // Stripe's own bounds for expires_at.
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
      return stripeError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      customer_email: (form.customer_email as string | undefined) ?? null,
      locale: (form.locale as string | undefined) ?? null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      expires_at: expiresAt,
      created: now,
      url: `${this.url}/pay/${id}`,
      payment_intent: null,
      customer: form.customer_creation === 'always' ? `cus_fake_${randomBytes(6).toString('hex')}` : null,
      setup_future_usage: ((form.payment_intent_data as Form | undefined)?.setup_future_usage as string | undefined) ?? null,
      line_items_sent: form.line_items,
      livemode: false,
    };
    this.sessions.set(id, session);
    return { status: 200, body: session };
  }

  /** `GET /v1/refunds?payment_intent=…&limit=…&starting_after=…`: newest first, as a Stripe list object. */
  private listRefunds(query: Form): { status: number; body: unknown } {
    const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10)));
    let matching = this.refunds.filter((r) => query.payment_intent === undefined || r.payment_intent === query.payment_intent).reverse();
    if (typeof query.starting_after === 'string') matching = matching.slice(matching.findIndex((r) => r.id === query.starting_after) + 1);
    return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: matching.length > limit, data: matching.slice(0, limit) } };
  }

  /**
   * `POST /v1/payment_intents` with a saved card, off-session and confirmed at once: succeeds, or answers the card error
   * Stripe sends (402 `card_error`, the PaymentIntent attached) as `offSession` says.
   */
  private createIntent(form: Form): { status: number; body: unknown } {
    if (typeof form.customer !== 'string' || typeof form.payment_method !== 'string') return stripeError(400, 'Missing customer or payment_method');
    if (form.confirm !== 'true' || form.off_session !== 'true') return stripeError(400, 'Only confirmed off-session intents are faked');
    const known = [...this.intents.values()].some((i) => i.customer === form.customer && i.payment_method === form.payment_method);
    if (!known) return stripeError(400, `No such PaymentMethod: '${form.payment_method}' for this customer`, 'resource_missing');
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'Invalid positive integer', 'parameter_invalid_integer');
    const behaviour = this.offSession.shift() ?? 'succeeded';
    const intent: FakeIntent = {
      id: `pi_fake_${randomBytes(8).toString('hex')}`,
      object: 'payment_intent',
      amount,
      amount_received: behaviour === 'succeeded' ? amount : 0,
      currency: String(form.currency),
      customer: form.customer,
      payment_method: form.payment_method,
      status: behaviour === 'succeeded' ? 'succeeded' : behaviour === 'card_declined' ? 'requires_payment_method' : 'requires_action',
      metadata: (form.metadata ?? {}) as Record<string, string>,
      off_session: true,
    };
    this.intents.set(intent.id, intent);
    if (behaviour === 'succeeded') return { status: 200, body: intent };
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: behaviour,
          message: behaviour === 'card_declined' ? 'Your card was declined.' : 'This payment requires authentication.',
          payment_intent: intent,
        },
      },
    };
  }

  private createRefund(form: Form): { status: number; body: unknown } {
    const intent = form.payment_intent;
    const paid = this.intents.get(String(intent));
    if (!paid || paid.status !== 'succeeded') return stripeError(404, `No such payment_intent: '${String(intent)}'`, 'resource_missing');
    const left = paid.amount_received - this.refundedOn(String(intent));
    if (left <= 0) return stripeError(400, `Charge for ${String(intent)} has already been refunded.`, 'charge_already_refunded');
    // Stripe refunds what is left when no amount is given, and refuses more than is left.
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'Invalid positive integer', 'parameter_invalid_integer');
    if (amount > left) {
      return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large');
    }
    const refund: FakeRefund = {
      id: `re_fake_${randomBytes(8).toString('hex')}`,
      object: 'refund',
      payment_intent: String(intent),
      amount,
      currency: paid.currency,
      status: this.newRefundStatus,
      reason: (form.reason as string | undefined) ?? null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}
