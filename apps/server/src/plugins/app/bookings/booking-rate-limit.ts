import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { signedInUser } from '../auth/authorization.ts';
import { countHit } from '../../external/auth-rate-limit.ts';

/**
 * `BOOKING_RATE_LIMIT`: booking and payment calls (POST /bookings, checkout, PayPal create-order and capture) share one
 * counter per account, in the database like the auth limit, so N instances still allow the limit once
 * (docs/decisions/0015-booking-limits-and-paypal-pending.md). Runs after `authenticate`.
 */
export function bookingRateLimit(db: Database, maxPerMinute: number) {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    await countHit(db, reply, {
      key: `booking:${signedInUser(request).id}`,
      maxPerMinute,
      detail: 'Too many booking or payment requests from this account; please wait a minute and try again',
    });
  };
}
