import { addDays, toEuros, type Report, type ReportFigures, type ReportGroup } from '@roomweek/contract';
import { badRequest } from '../../../lib/errors.ts';
import { reportPeriods, type Period } from './report-periods.ts';
import type { ArrivalRow, ReportsRepository, RoomFilter, StayRow } from './reports-repository.ts';

export interface ReportsServiceOptions {
  repository: ReportsRepository;
  timeZone: string;
}

/** What a period adds up, before the ratios: counts and cents. */
interface Sums {
  available: number;
  sold: number;
  held: number;
  rent: number;
  fees: number;
  taxes: number;
  bookings: number;
  cancellations: number;
  stayNights: number;
  leadDays: number;
  stripe: number;
  paypal: number;
  onSite: number;
  received: number;
  refunded: number;
}

const ZERO: Sums = { available: 0, sold: 0, held: 0, rent: 0, fees: 0, taxes: 0, bookings: 0, cancellations: 0, stayNights: 0, leadDays: 0, stripe: 0, paypal: 0, onSite: 0, received: 0, refunded: 0 };

/** a ÷ b to `digits` decimals, 0 when b is 0. */
const ratio = (a: number, b: number, digits: number) => (b === 0 ? 0 : Math.round((a / b) * 10 ** digits) / 10 ** digits);
/** cents ÷ count, rounded half up to the cent, in euros. */
const centsPer = (cents: number, count: number) => (count === 0 ? 0 : toEuros(Math.floor((2 * cents + count) / (2 * count))));

function figures(s: Sums): ReportFigures {
  return {
    nights_available: s.available,
    nights_sold: s.sold,
    nights_held: s.held,
    occupancy: ratio(s.sold, s.available, 4),
    rent: toEuros(s.rent),
    fees: toEuros(s.fees),
    taxes: toEuros(s.taxes),
    adr: centsPer(s.rent, s.sold),
    revpar: centsPer(s.rent, s.available),
    bookings: s.bookings,
    cancellations: s.cancellations,
    cancellation_rate: ratio(s.cancellations, s.bookings + s.cancellations, 4),
    average_stay_nights: ratio(s.stayNights, s.bookings, 2),
    average_lead_days: ratio(s.leadDays, s.bookings, 2),
    by_payment_method: { stripe: s.stripe, paypal: s.paypal, on_site: s.onSite },
    received: toEuros(s.received),
    refunded: toEuros(s.refunded),
  };
}

/** A period that is a whole calendar month (the rollup's unit). */
const isWholeMonth = (period: Period) => period.start.endsWith('-01') && period.end.endsWith('-01') && addDays(period.start, 27) < period.end && addDays(period.start, 31) >= period.end;

const add = (a: Sums, b: Sums): Sums => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Sums] + b[k as keyof Sums]])) as unknown as Sums;

/**
 * The owner's numbers (docs/behaviour.md §24, decision 0045): four statements over every period at once, then the
 * ratios; the total adds the periods' counts and cents before dividing, so it is never an average of averages.
 */
export class ReportsService {
  constructor(private readonly options: ReportsServiceOptions) {}

  async report(query: { from: string; to: string; group: ReportGroup; property_id?: string | undefined; room_id?: string | undefined }): Promise<Report> {
    const { repository, timeZone } = this.options;
    const periods = reportPeriods(query.from, query.to, query.group);
    if (periods.length === 0) throw badRequest('validation_error', 'The period is empty', 'to');
    const filter: RoomFilter = { propertyId: query.property_id, roomId: query.room_id };
    // Whole months come from the trigger's rollup (flat whatever the number of bookings); cut months, weeks and days
    // from the bookings themselves. The nights held, the room-nights and the money are always read as they are.
    const whole = periods.map((period) => query.group === 'month' && isWholeMonth(period));
    const monthly = periods.filter((_, index) => whole[index]);
    const daily = periods.filter((_, index) => !whole[index]);
    const [stays, held, months, arrivals, available, money] = await Promise.all([
      repository.stays(daily, filter),
      repository.stays(monthly, filter, 'held'),
      repository.months(monthly, filter),
      repository.arrivals(daily, filter),
      repository.available(periods, filter),
      repository.money(periods, filter, timeZone),
    ]);
    // Each statement numbered its own periods from 1: back to the report's.
    const at = <Row extends { i: number }>(rows: Row[], subset: Period[], period: Period) => rows.find((row) => subset[row.i - 1] === period);
    const sums: Sums[] = periods.map((period, index) => {
      const stay: Partial<StayRow> = whole[index] ? { ...at(months, monthly, period), nights_held: at(held, monthly, period)?.nights_held } : (at(stays, daily, period) ?? {});
      const arrival: Partial<ArrivalRow> = (whole[index] ? at(months, monthly, period) : at(arrivals, daily, period)) ?? {};
      const moved = money.find((row) => row.i === index + 1);
      return {
        available: available.find((row) => row.i === index + 1)?.value ?? 0,
        sold: stay.nights_sold ?? 0,
        held: stay.nights_held ?? 0,
        rent: stay.rent_cents ?? 0,
        fees: stay.fees_cents ?? 0,
        taxes: stay.taxes_cents ?? 0,
        bookings: arrival.bookings ?? 0,
        cancellations: arrival.cancellations ?? 0,
        stayNights: arrival.stay_nights ?? 0,
        leadDays: arrival.lead_days ?? 0,
        stripe: arrival.stripe ?? 0,
        paypal: arrival.paypal ?? 0,
        onSite: arrival.on_site ?? 0,
        received: moved?.received_cents ?? 0,
        refunded: moved?.refunded_cents ?? 0,
      };
    });
    return {
      from: query.from,
      to: query.to,
      group: query.group,
      // Both ends included, like the query's `from` and `to`.
      periods: periods.map((period: Period, index) => ({ start: period.start, end: addDays(period.end, -1), ...figures(sums[index]!) })),
      total: figures(sums.reduce(add, ZERO)),
    };
  }
}
