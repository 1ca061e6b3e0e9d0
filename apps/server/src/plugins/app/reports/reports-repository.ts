import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import type { Period } from './report-periods.ts';

/** Which rooms a report covers: all, one property's, one room. */
export interface RoomFilter {
  propertyId?: string | undefined;
  roomId?: string | undefined;
}

/** What the stays give each period (index `i`, from 1): nights, and the booked amounts spread over them, in cents. */
export interface StayRow {
  i: number;
  nights_sold: number;
  nights_held: number;
  rent_cents: number;
  fees_cents: number;
  taxes_cents: number;
}

/** The arrivals of each period. */
export interface ArrivalRow {
  i: number;
  bookings: number;
  cancellations: number;
  stay_nights: number;
  lead_days: number;
  stripe: number;
  paypal: number;
  on_site: number;
}

export interface CountRow {
  i: number;
  value: number;
}

/** The periods as a table `p(s, e, i)`: start, end (excluded), index from 1. */
const periodsTable = (periods: Period[]) =>
  sql`unnest(${`{${periods.map((p) => p.start).join(',')}}`}::date[], ${`{${periods.map((p) => p.end).join(',')}}`}::date[]) with ordinality as p(s, e, i)`;

/** The rooms' condition (alias r). */
function roomCondition(filter: RoomFilter): SQL {
  const parts = [sql`true`];
  if (filter.propertyId) parts.push(sql`r.property_id = ${filter.propertyId}`);
  if (filter.roomId) parts.push(sql`r.id = ${filter.roomId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The confirmed stays sharing a night with period `p` (alias of the enclosing query), with their amounts: an index-only
 * scan of bookings_confirmed_nights_idx (migration 0033) per period. `offset 0` keeps it a subquery: flattened into a
 * join, PostgreSQL cannot see a period's bounds when it plans the scan, and at a million bookings it read them all.
 */
const confirmedStays = (filter: RoomFilter) => sql`
  select b.start_date, b.end_date, b.end_date - b.start_date as n,
    b.total_cents - b.fees_cents - b.taxes_cents as rent, b.fees_cents as fees, b.taxes_cents as taxes
  from bookings b join rooms r on r.id = b.room_id
  where b.status = 'confirmed' and daterange(b.start_date, b.end_date, '[)') && daterange(p.s, p.e, '[)') and ${roomCondition(filter)}
  offset 0`;

/**
 * The pending stays whose hold still runs, within the periods' span: few at any size. Materialized, so their index is
 * read once for all rooms: planned per room, PostgreSQL read every pending booking's entry for each room.
 */
const heldStays = (periods: Period[]) => sql`
  select b.room_id, b.start_date, b.end_date
  from bookings b
  where b.status = 'pending' and (b.hold_expires_at is null or b.hold_expires_at > now())
    and b.start_date < ${periods.at(-1)!.end}::date and b.end_date > ${periods[0]!.start}::date`;

/**
 * The report's queries (decision 0045): each one statement over all the periods at once, reading only the rows of the
 * range (the bookings' nights through their GiST index, arrivals and money by their dates).
 */
export class ReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Nights sold (confirmed) and held (pending, hold running) per period, and the confirmed stays' rent, fees and taxes
   * spread evenly over their nights: a period gets round(amount × nights up to its end ÷ nights) less the same up to its
   * start, so a stay's parts add up to its amounts exactly. The amounts are never negative, so rounding half up is
   * integer arithmetic: (2 × amount × nights + n) ÷ 2n.
   */
  stays(periods: Period[], filter: RoomFilter, only: 'all' | 'held' = 'all'): Promise<StayRow[]> {
    if (periods.length === 0) return Promise.resolve([]);
    const share = (amount: string) =>
      sql.raw(`sum((2 * ${amount} * upto + n) / (2 * n) - (2 * ${amount} * before + n) / (2 * n))`);
    return queryRows<StayRow>(
      this.db,
      sql`with held_stays as materialized (${heldStays(periods)}),
          sold as (
            select p.i, least(b.end_date, p.e) - greatest(b.start_date, p.s) as nights, b.n, b.rent, b.fees, b.taxes,
              least(b.n, p.e - b.start_date) as upto, greatest(0, p.s - b.start_date) as before
            from ${periodsTable(periods)} cross join lateral (${confirmedStays(filter)}) b
            where ${only === 'all' ? sql`true` : sql`false`}),
          held as (
            select p.i, sum(least(b.end_date, p.e) - greatest(b.start_date, p.s)) as nights
            from ${periodsTable(periods)} join held_stays b on b.start_date < p.e and b.end_date > p.s
            join rooms r on r.id = b.room_id where ${roomCondition(filter)}
            group by p.i)
          select i::int, coalesce(sold.nights, 0)::int as nights_sold, coalesce(held.nights, 0)::int as nights_held,
            coalesce(sold.rent, 0)::float8 as rent_cents, coalesce(sold.fees, 0)::float8 as fees_cents, coalesce(sold.taxes, 0)::float8 as taxes_cents
          from (select i, sum(nights) as nights, ${share('rent')} as rent, ${share('fees')} as fees, ${share('taxes')} as taxes
                from sold group by i) sold
          full join held using (i)`,
    );
  }

  /** Room-nights of each period: the rooms not archived on each night, less the nights their blocks take (counted once). */
  async available(periods: Period[], filter: RoomFilter): Promise<CountRow[]> {
    const from = periods[0]!.start;
    const end = periods.at(-1)!.end;
    return queryRows<CountRow>(
      this.db,
      sql`with rs as (
            select r.id, coalesce((r.archived_at at time zone 'UTC')::date, 'infinity'::date) as gone
            from rooms r join properties pr on pr.id = r.property_id where ${roomCondition(filter)}),
          room_nights as (
            select p.i, coalesce(sum(greatest(0, least(p.e, rs.gone) - p.s)), 0) as nights
            from ${periodsTable(periods)} cross join rs group by p.i),
          blocked as (
            select p.i, count(distinct (bl.room_id, d.night)) as nights
            from room_blocks bl join rs on rs.id = bl.room_id
            join ${periodsTable(periods)} on bl.start_date < p.e and bl.end_date > p.s
            cross join lateral generate_series(greatest(bl.start_date, p.s), least(bl.end_date, p.e, rs.gone) - 1, interval '1 day') as d(night)
            where bl.blocking and daterange(bl.start_date, bl.end_date, '[)') && daterange(${from}::date, ${end}::date, '[)')
            group by p.i)
          select rn.i::int, (rn.nights - coalesce(blocked.nights, 0))::int as value
          from room_nights rn left join blocked on blocked.i = rn.i`,
    );
  }

  /**
   * The stays arriving in each period: confirmed ones (count, nights, days booked ahead of arrival, payment method),
   * and cancellations — stays that had been confirmed and were cancelled.
   */
  arrivals(periods: Period[], filter: RoomFilter): Promise<ArrivalRow[]> {
    if (periods.length === 0) return Promise.resolve([]);
    return queryRows<ArrivalRow>(
      this.db,
      sql`select p.i::int,
            count(*) filter (where b.status = 'confirmed')::int as bookings,
            count(*) filter (where b.status = 'cancelled')::int as cancellations,
            coalesce(sum(b.end_date - b.start_date) filter (where b.status = 'confirmed'), 0)::int as stay_nights,
            coalesce(sum(b.start_date - b.booked_on) filter (where b.status = 'confirmed'), 0)::int as lead_days,
            count(*) filter (where b.status = 'confirmed' and b.payment_method = 'stripe')::int as stripe,
            count(*) filter (where b.status = 'confirmed' and b.payment_method = 'paypal')::int as paypal,
            count(*) filter (where b.status = 'confirmed' and b.payment_method = 'on_site')::int as on_site
          from ${periodsTable(periods)} cross join lateral (
            select b.status, b.start_date, b.end_date, b.booked_on, b.payment_method
            from bookings b join rooms r on r.id = b.room_id
            where b.start_date >= p.s and b.start_date < p.e and ${roomCondition(filter)}
              and (b.status = 'confirmed' or (b.status = 'cancelled' and b.confirmed_at is not null))
            offset 0) b
          group by p.i`,
    );
  }

  /**
   * Whole months from the rollup the trigger keeps (`report_room_months`, migration 0032): per month, the confirmed
   * stays' nights and amounts and the arrivals, read as rooms × months rows whatever the number of bookings.
   */
  months(periods: Period[], filter: RoomFilter): Promise<(Omit<StayRow, 'nights_held'> & ArrivalRow)[]> {
    if (periods.length === 0) return Promise.resolve([]);
    return queryRows(
      this.db,
      sql`select p.i::int, coalesce(sum(m.nights_sold), 0)::int as nights_sold, coalesce(sum(m.rent_cents), 0)::float8 as rent_cents,
            coalesce(sum(m.fees_cents), 0)::float8 as fees_cents, coalesce(sum(m.taxes_cents), 0)::float8 as taxes_cents,
            coalesce(sum(m.arrivals), 0)::int as bookings, coalesce(sum(m.cancellations), 0)::int as cancellations,
            coalesce(sum(m.stay_nights), 0)::int as stay_nights, coalesce(sum(m.lead_days), 0)::int as lead_days,
            coalesce(sum(m.stripe), 0)::int as stripe, coalesce(sum(m.paypal), 0)::int as paypal, coalesce(sum(m.on_site), 0)::int as on_site
          from ${periodsTable(periods)}
          join report_room_months m on m.month = p.s
          join rooms r on r.id = m.room_id
          where m.month = any(${`{${periods.map((p) => p.start).join(',')}}`}::date[]) and ${roomCondition(filter)}
          group by p.i`,
    );
  }

  /** Money received (every payment) and refunded (every refund not failed) in each period, by the site's date it moved. */
  money(periods: Period[], filter: RoomFilter, timeZone: string): Promise<{ i: number; received_cents: number; refunded_cents: number }[]> {
    const from = periods[0]!.start;
    const end = periods.at(-1)!.end;
    return queryRows(
      this.db,
      sql`with moves as (
            select (bp.received_at at time zone ${timeZone})::date as day, bp.amount_cents as received, 0::bigint as refunded
            from booking_payments bp join bookings b on b.id = bp.booking_id join rooms r on r.id = b.room_id
            where bp.received_at >= (${from}::date - 1)::timestamp at time zone 'UTC' and bp.received_at < (${end}::date + 1)::timestamp at time zone 'UTC'
              and ${roomCondition(filter)}
            union all
            select (pr.created_at at time zone ${timeZone})::date, 0, pr.amount_cents
            from payment_refunds pr join bookings b on b.id = pr.booking_id join rooms r on r.id = b.room_id
            where pr.status <> 'failed'
              and pr.created_at >= (${from}::date - 1)::timestamp at time zone 'UTC' and pr.created_at < (${end}::date + 1)::timestamp at time zone 'UTC'
              and ${roomCondition(filter)})
          select p.i::int, coalesce(sum(m.received), 0)::float8 as received_cents, coalesce(sum(m.refunded), 0)::float8 as refunded_cents
          from ${periodsTable(periods)} join moves m on m.day >= p.s and m.day < p.e
          group by p.i`,
    );
  }
}
