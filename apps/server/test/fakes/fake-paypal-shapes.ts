/** The shapes of PayPal's REST resources as the fake PayPal (fake-paypal.ts) answers them. */

export interface Money {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  amount: Money;
  status_details?: { reason: string };
  custom_id?: string;
}

export interface FakePaypalRefund {
  id: string;
  captureId: string;
  amount: Money;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  requestId: string | undefined;
  customId?: string;
}

/** A PayPal webhook event about a capture, as PayPal sends it (v1 event, v2 capture resource). */
export interface FakeWebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'capture';
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: FakeCapture & { supplementary_data: { related_ids: { order_id: string } } };
}

export interface FakeOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: Money;
    payments?: { captures: FakeCapture[]; refunds?: unknown[] };
  }[];
  payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
  links: { href: string; rel: string; method: string }[];
}
