import type { PropertyInput, RoomInput } from '@roomweek/contract';

/**
 * SPEC §5 form rules of the admin screens. Each validator answers either the body to send or, per field, the
 * key of the message to show (in the `admin` namespace, under `validation.`), so the rules are testable
 * without a translator.
 */
export type FieldErrors<F extends string = string> = Partial<Record<F, ValidationKey>>;

export type ValidationKey =
  | 'required'
  | 'email'
  | 'integerMin1'
  | 'priceFormat'
  | 'latitude'
  | 'longitude'
  | 'coordinatesPair'
  | 'passwordLength'
  | 'passwordMismatch'
  | 'whatsappNumber';

export type Validated<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

export const PASSWORD_MIN_LENGTH = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A decimal written with a dot or a comma (French keyboards). */
const DECIMAL = /^-?\d+([.,]\d+)?$/;

const parseDecimal = (text: string) => Number(text.trim().replace(',', '.'));

function result<T, F extends string>(errors: FieldErrors<F>, value: () => T): Validated<T, F> {
  const found = Object.fromEntries(Object.entries(errors).filter(([, key]) => key)) as FieldErrors<F>;
  return Object.keys(found).length > 0 ? { ok: false, errors: found } : { ok: true, value: value() };
}

export interface PropertyDraft {
  name: string;
  location: string;
  description: string;
  room_count: string;
  latitude: string;
  longitude: string;
  photos: string[];
}
export type PropertyField = Exclude<keyof PropertyDraft, 'photos'>;

/** Name, location, description required; room count a whole number ≥ 1; coordinates optional, in range, both or neither. */
export function validateProperty(draft: PropertyDraft): Validated<PropertyInput, PropertyField> {
  const errors: FieldErrors<PropertyField> = {};
  const name = draft.name.trim();
  const location = draft.location.trim();
  const description = draft.description.trim();
  if (!name) errors.name = 'required';
  if (!location) errors.location = 'required';
  if (!description) errors.description = 'required';

  const roomCountText = draft.room_count.trim();
  const roomCount = Number(roomCountText);
  if (!roomCountText) errors.room_count = 'required';
  else if (!/^\d+$/.test(roomCountText) || roomCount < 1 || roomCount > 1000) errors.room_count = 'integerMin1';

  const latText = draft.latitude.trim();
  const lngText = draft.longitude.trim();
  const latitude = latText ? parseDecimal(latText) : null;
  const longitude = lngText ? parseDecimal(lngText) : null;
  if (latText && (!DECIMAL.test(latText.replace(',', '.')) || latitude === null || Math.abs(latitude) > 90)) {
    errors.latitude = 'latitude';
  }
  if (lngText && (!DECIMAL.test(lngText.replace(',', '.')) || longitude === null || Math.abs(longitude) > 180)) {
    errors.longitude = 'longitude';
  }
  if (!errors.latitude && !errors.longitude && (latText === '') !== (lngText === '')) {
    if (latText) errors.longitude = 'coordinatesPair';
    else errors.latitude = 'coordinatesPair';
  }

  return result(errors, () => ({
    name,
    location,
    description,
    room_count: roomCount,
    photos: draft.photos,
    latitude,
    longitude,
  }));
}

export interface RoomDraft {
  property_id: string;
  room_number: string;
  price_per_week: string;
  amenities: string[];
  photos: string[];
}
export type RoomField = 'property_id' | 'room_number' | 'price_per_week';

/** Property, number and price required; price a number ≥ 0 with at most 2 decimals (step 0.01). */
export function validateRoom(draft: RoomDraft): Validated<RoomInput, RoomField> {
  const errors: FieldErrors<RoomField> = {};
  const roomNumber = draft.room_number.trim();
  if (!draft.property_id) errors.property_id = 'required';
  if (!roomNumber) errors.room_number = 'required';
  const priceText = draft.price_per_week.trim().replace(',', '.');
  const price = Number(priceText);
  if (!priceText) errors.price_per_week = 'required';
  else if (!/^\d+(\.\d{1,2})?$/.test(priceText) || price > 1_000_000) errors.price_per_week = 'priceFormat';
  return result(errors, () => ({
    property_id: draft.property_id,
    room_number: roomNumber,
    price_per_week: price,
    amenities: draft.amenities,
    photos: draft.photos,
  }));
}

/**
 * Adds an amenity to the list: a blank (trimmed) entry is ignored, and so is one already listed (ignoring
 * case); answers the same array when nothing changes.
 */
export function addAmenity(amenities: readonly string[], entry: string): string[] {
  const amenity = entry.trim().replace(/\s+/g, ' ');
  if (!amenity) return amenities as string[];
  const lower = amenity.toLocaleLowerCase();
  if (amenities.some((existing) => existing.toLocaleLowerCase() === lower)) return amenities as string[];
  return [...amenities, amenity];
}

export type ProfileField = 'name' | 'email';
export function validateProfile(draft: { name: string; email: string }): Validated<{ name: string; email: string }, ProfileField> {
  const name = draft.name.trim();
  const email = draft.email.trim();
  return result<{ name: string; email: string }, ProfileField>(
    { name: name ? undefined : 'required', email: !email ? 'required' : EMAIL.test(email) ? undefined : 'email' },
    () => ({ name, email }),
  );
}

export type PasswordField = 'current_password' | 'new_password' | 'confirm_password';
export function validatePasswordChange(draft: Record<PasswordField, string>): Validated<
  { current_password: string; new_password: string },
  PasswordField
> {
  return result<{ current_password: string; new_password: string }, PasswordField>(
    {
      current_password: draft.current_password ? undefined : 'required',
      new_password: !draft.new_password
        ? 'required'
        : draft.new_password.length < PASSWORD_MIN_LENGTH
          ? 'passwordLength'
          : undefined,
      confirm_password: !draft.confirm_password
        ? 'required'
        : draft.confirm_password !== draft.new_password
          ? 'passwordMismatch'
          : undefined,
    },
    () => ({ current_password: draft.current_password, new_password: draft.new_password }),
  );
}

/**
 * The messaging number: required, with its country code. Same rule as the contract's WhatsappNumber (an
 * optional +, 8 to 15 digits, spaces, dashes or brackets allowed). Digits starting with 0 are a national number
 * (or a 00 prefix) and are refused: the chat link is built from the digits, which must begin with the country code.
 */
export function validateWhatsappNumber(text: string): Validated<string, 'whatsapp_number'> {
  const value = text.trim();
  const digits = value.replace(/\D/g, '');
  let error: ValidationKey | undefined;
  if (!value) error = 'required';
  else if (
    !/^\+?[0-9 ()-]+$/.test(value) ||
    !/^\d{8,15}$/.test(digits) ||
    value.length > 30 ||
    digits.startsWith('0')
  ) {
    error = 'whatsappNumber';
  }
  return result<string, 'whatsapp_number'>({ whatsapp_number: error }, () => value);
}

/** SPEC §5 payment settings: only filled fields are sent; the wallet mode always is. */
export function paymentSettingsUpdate(draft: {
  stripe_api_key: string;
  stripe_webhook_secret: string;
  paypal_client_id: string;
  paypal_secret: string;
  paypal_mode: 'sandbox' | 'live';
}) {
  const update: {
    stripe_api_key?: string;
    stripe_webhook_secret?: string;
    paypal_client_id?: string;
    paypal_secret?: string;
    paypal_mode: 'sandbox' | 'live';
  } = { paypal_mode: draft.paypal_mode };
  for (const key of ['stripe_api_key', 'stripe_webhook_secret', 'paypal_client_id', 'paypal_secret'] as const) {
    const value = draft[key].trim();
    if (value) update[key] = value;
  }
  return update;
}
