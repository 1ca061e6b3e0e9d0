import { z } from 'zod';
import { Id } from './common.ts';

export const PaymentStatus = z.enum(['paid', 'unpaid', 'pending', 'expired', 'cancelled', 'refund_pending']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CheckoutBody = z.object({ booking_id: Id, host_url: z.string().max(500).optional() });
export const CheckoutResponse = z.object({ url: z.string() });

export const CreateOrderBody = z.object({
  booking_id: Id,
  return_url: z.string().max(500).optional(),
  cancel_url: z.string().max(500).optional(),
});
export const CreateOrderResponse = z.object({ order_id: z.string() });

export const PaymentStatusResponse = z.object({ payment_status: PaymentStatus });
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>;
