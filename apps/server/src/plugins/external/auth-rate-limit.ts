import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { RateLimitsRepository } from '../app/auth/rate-limits-repository.ts';

const WINDOW_SECONDS = 60;

/**
 * One hit on the counter `key`: a fixed one-minute window kept in the `rate_limits` table, so that every instance
 * shares it (docs/decisions/0004-auth-rate-limit.md), advanced by one atomic upsert. Past `maxPerMinute` hits: 429
 * `rate_limited` with `Retry-After`. Every database-counted limit (auth, bookings…) goes through here.
 */
export async function countHit(
  db: Database,
  reply: FastifyReply,
  limit: { key: string; maxPerMinute: number; detail?: string },
): Promise<void> {
  const row = await new RateLimitsRepository(db).hit(limit.key, WINDOW_SECONDS);
  if (row.count > limit.maxPerMinute) {
    reply.header('retry-after', String(Math.max(1, row.retryAfter)));
    throw new AppError(429, 'rate_limited', limit.detail ?? 'Too many attempts; please wait a minute and try again');
  }
}

/** The account-access limit: a fixed one-minute window per client address (an IPv6 client by its /64). */
export function authRateLimit(db: Database, maxPerMinute: number) {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    await countHit(db, reply, { key: `auth:${clientAddressKey(request.ip)}`, maxPerMinute });
  };
}
