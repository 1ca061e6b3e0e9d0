import { z } from 'zod';
import { BookingStatus } from './bookings.ts';
import { ADMIN_SEARCH_MAX_LENGTH } from './booking-rules.ts';
import { CalendarDate, Id } from './common.ts';
import { daysBetween } from './dates.ts';

/** The owner's numbers (issue 30, docs/decisions/0045-reports.md). */
export const REPORT_GROUPS = ['month', 'week', 'day'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest range a report covers at once: three years (a leap day included). */
export const MAX_REPORT_DAYS = 3 * 366;

/** `GET /admin/reports`: the site's dates `from` to `to`, both included. */
export const ReportQuery = z
  .object({
    from: CalendarDate,
    to: CalendarDate,
    property_id: Id.optional(),
    room_id: Id.optional(),
    group: z.enum(REPORT_GROUPS).default('month'),
  })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_REPORT_DAYS, { message: `At most ${MAX_REPORT_DAYS} days at once`, path: ['to'] });
export type ReportQuery = z.input<typeof ReportQuery>;

/**
 * The figures of a period (or of the whole range). Nights are the site's dates; money in euros. `rent`, `fees`, `taxes`:
 * the booked amounts of confirmed stays, each stay's spread evenly over its nights; `received`, `refunded`: money by
 * the date it moved. Definitions in docs/behaviour.md §24.
 */
export const ReportFigures = z.object({
  nights_available: z.number().int(),
  nights_sold: z.number().int(),
  /** Nights of pending bookings whose hold still runs, listed apart (not in `nights_sold` nor `occupancy`). */
  nights_held: z.number().int(),
  occupancy: z.number(),
  rent: z.number(),
  fees: z.number(),
  taxes: z.number(),
  adr: z.number(),
  revpar: z.number(),
  bookings: z.number().int(),
  cancellations: z.number().int(),
  cancellation_rate: z.number(),
  average_stay_nights: z.number(),
  average_lead_days: z.number(),
  by_payment_method: z.object({ stripe: z.number().int(), paypal: z.number().int(), on_site: z.number().int() }),
  received: z.number(),
  refunded: z.number(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const ReportPeriod = ReportFigures.extend({ start: CalendarDate, end: CalendarDate });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const Report = z.object({
  from: CalendarDate,
  to: CalendarDate,
  group: z.enum(REPORT_GROUPS),
  periods: z.array(ReportPeriod),
  total: ReportFigures,
});
export type Report = z.infer<typeof Report>;

/** `GET /admin/exports/bookings.csv`: the bookings screen's filters. */
export const BookingsExportQuery = z.object({
  status: BookingStatus.optional(),
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional(),
});

/** `GET /admin/exports/payments.csv` and `taxes.csv`: a period of the site's dates (at most three years). */
export const ExportPeriodQuery = z
  .object({ from: CalendarDate, to: CalendarDate })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < MAX_REPORT_DAYS, { message: `At most ${MAX_REPORT_DAYS} days at once`, path: ['to'] });
