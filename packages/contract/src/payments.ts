import { z } from 'zod';
import { Id } from './common.ts';

/**
 * paid: the booking is confirmed. unpaid: not paid yet (the guest may still pay). pending: the provider is still
 * processing the payment. expired: the hold ran out before the money came. cancelled: the booking was cancelled.
 * refund_pending / refunded: the money came after the dates were given to someone else (or the booking was
 * cancelled), so it is being / has been given back.
 */
export const PaymentStatus = z.enum(['paid', 'unpaid', 'pending', 'expired', 'cancelled', 'refund_pending', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CheckoutBody = z.object({
  booking_id: Id,
  host_url: z.string().max(500).optional(),
  /**
   * With a deposit (issue 28): save the card so the balance is charged on its own on its due date (Stripe customer,
   * `setup_future_usage: off_session`). Ignored when the booking has no balance.
   */
  save_card: z.boolean().optional(),
});
export const CheckoutResponse = z.object({ url: z.string() });

export const CreateOrderBody = z.object({
  booking_id: Id,
  return_url: z.string().max(500).optional(),
  cancel_url: z.string().max(500).optional(),
});
export const CreateOrderResponse = z.object({ order_id: z.string() });

export const PaymentStatusResponse = z.object({ payment_status: PaymentStatus });
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>;

export const SessionIdParams = z.object({ session_id: z.string().min(1).max(255) });
export const OrderIdParams = z.object({ order_id: z.string().min(1).max(64) });
export const WebhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
