import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { searchPattern } from '../bookings/bookings-repository.ts';

/** Rows a streamed export reads at once: memory stays flat whatever the number of rows. */
export const EXPORT_BATCH = 2000;

export interface BookingExportRow {
  id: string;
  created_at: string;
  status: string;
  cancel_reason: string | null;
  source: string;
  user_name: string;
  user_email: string;
  property_name: string;
  room_number: string;
  start_date: string;
  end_date: string;
  adults: number;
  children: number;
  payment_method: string;
  total_cents: number;
  fees_cents: number;
  taxes_cents: number;
  paid_cents: number;
  refunded_cents: number;
  balance_cents: number;
  balance_status: string;
}

export interface MoneyExportRow {
  at: string;
  day: string;
  kind: 'payment' | 'refund';
  booking_id: string;
  method: string;
  reference: string | null;
  amount_cents: number;
  status: string;
  key: string;
}

export interface TaxExportRow {
  property_name: string;
  month: string;
  code: string;
  name: string;
  stays: number;
  quantity: number;
  amount_cents: number;
}

/** The exports' queries (decision 0045): pages by keyset, never OFFSET, so each page costs the same. */
export class ExportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of bookings, newest first (then by id, the order of `bookings_created_idx`, so a page is read from the
   * index), after the key (created_at, id) of the previous page's last row.
   */
  bookings(filter: { status?: string | undefined; q?: string | undefined }, after: { createdAt: string; id: string } | null): Promise<BookingExportRow[]> {
    const q = filter.q ? searchPattern(filter.q) : null;
    return queryRows<BookingExportRow>(
      this.db,
      sql`select b.id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, b.status, b.cancel_reason, b.source,
            b.user_name, b.user_email, pr.name as property_name, r.room_number, b.start_date::text, b.end_date::text, b.adults, b.children,
            b.payment_method, b.total_cents::float8 as total_cents, b.fees_cents::float8 as fees_cents, b.taxes_cents::float8 as taxes_cents,
            b.paid_cents::float8 as paid_cents, b.refunded_cents::float8 as refunded_cents, b.balance_cents::float8 as balance_cents, b.balance_status
          from bookings b join rooms r on r.id = b.room_id join properties pr on pr.id = r.property_id
          where true
            ${filter.status ? sql`and b.status = ${filter.status}` : sql``}
            ${q ? sql`and (b.user_name ilike ${q} or b.user_email ilike ${q} or b.id::text ilike ${q})` : sql``}
            ${after ? sql`and b.created_at <= ${after.createdAt}::timestamptz and (b.created_at < ${after.createdAt}::timestamptz or b.id > ${after.id}::uuid)` : sql``}
          order by b.created_at desc, b.id
          limit ${EXPORT_BATCH}`,
    );
  }

  /** One page of payments and refunds (not failed) moved from `from` to `to` (the site's dates), in time order. */
  money(from: string, to: string, timeZone: string, after: { at: string; key: string } | null): Promise<MoneyExportRow[]> {
    return queryRows<MoneyExportRow>(
      this.db,
      sql`select * from (
            select to_char(bp.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, (bp.received_at at time zone ${timeZone})::date::text as day,
              'payment' as kind, bp.booking_id, bp.method, case when bp.method in ('stripe', 'paypal') then bp.reference end as reference,
              bp.amount_cents::float8 as amount_cents, 'received' as status, 'p' || bp.id::text as key
            from booking_payments bp
            where (bp.received_at at time zone ${timeZone})::date between ${from}::date and ${to}::date
            union all
            select to_char(pr.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), (pr.created_at at time zone ${timeZone})::date::text,
              'refund', pr.booking_id, pr.provider, pr.payment_reference, -pr.amount_cents::float8, pr.status, 'r' || pr.id::text
            from payment_refunds pr
            where pr.status <> 'failed' and (pr.created_at at time zone ${timeZone})::date between ${from}::date and ${to}::date) m
          ${after ? sql`where (m.at, m.key) > (${after.at}, ${after.key})` : sql``}
          order by m.at, m.key
          limit ${EXPORT_BATCH}`,
    );
  }

  /**
   * The taxes of confirmed stays arriving from `from` to `to`, per property, month of arrival and tax: how many stays,
   * the units counted (adult-nights for a tax per adult and night) and the amount.
   */
  taxes(from: string, to: string): Promise<TaxExportRow[]> {
    return queryRows<TaxExportRow>(
      this.db,
      sql`select pr.name as property_name, to_char(b.start_date, 'YYYY-MM') as month, line->>'code' as code,
            coalesce(line->'name'->>'fr', line->>'code') as name, count(*)::int as stays,
            sum((line->>'quantity')::int)::int as quantity, sum((line->>'amountCents')::bigint)::float8 as amount_cents
          from bookings b join rooms r on r.id = b.room_id join properties pr on pr.id = r.property_id
          cross join lateral jsonb_array_elements(b.price_lines) as line
          where b.status = 'confirmed' and b.start_date between ${from}::date and ${to}::date and line->>'kind' = 'tax'
          group by pr.id, pr.name, 2, 3, 4
          order by pr.name, pr.id, 2, 3`,
    );
  }
}
