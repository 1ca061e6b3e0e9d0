import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';

/** How failures slow a key down: the first `freeFailures − 1` cost nothing, then each one waits twice as long. */
export interface FailurePolicy {
  freeFailures: number;
  /** After this long without a failure the count starts again. */
  forgetSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export interface LiveCounter {
  key: string;
  count: number;
  /** Seconds until the key may try again; 0 or less when it is not slowed down. */
  blockedFor: number;
}

/**
 * The `rate_limits` table: counters every instance shares (the database is the coordinator, docs/design-notes.md#shared-state). Each change
 * is one atomic upsert, so concurrent requests on any number of instances count exactly.
 */
export class RateLimitsRepository {
  constructor(private readonly db: Executor) {}

  /** One more hit in `key`'s fixed window: the count so far in the window and the seconds left in it. */
  async hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
    const [row] = await queryRows<{ count: number; retry_after: number }>(this.db, sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
    return { count: row?.count ?? 1, retryAfter: row?.retry_after ?? windowSeconds };
  }

  /** The counters of these keys that are not over yet. */
  async live(keys: string[]): Promise<LiveCounter[]> {
    const rows = await queryRows<{ key: string; count: number; blocked_for: number | null }>(this.db, sql`
      select key, count, ceil(extract(epoch from blocked_until - now()))::int as blocked_for
      from rate_limits
      where key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and reset_at > now()`);
    return rows.map((row) => ({ key: row.key, count: row.count, blockedFor: row.blocked_for ?? 0 }));
  }

  /**
   * One more failure for `key`: from the `freeFailures`-th on, the key is blocked for
   * min(base · 2^(failures − freeFailures), max) seconds. Answers the failures counted so far.
   */
  async recordFailure(key: string, policy: FailurePolicy): Promise<number> {
    const failures = sql`(case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end)`;
    const blockedUntil = (count: typeof failures) => sql`case when ${count} >= ${policy.freeFailures}
      then now() + make_interval(secs => least(${policy.baseDelaySeconds}::float8 * power(2, least(${count} - ${policy.freeFailures}, 20)), ${policy.maxDelaySeconds}::float8))
      end`;
    const [row] = await queryRows<{ count: number }>(this.db, sql`
      insert into rate_limits (key, count, reset_at, blocked_until)
      values (${key}, 1, now() + make_interval(secs => ${policy.forgetSeconds}), ${blockedUntil(sql`1`)})
      on conflict (key) do update set
        count = ${failures},
        reset_at = excluded.reset_at,
        blocked_until = ${blockedUntil(failures)}
      returning count`);
    return row?.count ?? 1;
  }

  /** Drops these counters and keeps `remember` for `seconds` (a marker: its count says nothing). */
  async clearAndRemember(clear: string[], remember: { key: string; seconds: number }): Promise<void> {
    await queryRows(this.db, sql`
      with cleared as (delete from rate_limits where key in (${sql.join(
        clear.map((key) => sql`${key}`),
        sql`, `,
      )}))
      insert into rate_limits (key, count, reset_at) values (${remember.key}, 1, now() + make_interval(secs => ${remember.seconds}))
      on conflict (key) do update set count = 1, reset_at = excluded.reset_at, blocked_until = null`);
  }
}
