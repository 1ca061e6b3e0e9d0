import { z } from 'zod';
import { CalendarDate, DateInput, Id } from './common.ts';

export const PAYMENT_METHODS = ['stripe', 'paypal', 'on_site'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const Booking = z.object({
  id: Id,
  room_id: Id,
  user_name: z.string(),
  user_email: z.string(),
  start_date: CalendarDate,
  end_date: CalendarDate,
  total_price: z.number(),
  status: BookingStatus,
  payment_method: PaymentMethod,
  /** Why a cancelled booking was cancelled: by the guest, by an admin, or its payment hold expired. */
  cancel_reason: z.enum(['user', 'admin', 'expired']).nullable(),
  /** Set when a payment arrived for dates already taken: the admin must see the refund through. */
  refund_status: z.enum(['pending', 'refunded', 'failed']).nullable(),
  /** Until when an unpaid card or PayPal booking holds its dates. */
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  room_number: z.string(),
  property_id: Id,
  property_name: z.string(),
});
export type Booking = z.infer<typeof Booking>;

export const CreateBookingBody = z.object({
  room_id: Id,
  start_date: DateInput,
  end_date: DateInput,
  payment_method: PaymentMethod,
});
export type CreateBookingBody = z.infer<typeof CreateBookingBody>;

/** Longest stay and furthest arrival the server accepts. */
export const MAX_STAY_DAYS = 365;
export const MAX_DAYS_AHEAD = 730;
