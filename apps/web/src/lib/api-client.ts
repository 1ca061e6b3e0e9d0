import {
  API_PREFIX,
  paths,
  type AdminBookingsQuery,
  type AdminCreateBookingBody,
  type BlockBody,
  type BookingSettings,
  type BusinessSettingsBody,
  type CalendarBody,
  type ApiRoutes,
  type CancelBookingBody,
  type CancellationPolicy,
  type ChangePasswordBody,
  type CheckInBody,
  type CreateBookingBody,
  type DeleteAccountBody,
  type ErrorResponse,
  type GuestsQuery,
  type Language,
  type LoginBody,
  type LoginTwoFactorBody,
  type SecuritySettings,
  type TwoFactorDisableBody,
  type PaymentSettingsUpdate,
  type ProfileBody,
  type PropertyInput,
  type RefundBody,
  type AdminReviewsQuery,
  type ReviewBody,
  type VisibilityBody,
  type AuditQuery,
  type InviteUserBody,
  type UpdateUserBody,
  type RegisterBody,
  type RoomInput,
  type SearchQuery,
  type RouteBodyInput,
  type RouteParamsInput,
  type RoutePath,
  type RouteQueryInput,
  type RouteRef,
  type RouteRefs,
  type RouteReply,
} from '@roomweek/contract';
import type { z } from 'zod';
import i18n from './i18n';

export const API_BASE = API_PREFIX;
export const TOKEN_KEY = 'token';

/** A non-2xx answer of the API: `code` is the stable error code, `detail` the server's human message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly field: string | undefined;

  constructor(status: number, body: Partial<ErrorResponse>) {
    super(body.detail || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'unknown';
    this.detail = body.detail ?? '';
    this.field = body.field;
  }
}

/**
 * How the client reaches the API: the browser's `fetch`; on the server, which renders the public pages with the
 * same code (docs/behaviour.md §16), a fetch that hands the request to the server's own routes.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch) {
  transport = next;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * The contract's route table as the browser holds it: the paths at run time, the zod schemas only as types, so
 * the first page's bundle carries no zod.
 */
const routes: RouteRefs<ApiRoutes> = paths;

/** The request headers route R declares (`undefined` where it declares none), as its schema accepts them. */
type RouteHeadersInput<R> = R extends { readonly headers: infer S extends z.ZodType } ? z.input<S> : undefined;

/**
 * What a call of route R sends: its path params, query, body and declared headers as the contract's schemas accept
 * them; a body the route declares optional may be left out.
 */
type CallInput<R> = ([RouteParamsInput<R>] extends [undefined] ? { params?: never } : { params: RouteParamsInput<R> }) &
  ([RouteQueryInput<R>] extends [undefined]
    ? { query?: never }
    : object extends RouteQueryInput<R>
      ? { query?: RouteQueryInput<R> }
      : { query: RouteQueryInput<R> }) &
  (R extends { consumes: readonly ['multipart/form-data'] }
    ? { body: FormData }
    : [RouteBodyInput<R>] extends [undefined]
      ? { body?: never }
      : undefined extends RouteBodyInput<R>
        ? { body?: RouteBodyInput<R> }
        : { body: RouteBodyInput<R> }) &
  ([RouteHeadersInput<R>] extends [undefined] ? { headers?: never } : { headers?: RouteHeadersInput<R> }) & {
    signal?: AbortSignal | undefined;
    /** Send no session even when signed in: a public read then gets the answer everyone gets. */
    anonymous?: boolean;
  };

/** The input may be left out when the route needs none. */
type CallArgs<R> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

interface SentInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
  signal?: AbortSignal | undefined;
  anonymous?: boolean;
}

async function readError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorResponse> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorResponse>;
  } catch {
    // Not JSON (a proxy error page, for instance): the status alone tells the story.
  }
  return new ApiError(response.status, body);
}

/** The declared path with its `:name` segments filled in, each URI-encoded. */
function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(route: RoutePath, { params, query, body, headers: declared = {}, signal, anonymous = false }: SentInput): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'fr',
  };
  // The route's own headers (an Idempotency-Key); one left undefined is not sent.
  for (const [name, value] of Object.entries(declared)) if (typeof value === 'string') headers[name] = value;
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = `${API_BASE}${fillPath(route.path, params)}${queryString(query)}`;
  const response = await transport(url, { method: route.method, headers, body: payload, signal: signal ?? null });
  if (!response.ok) throw await readError(response);
  return response;
}

/** The answer's JSON; `null` for an empty answer (204). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** One call of the API, typed from the contract: what it sends is checked, what it answers is the 2xx schema's type. */
async function call<R extends RoutePath>(route: RouteRef<R>, ...[input]: CallArgs<R>): Promise<RouteReply<R>> {
  return (await readBody(await send(route, (input ?? {}) as SentInput))) as RouteReply<R>;
}

/** One page of a list and how many items match in all (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

type Item<R> = RouteReply<R> extends (infer T)[] ? T : never;

/** `call`, for the paged lists that answer their total in a header. */
async function callPage<R extends RoutePath>(route: RouteRef<R>, ...[input]: CallArgs<R>): Promise<ListPage<Item<R>>> {
  const response = await send(route, (input ?? {}) as SentInput);
  const items = (await readBody(response)) as Item<R>[];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  // Without the header (a proxy that dropped it), the page is all we know of.
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

/** A file the API answers (Content-Disposition: attachment): its bytes and the name the server gives it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** `call`, for the answers meant to be saved as a file (a data export): the bytes as they came, and their name. */
async function download<R extends RoutePath>(route: RouteRef<R>, fallbackName: string, ...[input]: CallArgs<R>): Promise<DownloadedFile> {
  const response = await send(route, (input ?? {}) as SentInput);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName };
}

/**
 * How a read of content (a property's texts, a room's amenities) is asked (docs/behaviour.md §15): `language` is sent
 * as `?lang=` (else the server goes by Accept-Language); `admin` sends the session, for every language's texts as
 * written. Without it no session is sent, so the server may answer from the cache every visitor shares.
 */
export interface ContentRead {
  language?: Language;
  admin?: boolean;
  signal?: AbortSignal;
}

const contentRead = ({ language, admin = false, signal }: ContentRead) => ({ query: { lang: language }, anonymous: !admin, signal });

/**
 * Every call of the API (docs/behaviour.md §7), each through the contract's route table. Features wrap these in query options
 * and hooks; nothing else calls `fetch` for /api.
 */
export const api = {
  config: (signal?: AbortSignal) => call(routes.system.config, { signal }),

  auth: {
    me: (signal?: AbortSignal) => call(routes.auth.me, { signal }),
    login: (body: LoginBody) => call(routes.auth.login, { body }),
    /** Ends the current token on the server (204). */
    logout: (signal?: AbortSignal) => call(routes.auth.logout, { signal }),
    register: (body: RegisterBody) => call(routes.auth.register, { body }),
    forgotPassword: (email: string) => call(routes.auth.forgotPassword, { body: { email } }),
    resetPassword: (token: string, newPassword: string) =>
      call(routes.auth.resetPassword, { body: { token, new_password: newPassword } }),
    recoverEmail: (hint: string) => call(routes.auth.recoverEmail, { body: { hint } }),
    /** Proves the account's e-mail with its link's token (docs/decisions/0029). */
    verifyEmail: (token: string) => call(routes.auth.verifyEmail, { body: { token } }),
    /** E-mails the signed-in account a new verification link. */
    resendVerification: () => call(routes.auth.resendVerification, {}),
    updateProfile: (body: ProfileBody) => call(routes.auth.updateProfile, { body }),
    changePassword: (body: ChangePasswordBody) => call(routes.auth.changePassword, { body }),
    /** Everything the site holds about the signed-in user, as the JSON file to save. */
    exportData: () => download(routes.auth.exportData, 'roomweek-my-data.json'),
    /** Deletes the signed-in account (its password again); every session of it ends. */
    deleteAccount: (body: DeleteAccountBody) => call(routes.auth.deleteAccount, { body }),
  },

  /** Two-factor sign-in and signed-in devices (docs/decisions/0034). */
  security: {
    loginTwoFactor: (body: LoginTwoFactorBody) => call(routes.security.loginTwoFactor, { body }),
    setup: () => call(routes.security.twoFactorSetup, {}),
    enable: (code: string) => call(routes.security.twoFactorEnable, { body: { code } }),
    disable: (body: TwoFactorDisableBody) => call(routes.security.twoFactorDisable, { body }),
    sessions: (signal?: AbortSignal) => call(routes.security.sessions, { signal }),
    endSession: (id: string) => call(routes.security.endSession, { params: { id } }),
    endOtherSessions: () => call(routes.security.endOtherSessions, {}),
    settings: (signal?: AbortSignal) => call(routes.security.settings, { signal }),
    updateSettings: (body: SecuritySettings) => call(routes.security.updateSettings, { body }),
  },

  /** Admins and staff, and the audit log (docs/decisions/0039). */
  team: {
    list: (signal?: AbortSignal) => call(routes.users.list, { signal }),
    invite: (body: InviteUserBody) => call(routes.users.invite, { body }),
    update: (id: string, body: UpdateUserBody) => call(routes.users.update, { params: { id }, body }),
    audit: (query: Partial<AuditQuery>, signal?: AbortSignal) => call(routes.audit.list, { query, signal }),
  },

  properties: {
    list: (read: ContentRead = {}) => call(routes.properties.list, contentRead(read)),
    get: (id: string, read: ContentRead = {}) => call(routes.properties.get, { params: { id }, ...contentRead(read) }),
    create: (body: PropertyInput) => call(routes.properties.create, { body }),
    update: (id: string, body: PropertyInput) => call(routes.properties.update, { params: { id }, body }),
    remove: (id: string) => call(routes.properties.remove, { params: { id } }),
  },

  rooms: {
    list: (propertyId?: string, read: ContentRead = {}) => {
      const { query, ...rest } = contentRead(read);
      return call(routes.rooms.list, { query: { property_id: propertyId, ...query }, ...rest });
    },
    get: (id: string, read: ContentRead = {}) => call(routes.rooms.get, { params: { id }, ...contentRead(read) }),
    availability: (id: string, start: string, end: string, signal?: AbortSignal) =>
      call(routes.rooms.availability, { params: { id }, query: { start, end }, signal }),
    create: (body: RoomInput) => call(routes.rooms.create, { body }),
    update: (id: string, body: RoomInput) => call(routes.rooms.update, { params: { id }, body }),
    remove: (id: string) => call(routes.rooms.remove, { params: { id } }),
  },

  /** Rooms a party can book (GET /search, issue 26): public and shared, so no session is sent. */
  search: (query: Omit<SearchQuery, 'lang'>, read: Omit<ContentRead, 'admin'> = {}) => {
    const { query: lang, ...rest } = contentRead(read);
    return call(routes.search.rooms, { query: { ...query, ...lang }, ...rest });
  },

  /** The amenities a room may list by key, labelled in `language` (the admin's room form). */
  amenities: (read: Omit<ContentRead, 'admin'> = {}) => call(routes.amenities.list, contentRead(read)),

  bookings: {
    mine: (signal?: AbortSignal) => call(routes.bookings.mine, { signal }),
    create: (body: CreateBookingBody) => call(routes.bookings.create, { body }),
    /** A guest sends no body (the booking's terms decide); an admin may send the refund and a reason. */
    cancel: (id: string, body?: CancelBookingBody) => call(routes.bookings.cancel, { params: { id }, body }),
    /** What cancelling now would give back, before the guest confirms. */
    cancellation: (id: string, signal?: AbortSignal) => call(routes.bookings.cancellation, { params: { id }, signal }),
    /** The booking's online check-in, and saving it as it stands (part-way allowed). */
    checkIn: (id: string, signal?: AbortSignal) => call(routes.bookings.checkIn, { params: { id }, signal }),
    saveCheckIn: (id: string, body: CheckInBody) => call(routes.bookings.saveCheckIn, { params: { id }, body }),
  },

  cancellation: {
    policy: (signal?: AbortSignal) => call(routes.cancellation.policy, { signal }),
    updatePolicy: (body: CancellationPolicy) => call(routes.cancellation.updatePolicy, { body }),
  },

  payments: {
    checkout: (bookingId: string, hostUrl: string) =>
      call(routes.payments.checkout, { body: { booking_id: bookingId, host_url: hostUrl } }),
    status: (sessionId: string, signal?: AbortSignal) =>
      call(routes.payments.status, { params: { session_id: sessionId }, signal }),
    paypalCreateOrder: (bookingId: string, returnUrl: string, cancelUrl: string) =>
      call(routes.payments.paypalCreateOrder, {
        body: { booking_id: bookingId, return_url: returnUrl, cancel_url: cancelUrl },
      }),
    paypalCapture: (orderId: string) => call(routes.payments.paypalCapture, { params: { order_id: orderId } }),
  },

  admin: {
    /** The owner's answer to an on-site booking waiting for approval, with an optional message to the guest. */
    approveBooking: (id: string, message?: string) => call(routes.admin.approveBooking, { params: { id }, body: { message } }),
    declineBooking: (id: string, message?: string) => call(routes.admin.declineBooking, { params: { id }, body: { message } }),
    bookingSettings: (signal?: AbortSignal) => call(routes.admin.bookingSettings, { signal }),
    updateBookingSettings: (body: BookingSettings) => call(routes.admin.updateBookingSettings, { body }),
    paymentSettings: (signal?: AbortSignal) => call(routes.admin.paymentSettings, { signal }),
    updatePaymentSettings: (body: PaymentSettingsUpdate) => call(routes.admin.updatePaymentSettings, { body }),
    /** One page of every booking, newest first, filtered by status and by a search on name, e-mail or id. */
    bookings: ({ status, q, limit, offset }: AdminBookingsQuery, signal?: AbortSignal) =>
      callPage(routes.admin.bookings, { query: { status, q: q || undefined, limit, offset }, signal }),
    /** A stay the owner took by phone or e-mail (docs/decisions/0032). */
    createBooking: (body: AdminCreateBookingBody) => call(routes.admin.createBooking, { body }),
    bookingSummary: (signal?: AbortSignal) => call(routes.admin.bookingSummary, { signal }),
    /** A refund without cancelling; the same `idempotencyKey` answers the first refund again and moves no money. */
    refund: (id: string, body: RefundBody, idempotencyKey: string) =>
      call(routes.admin.refund, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
    availability: (signal?: AbortSignal) => call(routes.admin.availability, { signal }),
    /** One page of client accounts, newest first, searched by name, e-mail or phone. */
    guests: ({ q, limit, offset }: GuestsQuery, signal?: AbortSignal) =>
      callPage(routes.admin.guests, { query: { q: q || undefined, limit, offset }, signal }),
    /** A guest's data, as the file to hand them. */
    exportGuest: (id: string) => download(routes.admin.exportGuest, 'roomweek-guest.json', { params: { id } }),
    /** Anonymises a guest on request, with the admin's own password. */
    anonymiseGuest: (id: string, body: DeleteAccountBody) => call(routes.admin.anonymiseGuest, { params: { id }, body }),
    whatsappSettings: (signal?: AbortSignal) => call(routes.admin.whatsappSettings, { signal }),
    business: (signal?: AbortSignal) => call(routes.admin.business, { signal }),
    updateBusiness: (body: BusinessSettingsBody) => call(routes.admin.updateBusiness, { body }),
    updateWhatsappSettings: (whatsappNumber: string) =>
      call(routes.admin.updateWhatsappSettings, { body: { whatsapp_number: whatsappNumber } }),
    upload: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(routes.admin.upload, { body: form });
    },
  },

  /** Verified reviews (docs/decisions/0035): the public lists are shared by every visitor, so no session is sent. */
  reviews: {
    ofProperty: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.property, { params: { id }, query: { cursor }, anonymous: true, signal }),
    ofRoom: (id: string, cursor?: string, signal?: AbortSignal) => call(routes.reviews.room, { params: { id }, query: { cursor }, anonymous: true, signal }),
    mine: (signal?: AbortSignal) => call(routes.reviews.mine, { signal }),
    write: (bookingId: string, body: ReviewBody) => call(routes.reviews.write, { params: { id: bookingId }, body }),
    edit: (bookingId: string, body: ReviewBody) => call(routes.reviews.edit, { params: { id: bookingId }, body }),
    adminList: (query: AdminReviewsQuery, signal?: AbortSignal) => call(routes.reviews.adminList, { query, signal }),
    reply: (id: string, reply: string) => call(routes.reviews.reply, { params: { id }, body: { reply } }),
    setVisibility: (id: string, body: VisibilityBody) => call(routes.reviews.visibility, { params: { id }, body }),
  },

  /** The owner's calendar (docs/behaviour.md §14): the timeline, blocks, imported and exported iCal feeds. */
  calendar: {
    timeline: (start: string, days: number, signal?: AbortSignal) => call(routes.calendar.timeline, { query: { start, days }, signal }),
    createBlock: (roomId: string, body: BlockBody) => call(routes.calendar.createBlock, { params: { id: roomId }, body }),
    removeBlock: (roomId: string, blockId: string) => call(routes.calendar.removeBlock, { params: { id: roomId, block_id: blockId } }),
    calendars: (roomId: string, signal?: AbortSignal) => call(routes.calendar.calendars, { params: { id: roomId }, signal }),
    addCalendar: (roomId: string, body: CalendarBody) => call(routes.calendar.addCalendar, { params: { id: roomId }, body }),
    removeCalendar: (roomId: string, calendarId: string) =>
      call(routes.calendar.removeCalendar, { params: { id: roomId, calendar_id: calendarId } }),
    syncCalendar: (roomId: string, calendarId: string) =>
      call(routes.calendar.syncCalendar, { params: { id: roomId, calendar_id: calendarId } }),
    regenerateToken: (roomId: string) => call(routes.calendar.regenerateToken, { params: { id: roomId } }),
    conflicts: (signal?: AbortSignal) => call(routes.calendar.conflicts, { signal }),
  },
  /** Invoices and credit notes (docs/decisions/0037-invoices.md): the booking's guest's and the admins'. */
  invoices: {
    ofBooking: (id: string, signal?: AbortSignal) => call(routes.invoices.ofBooking, { params: { id }, signal }),
    /** A document's PDF, to save under its number. */
    pdf: (number: string) => download(routes.invoices.pdf, `${number}.pdf`, { params: { number } }),
  },
};
