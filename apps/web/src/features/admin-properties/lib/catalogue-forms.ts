import { findSeasonOverlap, LongStayDiscountsInput, OVERDUE_ACTIONS, PropertyInput, RoomInput, SeasonalPricesInput, StayRulesInput } from '@roomweek/contract';
import { z } from 'zod';
import {
  decimalText,
  optionalDecimalText,
  paymentTermsFieldMessages,
  paymentTermsFields,
  policyFieldMessages,
  policyFields,
  required,
  wholeNumberText,
} from '@/features/admin-shell/lib/form-text';
import { formRule, type FormMessages } from '@/lib/use-zod-form';

/** The property and room dialogs' forms: the contract's bodies, numbers typed as text (decision 0017). */

/** A property's own terms are checked only when chosen, even while other fields are refused. */
const ownPolicyRule = (field: keyof typeof policyFields) =>
  [
    (property: { cancellation_mode?: string; [name: string]: unknown }) =>
      property.cancellation_mode !== 'own' || policyFields[field].safeParse(property[field] ?? '').success,
    { ...formRule(field, policyFieldMessages[field]), when: () => true },
  ] as const;

/** A property's own payment terms (issue 28), likewise checked only when chosen. */
const ownTermsRule = (field: keyof typeof paymentTermsFields) =>
  [
    (property: { payment_terms_mode?: string; [name: string]: unknown }) =>
      property.payment_terms_mode !== 'own' || paymentTermsFields[field].safeParse(property[field] ?? '').success,
    { ...formRule(field, paymentTermsFieldMessages[field]), when: () => true },
  ] as const;

/** The pair is checked once each coordinate is valid, even while other fields are refused. */
const coordinatesValid = (payload: z.core.ParsePayload) =>
  !payload.issues.some((issue) => issue.path?.[0] === 'latitude' || issue.path?.[0] === 'longitude');

/**
 * Name, location, description required; room count a whole number ≥ 1; coordinates optional, in range, both or
 * neither; the site's cancellation policy (sent as null) unless `cancellation_mode` is `own`, then its two numbers.
 */
export const propertyForm = PropertyInput.omit({ cancellation_policy: true, payment_terms: true })
  .extend({
    room_count: z.string().trim().regex(/^\d+$/).transform(Number).pipe(PropertyInput.shape.room_count),
    latitude: optionalDecimalText.pipe(PropertyInput.shape.latitude.unwrap()),
    longitude: optionalDecimalText.pipe(PropertyInput.shape.longitude.unwrap()),
    cancellation_mode: z.enum(['site', 'own']).default('site'),
    free_until_days: z.string().optional(),
    late_refund_percent: z.string().optional(),
    payment_terms_mode: z.enum(['site', 'own']).default('site'),
    deposit_percent: z.string().optional(),
    balance_due_days: z.string().optional(),
    balance_grace_days: z.string().optional(),
    overdue_action: z.enum(OVERDUE_ACTIONS).default('notify'),
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
  .refine(...ownTermsRule('deposit_percent'))
  .refine(...ownTermsRule('balance_due_days'))
  .refine(...ownTermsRule('balance_grace_days'))
  .transform(
    ({
      cancellation_mode,
      free_until_days,
      late_refund_percent,
      payment_terms_mode,
      deposit_percent,
      balance_due_days,
      balance_grace_days,
      overdue_action,
      ...property
    }) => ({
      ...property,
      cancellation_policy:
        cancellation_mode === 'own'
          ? { free_until_days: Number(free_until_days), late_refund_percent: Number(late_refund_percent) }
          : null,
      payment_terms:
        payment_terms_mode === 'own'
          ? {
              deposit_percent: Number(deposit_percent),
              balance_due_days: Number(balance_due_days),
              balance_grace_days: Number(balance_grace_days),
              overdue_action,
            }
          : null,
    }),
  );
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
  max_guests: wholeNumberText.pipe(RoomInput.shape.max_guests.unwrap()),
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
    max_guests: 'validation.maxGuests',
    rules: 'validation.stayRules',
    seasonal_prices: 'validation.seasons',
    long_stay_discounts: 'validation.discounts',
  },
};
