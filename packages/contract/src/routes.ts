import { z } from 'zod';
import { authRoutes } from './auth-routes.ts';
import { Booking, CreateBookingBody } from './bookings.ts';
import { CheckIn, CheckInBody } from './check-in.ts';
import { adminRoutes } from './admin-routes.ts';
import { calendarRoutes } from './calendar-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { auditRoutes, staffRoutes } from './staff.ts';
import { CancelBookingBody, CancellationPolicy, CancellationQuote } from './cancellation.ts';
import { adminErrors, ErrorResponse, IdParams, writeErrors } from './common.ts';
import { Amenity, LanguageQuery } from './content.ts';
import { paths } from './paths.ts';
import { CheckoutBody, CheckoutResponse, CreateOrderBody, CreateOrderResponse, OrderIdParams, PaymentStatusResponse, SessionIdParams, WebhookResponse } from './payments.ts';
import { Property, PropertyInput } from './properties.ts';
import { reviewRoutes } from './review-routes.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { balanceRoutes } from './balance-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { checkInRoutes } from './check-in-routes.ts';
import { defineRoute, tagByGroup, type RoutePath, type RouteSchemas } from './route.ts';
import { AvailabilityQuery, AvailabilityResponse, Room, RoomDetail, RoomInput, RoomsQuery } from './rooms.ts';
import { SearchQuery, SearchResponse } from './search.ts';
import { QuoteQuery, QuoteResponse } from './stay-schemas.ts';
import { HealthResponse, PublicConfig, ReadyResponse } from './settings.ts';

const paymentErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
};

/** The reads that answer a property's texts or a room's amenities (docs/behaviour.md §15). */
const contentSummary = (summary: string) =>
  `${summary}; texts in the language asked (?lang=, else Accept-Language) or else French (text_languages says which). ` +
  "With an admin's token, also every language's texts as written (translations, amenity_keys)";

/** One route per entry of `paths`, no more: a path without its schemas does not compile. */
type RouteTable = { [G in keyof typeof paths]: { [N in keyof (typeof paths)[G]]: RoutePath & RouteSchemas } };

/**
 * Every call of the API, declared once: the server registers its routes from here (validation, serialization,
 * OpenAPI) and the web client takes its paths and types from here.
 */
export const routes = tagByGroup({
  system: {
    health: defineRoute(paths.system.health, {
      auth: 'public',
      summary: 'Answers once the database answers',
      response: { 200: HealthResponse, 503: ErrorResponse },
    }),
    ready: defineRoute(paths.system.ready, {
      auth: 'public',
      summary: 'Readiness for a load balancer: 503 until the database answers with every migration applied, and while shutting down',
      response: { 200: ReadyResponse, 503: ErrorResponse },
    }),
    config: defineRoute(paths.system.config, {
      auth: 'public',
      summary: 'Public settings the web app needs (never a secret)',
      response: { 200: PublicConfig },
    }),
  },

  auth: authRoutes,

  security: securityRoutes,

  users: staffRoutes,

  audit: auditRoutes,

  properties: {
    list: defineRoute(paths.properties.list, {
      auth: 'public',
      summary: contentSummary('Every property'),
      querystring: LanguageQuery,
      response: { 200: z.array(Property), 400: ErrorResponse },
    }),
    get: defineRoute(paths.properties.get, {
      auth: 'public',
      summary: contentSummary('One property'),
      params: IdParams,
      querystring: LanguageQuery,
      response: { 200: Property, 400: ErrorResponse, 404: ErrorResponse },
    }),
    create: defineRoute(paths.properties.create, {
      auth: 'admin',
      summary: 'Add a property: name, description, location in French, translations in es, pt, en',
      body: PropertyInput,
      response: { 201: Property, ...writeErrors },
    }),
    update: defineRoute(paths.properties.update, {
      auth: 'admin',
      summary: 'Change a property (translations left out stay as they are)',
      params: IdParams,
      body: PropertyInput,
      response: { 200: Property, ...writeErrors },
    }),
    remove: defineRoute(paths.properties.remove, {
      auth: 'admin',
      summary: 'Archives the property and its rooms; refused (409) while a stay in it is not over',
      params: IdParams,
      response: { 204: z.null(), ...writeErrors },
    }),
  },

  amenities: {
    list: defineRoute(paths.amenities.list, {
      auth: 'public',
      summary: 'The vocabulary of amenities a room may list, each key with its label in the language asked (?lang=, else Accept-Language)',
      querystring: LanguageQuery,
      response: { 200: z.array(Amenity), 400: ErrorResponse },
    }),
  },

  search: {
    rooms: defineRoute(paths.search.rooms, {
      auth: 'public',
      summary:
        'Rooms a party can book: with start_date and end_date, only those free and within their stay rules for exactly ' +
        'that stay, with its total; filters, sort and a cursor for the next page; suggestions of nearby stays when none match',
      querystring: SearchQuery,
      response: { 200: SearchResponse, 400: ErrorResponse },
    }),
  },

  rooms: {
    list: defineRoute(paths.rooms.list, {
      auth: 'public',
      summary: contentSummary('Every room, or those of one property'),
      querystring: RoomsQuery,
      response: { 200: z.array(Room), 400: ErrorResponse },
    }),
    get: defineRoute(paths.rooms.get, {
      auth: 'public',
      summary: contentSummary('One room with the name of its property'),
      params: IdParams,
      querystring: LanguageQuery,
      response: { 200: RoomDetail, 400: ErrorResponse, 404: ErrorResponse },
    }),
    availability: defineRoute(paths.rooms.availability, {
      auth: 'public',
      summary: "Nights taken in the window (default: today to 180 days ahead), dates only; the room's stay rules and prices beside them",
      params: IdParams,
      querystring: AvailabilityQuery,
      response: { 200: AvailabilityResponse, 400: ErrorResponse, 404: ErrorResponse },
    }),
    quote: defineRoute(paths.rooms.quote, {
      auth: 'public',
      summary:
        'What a stay would cost (line by line: seasons, long-stay discount) and every stay rule it breaks; POST /bookings charges ' +
        'this very total and refuses the first rule broken. Dates as POST /bookings takes them (400 invalid_dates, date_in_past…)',
      params: IdParams,
      querystring: QuoteQuery,
      response: { 200: QuoteResponse, 400: ErrorResponse, 404: ErrorResponse },
    }),
    create: defineRoute(paths.rooms.create, {
      auth: 'admin',
      summary:
        'Add a room to a property; apply_rules_to_property also gives every room of the property its stay rules and long-stay ' +
        'tiers. 400 seasons_overlap when two seasonal periods share a night',
      body: RoomInput,
      response: { 201: Room, ...writeErrors },
    }),
    update: defineRoute(paths.rooms.update, {
      auth: 'admin',
      summary:
        'Change a room (rules, seasonal_prices, long_stay_discounts left out stay as they are); apply_rules_to_property as on ' +
        'create. 400 seasons_overlap',
      params: IdParams,
      body: RoomInput,
      response: { 200: Room, ...writeErrors },
    }),
    remove: defineRoute(paths.rooms.remove, {
      auth: 'admin',
      summary: 'Archives the room; refused (409) while a stay in it is not over',
      params: IdParams,
      response: { 204: z.null(), ...writeErrors },
    }),
  },

  bookings: {
    create: defineRoute(paths.bookings.create, {
      auth: 'user',
      summary:
        "Book a room at the server-computed price; on_site is confirmed, stripe/paypal pending with a hold. The caller's own " +
        'pending hold on the same room and dates is re-used with the new payment method (200). 409 too_many_active_bookings past ' +
        'MAX_ACTIVE_BOOKINGS_PER_USER (clients); on_site: ' +
        '403 email_not_verified before the account proved its e-mail, 409 too_many_unpaid_nights past MAX_UNPAID_NIGHTS_PER_USER, ' +
        'pending without a hold when the owner approves on-site bookings; 429 past BOOKING_RATE_LIMIT booking and payment calls a minute per account',
      body: CreateBookingBody,
      response: { 201: Booking, 200: Booking, ...writeErrors, 429: ErrorResponse },
    }),
    mine: defineRoute(paths.bookings.mine, {
      auth: 'user',
      summary: "The signed-in user's bookings",
      response: { 200: z.array(Booking), 401: ErrorResponse },
    }),
    all: defineRoute(paths.bookings.all, {
      auth: 'admin',
      summary: 'Every booking (admin)',
      response: { 200: z.array(Booking), ...writeErrors },
    }),
    cancel: defineRoute(paths.bookings.cancel, {
      auth: 'user',
      summary:
        'Cancel one of your bookings (admins: any). The refund follows the terms the booking was made under; an admin refunds ' +
        'everything by default or `refund_amount` (400 refund_too_large past what was paid). 409 booking_finished once the stay is over',
      params: IdParams,
      // Fastify hands a request without a body over as null.
      body: CancelBookingBody.nullish(),
      response: { 200: Booking, ...writeErrors },
    }),
    cancellation: defineRoute(paths.bookings.cancellation, {
      auth: 'user',
      summary: 'What cancelling now would give back (owner or admin), shown before the guest confirms',
      params: IdParams,
      response: { 200: CancellationQuote, ...writeErrors },
    }),
    checkIn: defineRoute(paths.bookings.checkIn, {
      auth: 'user',
      summary: "The booking's online check-in (its guest or an admin): arrival time, the travellers, status and what is missing",
      params: IdParams,
      response: { 200: CheckIn, 401: ErrorResponse, 404: ErrorResponse },
    }),
    saveCheckIn: defineRoute(paths.bookings.saveCheckIn, {
      auth: 'user',
      summary:
        'Saves the check-in as it stands (part-way allowed; what is left out is not kept). travellers[i] is the party\'s place i, ' +
        'adults first: 400 check_in_party_mismatch past the party, traveller_age_mismatch when a date of birth does not fit ' +
        'the place (18 or over on arrival for an adult), guardian_not_adult; 409 booking_already_cancelled, booking_finished',
      params: IdParams,
      body: CheckInBody,
      response: { 200: CheckIn, ...writeErrors },
    }),
  },

  cancellation: {
    policy: defineRoute(paths.cancellation.policy, {
      auth: 'public',
      summary: "The site's cancellation policy (a property may have its own: its cancellation_policy)",
      response: { 200: CancellationPolicy },
    }),
    updatePolicy: defineRoute(paths.cancellation.updatePolicy, {
      auth: 'admin',
      summary: "Change the site's cancellation policy; bookings already made keep their terms",
      body: CancellationPolicy,
      response: { 200: CancellationPolicy, ...adminErrors },
    }),
  },

  payments: {
    stripeWebhook: defineRoute(paths.payments.stripeWebhook, {
      auth: 'public',
      summary: 'Stripe events: checkout.session.completed / async_payment_succeeded confirm, expired releases the hold',
      response: { 200: WebhookResponse, 400: ErrorResponse, 502: ErrorResponse, 503: ErrorResponse },
    }),
    paypalWebhook: defineRoute(paths.payments.paypalWebhook, {
      auth: 'public',
      summary:
        "PayPal events, verified by PayPal's verify-webhook-signature: PAYMENT.CAPTURE.COMPLETED confirms (or refunds when the " +
        'nights were taken), PAYMENT.CAPTURE.DENIED / DECLINED release the hold (payment_failed), PENDING keeps it. Refused ' +
        'before any call to PayPal: a paypal-cert-url not https on paypal.com, a transmission time not within 5 minutes (400); ' +
        'past PAYPAL_WEBHOOK_RATE_LIMIT deliveries a minute from one address (429)',
      response: { 200: WebhookResponse, 400: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse, 503: ErrorResponse },
    }),
    checkout: defineRoute(paths.payments.checkout, {
      auth: 'user',
      summary: "Opens a Stripe Checkout Session for one of your pending card bookings; answers the page's url",
      body: CheckoutBody,
      response: { 200: CheckoutResponse, ...paymentErrors, 429: ErrorResponse },
    }),
    status: defineRoute(paths.payments.status, {
      auth: 'user',
      summary: 'Re-reads a checkout session and confirms its booking once paid (owner or admin)',
      params: SessionIdParams,
      response: { 200: PaymentStatusResponse, ...paymentErrors },
    }),
    paypalCreateOrder: defineRoute(paths.payments.paypalCreateOrder, {
      auth: 'user',
      summary: 'Creates a PayPal order for one of your pending PayPal bookings',
      body: CreateOrderBody,
      response: { 200: CreateOrderResponse, ...paymentErrors, 429: ErrorResponse },
    }),
    paypalCapture: defineRoute(paths.payments.paypalCapture, {
      auth: 'user',
      summary: 'Captures your approved PayPal order (idempotent: a repeated capture never charges twice)',
      params: OrderIdParams,
      response: { 200: PaymentStatusResponse, ...paymentErrors, 429: ErrorResponse },
    }),
  },

  admin: adminRoutes,

  calendar: calendarRoutes,

  reviews: reviewRoutes,
  invoices: invoiceRoutes,
  checkIns: checkInRoutes,
  balances: balanceRoutes,
  reports: reportRoutes,
} satisfies RouteTable);

/** The route table's type: the web client reads its schemas as types only (no zod in the browser bundle). */
export type ApiRoutes = typeof routes;
