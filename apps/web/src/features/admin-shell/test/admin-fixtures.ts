import {
  AdminAvailability,
  Booking,
  calendarDateIn,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_TERMS,
  NO_STAY_RULES,
  PaymentSettings,
  Property,
  Report,
  ReportFigures,
  Room,
  Timeline,
  type BookingSummary,
  type BookingPayment,
  type CancellationPolicy,
  type PaymentTerms,
  type User,
  type TeamMember,
} from '@roomweek/contract';
import frenchAmenities from '../../../../../../packages/i18n/locales/fr/amenities.json';
import { mockApi, type MockRoutes } from '../../../../test/api-mock';
import { admin, booking, config, property } from '../../../../test/fixtures';
import { bookingSummary, bookingsPage } from './fake-bookings';

/** GET /amenities in French (docs/behaviour.md §15): the room form's vocabulary. */
export const AMENITIES = Object.entries(frenchAmenities).map(([key, label]) => ({ key, label }));

/** The fixtures are parsed with the contract's schemas: a field the server would not answer fails here. */
export const PROPERTY_A: Property = Property.parse({ ...property, id: 'aaaaaaaa-0000-4000-8000-000000000001', latitude: 50.85, longitude: 4.35 });

export const PROPERTY_B: Property = Property.parse({
  ...PROPERTY_A,
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  name: 'Villa Sablon',
  location: 'Ixelles',
  latitude: null,
  longitude: null,
});

export function adminRoom(overrides: Partial<Room> = {}): Room {
  return Room.parse({
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    property_id: PROPERTY_A.id,
    room_number: '101',
    price_per_week: 350,
    max_guests: 2,
    amenities: [],
    text_languages: { amenities: [] },
    photos: [],
    rules: NO_STAY_RULES,
    seasonal_prices: [],
    long_stay_discounts: [],
    fees: null,
    ...overrides,
  });
}

let counter = 0;
/** A booking of room 101 of PROPERTY_A, as the admin's calls answer it: the shared fixture's, with its own id. */
export function adminBooking(overrides: Partial<Booking> = {}): Booking {
  counter += 1;
  const room = adminRoom();
  return Booking.parse(
    booking({
      id: `cccccccc-${String(counter).padStart(4, '0')}-4000-8000-000000000000`,
      room_id: room.id,
      total_price: 350,
      room_number: room.room_number,
      property_id: PROPERTY_A.id,
      property_name: PROPERTY_A.name,
      ...overrides,
    }),
  );
}

export const PAYMENT_SETTINGS: PaymentSettings = PaymentSettings.parse({
  stripe_api_key_masked: 'sk_live_••••••••4242',
  has_stripe: true,
  has_stripe_webhook: false,
  paypal_client_id: '',
  paypal_secret_masked: '',
  has_paypal: false,
  paypal_mode: 'sandbox',
  unreadable: [],
});

/** A report's figures (issue 30): nothing sold unless given. */
export function reportFigures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return ReportFigures.parse({
    nights_available: 0, nights_sold: 0, nights_held: 0, occupancy: 0, rent: 0, fees: 0, taxes: 0, adr: 0, revpar: 0,
    bookings: 0, cancellations: 0, cancellation_rate: 0, average_stay_nights: 0, average_lead_days: 0,
    by_payment_method: { stripe: 0, paypal: 0, on_site: 0 }, received: 0, refunded: 0,
    ...overrides,
  });
}

export interface AdminData {
  user?: User;
  properties?: Property[];
  rooms?: Room[];
  /**
   * Every booking of the site, read at each call (tests may change them): GET /admin/bookings pages them,
   * GET /admin/bookings/summary counts them by status, GET /admin/availability answers them as they are.
   */
  bookings?: Booking[];
  /** The summary's money figures, as the server would answer them for `bookings` (zero unless given). */
  money?: Partial<BookingSummary>;
  /** The server's today (GET /admin/availability); by default today in the site's time zone. */
  today?: string;
  /** GET /cancellation-policy; by default the default terms. */
  cancellationPolicy?: CancellationPolicy;
  /** GET /admin/users: the admins and staff (none by default). */
  team?: TeamMember[];
  /** GET /payment-terms (issue 28); by default the default terms. */
  paymentTerms?: PaymentTerms;
  /** GET /admin/bookings/{id}/payments by booking id (none by default). */
  payments?: Record<string, BookingPayment[]>;
}

/**
 * A fake API for the admin screens, signed in as the admin; `extra` adds or overrides routes. It has no
 * GET /bookings/all: an admin screen that asked for every booking would get a 404 (and the request log shows it).
 */
export function mockAdminApi(data: AdminData = {}, extra: MockRoutes = {}) {
  const bookings = () => data.bookings ?? [];
  return mockApi({
    'GET /config': () => config,
    'GET /auth/me': () => data.user ?? admin,
    'GET /properties': () => data.properties ?? [PROPERTY_A, PROPERTY_B],
    'GET /rooms': () => data.rooms ?? [],
    'GET /admin/bookings': ({ query }) => bookingsPage(bookings(), query),
    'GET /admin/bookings/summary': () => bookingSummary(bookings(), data.money),
    'GET /cancellation-policy': () => data.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
    // The cancellation-policy screen's switch "on-site bookings wait for my approval" (decision 0029).
    'GET /admin/booking-settings': () => ({ on_site_requires_approval: false }),
    'GET /amenities': () => AMENITIES,
    'GET /admin/availability': () => AdminAvailability.parse({ today: data.today ?? calendarDateIn(config.site_time_zone), bookings: bookings() }),
    // The calendar (docs/behaviour.md §14): the rooms on the timeline, nothing booked or blocked, no conflict.
    'GET /admin/timeline': ({ query }) => {
      const today = data.today ?? calendarDateIn(config.site_time_zone);
      const rooms = data.rooms ?? [];
      const properties = data.properties ?? [PROPERTY_A, PROPERTY_B];
      return Timeline.parse({
        today,
        start: query.get('start') ?? today,
        days: Number(query.get('days') ?? 28),
        properties: properties.filter((property) => rooms.some((room) => room.property_id === property.id)).map(({ id, name }) => ({ id, name })),
        rooms: rooms.map((room) => ({ id: room.id, property_id: room.property_id, room_number: room.room_number, ical_export_url: `http://localhost/api/ical/${room.id.replace(/-/g, '')}.ics` })),
        bookings: [],
        blocks: [],
      });
    },
    'GET /admin/calendar-conflicts': () => [],
    // Admins and staff, the audit log (docs/decisions/0039).
    'GET /admin/users': () => data.team ?? [],
    'GET /admin/audit': () => ({ entries: [], next_cursor: null }),
    // Deposits and balances (issue 28): the site's terms, a booking's payments, the overdue balances (from `bookings`).
    'GET /payment-terms': () => data.paymentTerms ?? DEFAULT_PAYMENT_TERMS,
    'GET /admin/bookings/:id/payments': ({ params }) => data.payments?.[params.id] ?? [],
    'GET /admin/balances/overdue': () =>
      bookings()
        .filter((booking) => booking.status === 'confirmed' && booking.balance_status === 'overdue')
        .map((booking) => ({
          booking_id: booking.id,
          user_name: booking.user_name,
          room_number: booking.room_number,
          property_name: booking.property_name,
          start_date: booking.start_date,
          balance_amount: booking.balance_amount,
          balance_due_date: booking.balance_due_date ?? booking.start_date,
        })),
    // The owner's numbers (issue 30): the range asked, as one period with nothing sold.
    'GET /admin/reports': ({ query }) => {
      const [from, to] = [query.get('from')!, query.get('to')!];
      return Report.parse({ from, to, group: query.get('group') ?? 'month', periods: [{ start: from, end: to, ...reportFigures() }], total: reportFigures() });
    },
    ...extra,
  });
}

/**
 * `PUT /bookings/:id/cancel` as the server does it on these fixture bookings: the booking is cancelled by the admin,
 * with the refund sent (by default everything still refundable), settled at once.
 */
export const cancelRoute = (bookings: Booking[]): MockRoutes => ({
  'PUT /bookings/:id/cancel': ({ params, body }) => {
    const booking = bookings.find((b) => b.id === params.id);
    if (!booking) return { status: 404, body: { detail: 'Booking not found', code: 'booking_not_found' } };
    const refund = body?.refund_amount ?? booking.paid_amount - booking.refund_amount;
    Object.assign(booking, {
      status: 'cancelled',
      cancel_reason: 'admin',
      cancelled_by: 'admin',
      refund_amount: booking.refund_amount + refund,
      refund_status: refund > 0 ? 'succeeded' : booking.refund_status,
    });
    return booking;
  },
});

/** A save (`PUT /rooms/:id`, `PUT /properties/:id`) answering `saved` with the body's fields; each body is kept in `sent`. */
export const recordedSave = <K extends 'PUT /rooms/:id' | 'PUT /properties/:id'>(
  route: K,
  saved: K extends 'PUT /rooms/:id' ? Room : Property,
  sent: unknown[],
): MockRoutes =>
  ({
    [route]: ({ body }: { body: unknown }) => {
      sent.push(body);
      return { ...saved, ...(body as object) };
    },
  }) as MockRoutes;

export const ADMIN_TOKEN = 'admin-token';

/**
 * The first screen of a test waits for lazy code and the admin translations: give it time. A lazy admin page
 * compiles on first use; in a clean clone, with every test file transforming at once, that took over 8 s in CI.
 */
export const LOAD = { timeout: 25_000 };
