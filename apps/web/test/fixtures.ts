import {
  calendarDateIn,
  DEFAULT_CANCELLATION_POLICY,
  NO_STAY_RULES,
  type AvailabilityResponse,
  type BookedRange,
  type Booking,
  type Property,
  type PublicConfig,
  type RoomDetail,
  type User,
} from '@roomweek/contract';

export const config: PublicConfig = {
  whatsapp_number: '+32 470 12-34-56',
  paypal_client_id: '',
  paypal_mode: 'sandbox',
  stripe_enabled: false,
  paypal_enabled: false,
  map_tile_url: 'https://tile.example/{z}/{x}/{y}.png',
  default_language: 'fr',
  site_time_zone: 'Europe/Brussels',
  // As the server does, at the time of the answer (a test's fake clock included).
  get site_today() {
    return calendarDateIn('Europe/Brussels');
  },
  booking_hold_minutes: 30,
  site_url: 'http://localhost:3000',
  business: null,
  invoice_retention_years: 10,
};

export const client: User = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Dupont',
  first_name: 'Marie',
  email: 'marie@example.com',
  role: 'client',
  is_admin: false,
  birth_date: '1990-05-01',
  birth_place: 'Lyon',
  phone: '+33 6 12 34 56 78',
  language: 'fr',
  default_password: false,
  email_verified: true,
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
};

export const admin: User = {
  ...client,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Admin',
  first_name: null,
  email: 'admin@example.com',
  role: 'admin',
  is_admin: true,
  default_password: true,
};

export const property: Property = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Maison des Arts',
  description: 'Une maison lumineuse au cœur de Bruxelles.',
  location: 'Bruxelles',
  text_languages: { name: 'fr', description: 'fr', location: 'fr' },
  photos: [],
  room_count: 3,
  latitude: null,
  longitude: null,
  cancellation_policy: null,
  payment_terms: null,
  fees: [],
  taxes: [],
  vat_percent: 0,
};

export const room: RoomDetail = {
  id: '44444444-4444-4444-8444-444444444444',
  property_id: property.id,
  property_name: property.name,
  room_number: '101',
  price_per_week: 100,
  max_guests: 2,
  amenities: ['Wi-Fi', 'Bureau'],
  text_languages: { amenities: ['fr', 'fr'], property_name: 'fr' },
  photos: [],
  cancellation_policy: DEFAULT_CANCELLATION_POLICY,
  rules: NO_STAY_RULES,
  seasonal_prices: [],
  long_stay_discounts: [],
  fees: null,
  price_terms: { fees: [], taxes: [], vat_percent: 0 },
};

/** GET /rooms/{id}/availability for the fixture room: its taken stays and blocked nights, its stay terms (docs/behaviour.md §11, §14). */
export const availability = (bookings: BookedRange[], terms: Partial<RoomDetail> = {}, blocks: BookedRange[] = []): AvailabilityResponse => ({
  bookings,
  blocks,
  rules: terms.rules ?? room.rules,
  seasonal_prices: terms.seasonal_prices ?? room.seasonal_prices,
  long_stay_discounts: terms.long_stay_discounts ?? room.long_stay_discounts,
  price_terms: terms.price_terms ?? room.price_terms,
});

export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    room_id: room.id,
    user_name: 'Marie Dupont',
    user_email: client.email,
    start_date: '2030-03-04',
    end_date: '2030-03-11',
    adults: 1,
    children: 0,
    source: 'web',
    total_price: 100,
    price_lines: [],
    rent_total: 100,
    fees_total: 0,
    taxes_total: 0,
    vat_included: 0,
    status: 'confirmed',
    payment_method: 'on_site',
    cancel_reason: null,
    paid_amount: 0,
    refund_amount: 0,
    refund_status: 'none',
    failed_refund_amount: 0,
    cancellation_policy: DEFAULT_CANCELLATION_POLICY,
    deposit_amount: 100,
    balance_amount: 0,
    balance_due_date: null,
    balance_status: 'none',
    balance_auto_charge: false,
    free_cancellation_until: '2030-02-18',
    cancelled_by: null,
    hold_expires_at: null,
    created_at: '2030-01-01T10:00:00.000Z',
    room_number: room.room_number,
    property_id: property.id,
    property_name: property.name,
    text_languages: { property_name: 'fr' },
    check_in_status: 'not_started',
    billing: null,
    ...overrides,
  };
}
