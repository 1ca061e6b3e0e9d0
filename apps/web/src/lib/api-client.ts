import type {
  AdminAvailability,
  AdminBookingsQuery,
  AuthResponse,
  AvailabilityResponse,
  Booking,
  BookingSummary,
  ChangePasswordBody,
  CreateBookingBody,
  ErrorResponse,
  ForgotPasswordResponse,
  LoginBody,
  PaymentStatusResponse,
  PaymentSettings,
  PaymentSettingsUpdate,
  ProfileBody,
  Property,
  PropertyInput,
  PublicConfig,
  RecoverEmailResponse,
  RegisterBody,
  Room,
  RoomDetail,
  RoomInput,
  User,
  WhatsappSettings,
} from '@roomweek/contract';
import i18n from './i18n';

export const API_BASE = '/api';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
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

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'fr',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal: options.signal ?? null });
  if (!response.ok) throw await readError(response);
  return response;
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return readBody<T>(await send(method, path, options));
}

/** `request`, for the calls that also answer in a header (the total of a paged list). */
async function requestWithHeaders<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await send(method, path, options);
  return { body: await readBody<T>(response), headers: response.headers };
}

const get = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal });
const post = <T>(path: string, body?: unknown) => request<T>('POST', path, { body });
const put = <T>(path: string, body?: unknown) => request<T>('PUT', path, { body });
const del = <T>(path: string) => request<T>('DELETE', path);

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

type Detail = { detail: string };

/** One page of a list and how many items match in all (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

async function getPage<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const { body, headers } = await requestWithHeaders<T[]>('GET', path, { signal });
  const header = headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  // Without the header (a proxy that dropped it), the page is all we know of.
  return { items: body, total: Number.isInteger(total) && total >= 0 ? total : body.length };
}

/**
 * Every call of the API (SPEC §7), typed with the contract. Features wrap these in query options and hooks;
 * nothing else calls `fetch` for /api.
 */
export const api = {
  config: (signal?: AbortSignal) => get<PublicConfig>('/config', signal),

  auth: {
    me: (signal?: AbortSignal) => get<User>('/auth/me', signal),
    login: (body: LoginBody) => post<AuthResponse>('/auth/login', body),
    register: (body: RegisterBody) => post<AuthResponse>('/auth/register', body),
    forgotPassword: (email: string) => post<ForgotPasswordResponse>('/auth/forgot-password', { email }),
    resetPassword: (token: string, newPassword: string) =>
      post<Detail>('/auth/reset-password', { token, new_password: newPassword }),
    recoverEmail: (hint: string) => post<RecoverEmailResponse>('/auth/recover-email', { hint }),
    updateProfile: (body: ProfileBody) => put<AuthResponse>('/auth/profile', body),
    changePassword: (body: ChangePasswordBody) => put<AuthResponse>('/auth/change-password', body),
  },

  properties: {
    list: (signal?: AbortSignal) => get<Property[]>('/properties', signal),
    get: (id: string, signal?: AbortSignal) => get<Property>(`/properties/${encodeURIComponent(id)}`, signal),
    create: (body: PropertyInput) => post<Property>('/properties', body),
    update: (id: string, body: PropertyInput) => put<Property>(`/properties/${encodeURIComponent(id)}`, body),
    remove: (id: string) => del<Detail>(`/properties/${encodeURIComponent(id)}`),
  },

  rooms: {
    list: (propertyId?: string, signal?: AbortSignal) =>
      get<Room[]>(`/rooms${query({ property_id: propertyId })}`, signal),
    get: (id: string, signal?: AbortSignal) => get<RoomDetail>(`/rooms/${encodeURIComponent(id)}`, signal),
    availability: (id: string, start: string, end: string, signal?: AbortSignal) =>
      get<AvailabilityResponse>(`/rooms/${encodeURIComponent(id)}/availability${query({ start, end })}`, signal),
    create: (body: RoomInput) => post<Room>('/rooms', body),
    update: (id: string, body: RoomInput) => put<Room>(`/rooms/${encodeURIComponent(id)}`, body),
    remove: (id: string) => del<Detail>(`/rooms/${encodeURIComponent(id)}`),
  },

  bookings: {
    mine: (signal?: AbortSignal) => get<Booking[]>('/bookings', signal),
    all: (signal?: AbortSignal) => get<Booking[]>('/bookings/all', signal),
    create: (body: CreateBookingBody) => post<Booking>('/bookings', body),
    cancel: (id: string) => put<Booking>(`/bookings/${encodeURIComponent(id)}/cancel`),
  },

  payments: {
    checkout: (bookingId: string, hostUrl: string) =>
      post<{ url: string }>('/payments/checkout', { booking_id: bookingId, host_url: hostUrl }),
    status: (sessionId: string, signal?: AbortSignal) =>
      get<PaymentStatusResponse>(`/payments/status/${encodeURIComponent(sessionId)}`, signal),
    paypalCreateOrder: (bookingId: string, returnUrl: string, cancelUrl: string) =>
      post<{ order_id: string }>('/payments/paypal/create-order', {
        booking_id: bookingId,
        return_url: returnUrl,
        cancel_url: cancelUrl,
      }),
    paypalCapture: (orderId: string) =>
      post<PaymentStatusResponse>(`/payments/paypal/capture/${encodeURIComponent(orderId)}`),
  },

  admin: {
    paymentSettings: (signal?: AbortSignal) => get<PaymentSettings>('/payment-settings', signal),
    updatePaymentSettings: (body: PaymentSettingsUpdate) => put<Detail>('/payment-settings', body),
    /** One page of every booking, newest first, filtered by status and by a search on name, e-mail or id. */
    bookings: ({ status, q, limit, offset }: AdminBookingsQuery, signal?: AbortSignal) =>
      getPage<Booking>(
        `/admin/bookings${query({ status, q: q || undefined, limit: limit?.toString(), offset: offset?.toString() })}`,
        signal,
      ),
    bookingSummary: (signal?: AbortSignal) => get<BookingSummary>('/admin/bookings/summary', signal),
    availability: (signal?: AbortSignal) => get<AdminAvailability>('/admin/availability', signal),
    whatsappSettings: (signal?: AbortSignal) => get<WhatsappSettings>('/admin/whatsapp-settings', signal),
    updateWhatsappSettings: (whatsappNumber: string) =>
      put<WhatsappSettings>('/admin/whatsapp-settings', { whatsapp_number: whatsappNumber }),
    upload: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<{ url: string }>('POST', '/upload', { body: form });
    },
  },
};
