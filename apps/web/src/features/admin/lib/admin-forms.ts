import {
  ChangePasswordBody,
  PaymentSettingsUpdate,
  PaypalMode,
  ProfileBody,
  PropertyInput,
  RoomInput,
  WhatsappSettingsUpdate,
} from '@roomweek/contract';
import { z } from 'zod';
import { formRule, withConfirmation, type FormMessages } from '@/lib/use-zod-form';

/**
 * The admin forms check the contract's bodies (docs/behaviour.md §5) with the admin's messages (`validation.*` in the admin
 * namespace). Web-only here: numbers typed as text (with a French decimal comma), coordinates given as a pair,
 * a confirmed new password.
 */
const required = 'validation.required';

/** A number as typed: digits, with a dot or a comma for decimals (French keyboards). */
const DECIMAL = /^-?\d+([.,]\d+)?$/;
const decimalText = z
  .string()
  .trim()
  .regex(DECIMAL)
  .transform((text) => Number(text.replace(',', '.')));
/** An optional number: empty is null. */
const optionalDecimalText = z.union([z.string().trim().length(0).transform(() => null), decimalText]);

/** The pair is checked once each coordinate is valid, even while other fields are refused. */
const coordinatesValid = (payload: z.core.ParsePayload) =>
  !payload.issues.some((issue) => issue.path?.[0] === 'latitude' || issue.path?.[0] === 'longitude');

/** Name, location, description required; room count a whole number ≥ 1; coordinates optional, in range, both or neither. */
export const propertyForm = PropertyInput.extend({
  room_count: z.string().trim().regex(/^\d+$/).transform(Number).pipe(PropertyInput.shape.room_count),
  latitude: optionalDecimalText.pipe(PropertyInput.shape.latitude.unwrap()),
  longitude: optionalDecimalText.pipe(PropertyInput.shape.longitude.unwrap()),
})
  .refine((property) => property.latitude == null || property.longitude != null, {
    ...formRule('longitude', 'validation.coordinatesPair'),
    when: coordinatesValid,
  })
  .refine((property) => property.longitude == null || property.latitude != null, {
    ...formRule('latitude', 'validation.coordinatesPair'),
    when: coordinatesValid,
  });
export const propertyMessages: FormMessages = {
  required,
  fields: { room_count: 'validation.integerMin1', latitude: 'validation.latitude', longitude: 'validation.longitude' },
};

/** Property, number and price required; price a number ≥ 0 with at most 2 decimals. */
export const roomForm = RoomInput.extend({ price_per_week: decimalText.pipe(RoomInput.shape.price_per_week) });
export const roomMessages: FormMessages = { required, fields: { price_per_week: 'validation.priceFormat' } };

/**
 * A new e-mail needs the current password, as the server says too. `current_email` is the account's address as the
 * form opened (not sent); the password is not sent when left empty.
 */
export const profileForm = ProfileBody.extend({
  current_password: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(ProfileBody.shape.current_password),
  current_email: z.string().optional(),
})
  .refine(
    (profile) => !profile.current_email || profile.email === profile.current_email.trim().toLowerCase() || Boolean(profile.current_password),
    formRule('current_password', required),
  )
  .transform(({ current_email: _currentEmail, ...body }) => body);
export const profileMessages: FormMessages = { required, fields: { email: 'validation.email' } };

export const passwordChangeForm = withConfirmation(
  ChangePasswordBody.extend({ confirm_password: z.string().min(1) }),
  'new_password',
  'confirm_password',
  'validation.passwordMismatch',
);
export const passwordChangeMessages: FormMessages = {
  required,
  fields: { new_password: { too_small: 'validation.passwordLength' } },
};

/** The contract's rule: digits that begin with the country code (a national number or a 00 prefix is refused). */
export const whatsappForm = WhatsappSettingsUpdate;
export const whatsappMessages: FormMessages = { required, fields: { whatsapp_number: 'validation.whatsappNumber' } };

/** An empty secret keeps the current value: it is not sent. */
const keepWhenEmpty = (secret: z.ZodOptional<z.ZodString>) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(secret);

/** docs/behaviour.md §5 payment settings: only the filled fields are sent; the wallet mode always is. */
export const paymentSettingsForm = PaymentSettingsUpdate.extend({
  stripe_api_key: keepWhenEmpty(PaymentSettingsUpdate.shape.stripe_api_key),
  stripe_webhook_secret: keepWhenEmpty(PaymentSettingsUpdate.shape.stripe_webhook_secret),
  paypal_client_id: keepWhenEmpty(PaymentSettingsUpdate.shape.paypal_client_id),
  paypal_secret: keepWhenEmpty(PaymentSettingsUpdate.shape.paypal_secret),
  paypal_mode: PaypalMode,
});
export const paymentSettingsMessages: FormMessages = { required };
