import {
  CancelBookingBody,
  CancellationPolicy,
  ChangePasswordBody,
  PaymentSettingsUpdate,
  PaypalMode,
  ProfileBody,
  PropertyInput,
  REFUND_REASON_MAX_LENGTH,
  RefundBody,
  RoomInput,
  findSeasonOverlap,
  LongStayDiscountsInput,
  SeasonalPricesInput,
  StayRulesInput,
  toCents,
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

/** A whole number as typed (digits only). */
const wholeNumberText = z.string().trim().regex(/^\d+$/).transform(Number);

/** docs/behaviour.md §10: days 0–365 and percent 0–100, whole numbers, typed as text. */
const policyFields = {
  free_until_days: wholeNumberText.pipe(CancellationPolicy.shape.free_until_days),
  late_refund_percent: wholeNumberText.pipe(CancellationPolicy.shape.late_refund_percent),
};
const policyFieldMessages = {
  free_until_days: 'validation.freeUntilDays',
  late_refund_percent: 'validation.lateRefundPercent',
} as const;

/** The site's cancellation policy (PUT /admin/cancellation-policy). */
export const cancellationPolicyForm = CancellationPolicy.extend(policyFields);
export const cancellationPolicyMessages: FormMessages = { required: 'validation.required', fields: policyFieldMessages };

/** A property's own terms are checked only when chosen, even while other fields are refused. */
const ownPolicyRule = (field: keyof typeof policyFields) =>
  [
    (property: { cancellation_mode?: string; [name: string]: unknown }) =>
      property.cancellation_mode !== 'own' || policyFields[field].safeParse(property[field] ?? '').success,
    { ...formRule(field, policyFieldMessages[field]), when: () => true },
  ] as const;

/** The pair is checked once each coordinate is valid, even while other fields are refused. */
const coordinatesValid = (payload: z.core.ParsePayload) =>
  !payload.issues.some((issue) => issue.path?.[0] === 'latitude' || issue.path?.[0] === 'longitude');

/**
 * Name, location, description required; room count a whole number ≥ 1; coordinates optional, in range, both or
 * neither; the site's cancellation policy (sent as null) unless `cancellation_mode` is `own`, then its two numbers.
 */
export const propertyForm = PropertyInput.omit({ cancellation_policy: true })
  .extend({
    room_count: z.string().trim().regex(/^\d+$/).transform(Number).pipe(PropertyInput.shape.room_count),
    latitude: optionalDecimalText.pipe(PropertyInput.shape.latitude.unwrap()),
    longitude: optionalDecimalText.pipe(PropertyInput.shape.longitude.unwrap()),
    cancellation_mode: z.enum(['site', 'own']).default('site'),
    free_until_days: z.string().optional(),
    late_refund_percent: z.string().optional(),
  })
  .refine((property) => property.latitude == null || property.longitude != null, {
    ...formRule('longitude', 'validation.coordinatesPair'),
    when: coordinatesValid,
  })
  .refine((property) => property.longitude == null || property.latitude != null, {
    ...formRule('latitude', 'validation.coordinatesPair'),
    when: coordinatesValid,
  })
  .refine(...ownPolicyRule('free_until_days'))
  .refine(...ownPolicyRule('late_refund_percent'))
  .transform(({ cancellation_mode, free_until_days, late_refund_percent, ...property }) => ({
    ...property,
    cancellation_policy:
      cancellation_mode === 'own'
        ? { free_until_days: Number(free_until_days), late_refund_percent: Number(late_refund_percent) }
        : null,
  }));
export const propertyMessages: FormMessages = {
  required,
  fields: { room_count: 'validation.integerMin1', latitude: 'validation.latitude', longitude: 'validation.longitude' },
};

/**
 * docs/behaviour.md §11, the room's stay terms as the form holds them (numbers as text, an empty maximum for none),
 * checked by the contract's rules; seasons that share a night are refused here as the server would (seasons_overlap).
 */
const stayRulesForm = z
  .object({
    changeover_days: z.array(z.number()),
    min_nights: wholeNumberText,
    max_nights: z.union([z.string().trim().length(0).transform(() => null), wholeNumberText]),
    whole_weeks: z.boolean(),
  })
  // Not .pipe: the contract's schema fills defaults in, so its input type is wider than this output.
  .transform((rules, context) => {
    const checked = StayRulesInput.safeParse(rules);
    if (checked.success) return checked.data;
    context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Invalid rules' });
    return z.NEVER;
  });
const seasonsForm = z
  .array(z.object({ start_date: z.string(), end_date: z.string(), price_per_week: decimalText }))
  .pipe(SeasonalPricesInput)
  .refine((seasons) => findSeasonOverlap(seasons) === null, { params: { messageKey: 'errors.seasons_overlap' } });
const discountsForm = z.array(z.object({ min_weeks: wholeNumberText, percent: wholeNumberText })).pipe(LongStayDiscountsInput);

/** Property, number and price required; price a number ≥ 0 with at most 2 decimals; the stay terms as above. */
export const roomForm = RoomInput.extend({
  price_per_week: decimalText.pipe(RoomInput.shape.price_per_week),
  // The room dialog always sends them; left out, the server keeps the room's (and makes none for a new room).
  rules: stayRulesForm.optional(),
  seasonal_prices: seasonsForm.optional(),
  long_stay_discounts: discountsForm.optional(),
  apply_rules_to_property: z.boolean().optional(),
});
export const roomMessages: FormMessages = {
  required,
  fields: {
    price_per_week: 'validation.priceFormat',
    rules: 'validation.stayRules',
    seasonal_prices: 'validation.seasons',
    long_stay_discounts: 'validation.discounts',
  },
};

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

/** The admin's note with a refund or a cancellation: optional, not sent when empty. */
const reasonText = z
  .string()
  .trim()
  .max(REFUND_REASON_MAX_LENGTH)
  .transform((reason) => reason || undefined)
  .optional();

/** POST /admin/bookings/{id}/refund: more than 0, at most 2 decimals, no more than is still refundable. */
export const refundForm = (refundableCents: number) =>
  RefundBody.extend({ amount: decimalText.pipe(RefundBody.shape.amount), reason: reasonText }).refine(
    (body) => toCents(body.amount) <= refundableCents,
    formRule('amount', 'validation.refundTooLarge'),
  );
export const refundMessages: FormMessages = {
  required,
  fields: { amount: 'validation.refundAmount', reason: 'validation.reasonLength' },
};

/**
 * The admin's cancel (PUT /bookings/{id}/cancel): the refund, when something is refundable (0 gives nothing back,
 * never more than is still refundable), and a reason.
 */
export const adminCancelForm = (refundableCents: number) =>
  CancelBookingBody.extend({
    refund_amount: decimalText.pipe(CancelBookingBody.shape.refund_amount.unwrap()).optional(),
    reason: reasonText,
  }).refine(
    (body) => body.refund_amount === undefined || toCents(body.refund_amount) <= refundableCents,
    formRule('refund_amount', 'validation.refundTooLarge'),
  );
export const adminCancelMessages: FormMessages = {
  required,
  fields: { refund_amount: 'validation.refundAmountZero', reason: 'validation.reasonLength' },
};
