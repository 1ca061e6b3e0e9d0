import { sql, type SQL } from 'drizzle-orm';
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
  private async recordFailure(executor: Executor, key: string, policy: FailurePolicy): Promise<number> {
    const failures = sql`(case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end)`;
    const blockedUntil = (count: SQL) => this.blockedUntil(count, policy);
    const [row] = await queryRows<{ count: number }>(executor, sql`
      insert into rate_limits (key, count, reset_at, blocked_until)
      values (${key}, 1, now() + make_interval(secs => ${policy.forgetSeconds}), ${blockedUntil(sql`1`)})
      on conflict (key) do update set
        count = ${failures},
        reset_at = excluded.reset_at,
        blocked_until = ${blockedUntil(failures)}
      returning count`);
    return row?.count ?? 1;
  }

  /**
   * One more failure counted in advance for each key, unless a gated key is slowed down: answers 0 once counted, or
   * the seconds to wait (then nothing is counted). One transaction holding the keys' rows, so of attempts sent at once
   * only as many as the policy lets through are counted before one sees the key slowed down (issue 24).
   */
  async claimAttempt(keys: { key: string; policy: FailurePolicy; gated: boolean }[]): Promise<number> {
    const ordered = [...keys].sort((a, b) => a.key.localeCompare(b.key));
    const list = sql.join(
      ordered.map(({ key }) => sql`${key}`),
      sql`, `,
    );
    return this.db.transaction(async (tx) => {
      // Rows to lock; one made here means nothing (its reset_at has passed), as housekeeping expects.
      await queryRows(tx, sql`insert into rate_limits (key, count, reset_at) select k, 0, now() from unnest(array[${list}]::text[]) as k on conflict (key) do nothing`);
      const rows = await queryRows<{ key: string; blocked_for: number | null }>(tx, sql`
        select key, case when reset_at > now() then ceil(extract(epoch from blocked_until - now()))::int end as blocked_for
        from rate_limits where key in (${list}) order by key for update`);
      const wait = Math.max(0, ...rows.filter((row) => ordered.find((entry) => entry.key === row.key)?.gated).map((row) => row.blocked_for ?? 0));
      if (wait > 0) return wait;
      for (const { key, policy } of ordered) await this.recordFailure(tx, key, policy);
      return 0;
    });
  }

  /** One failure fewer for `key`: the row goes at its last one, else its wait is what the count left deserves. */
  async takeBackFailure(key: string, policy: FailurePolicy): Promise<void> {
    await queryRows(this.db, sql`
      with gone as (delete from rate_limits where key = ${key} and count <= 1 returning key)
      update rate_limits set
        count = count - 1,
        blocked_until = ${this.blockedUntil(sql`(rate_limits.count - 1)`, policy)}
      where key = ${key} and count > 1`);
  }

  /** When a key with `count` failures may try again: null under `freeFailures`, else base · 2^(count − free) at most max. */
  private blockedUntil(count: SQL, policy: FailurePolicy): SQL {
    return sql`case when ${count} >= ${policy.freeFailures}
      then now() + make_interval(secs => least(${policy.baseDelaySeconds}::float8 * power(2, least(${count} - ${policy.freeFailures}, 20)), ${policy.maxDelaySeconds}::float8))
      end`;
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
