import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryRows, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

const WINDOW_SECONDS = 60;

/**
 * A fixed one-minute window per client address, counted in the database so that every instance shares it
 * (docs/decisions/0004-auth-rate-limit.md). One atomic upsert per request.
 */
export function authRateLimit(db: Database, maxPerMinute: number) {
  return async function limit(request: FastifyRequest, reply: FastifyReply) {
    const key = `auth:${request.ip}`;
    const [row] = await queryRows<{ count: number; retry_after: number }>(db, sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${WINDOW_SECONDS}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
    if (row && row.count > maxPerMinute) {
      reply.header('retry-after', String(Math.max(1, row.retry_after)));
      throw new AppError(429, 'rate_limited', 'Too many attempts; please wait a minute and try again');
    }
  };
}
