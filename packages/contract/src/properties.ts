import { z } from 'zod';
import { ArrivalInstructions, ArrivalInstructionsInput } from './arrival.ts';
import { CancellationPolicy } from './cancellation.ts';
import { RegistrationCountry } from './check-in.ts';
import { Id, Language, Photos } from './common.ts';
import { PaymentTerms } from './payment-terms.ts';
import { PROPERTY_TEXT_LIMITS, PropertyTranslations, PropertyTranslationsInput } from './content.ts';
import { Fee, FeesInput, Tax, TaxesInput, VatPercentInput } from './price-schemas.ts';

export const Property = z.object({
  id: Id,
  /** In the language answered (Content-Language), or in French where it has no text in it (docs/behaviour.md §15). */
  name: z.string(),
  description: z.string(),
  location: z.string(),
  /** The language each text above is in: the one answered, or `fr` where it fell back to French. */
  text_languages: z.object({ name: Language, description: Language, location: Language }),
  photos: z.array(z.string()),
  room_count: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** This property's own cancellation terms; null: the site's (GET /cancellation-policy). */
  cancellation_policy: CancellationPolicy.nullable(),
  /** This property's own payment terms (deposit, balance); null: the site's (GET /payment-terms). */
  payment_terms: PaymentTerms.nullable(),
  /** Fees and tourist taxes a stay pays, and the VAT included in rent and fees (docs/behaviour.md §18); names in every language. */
  fees: z.array(Fee),
  taxes: z.array(Tax),
  vat_percent: z.number(),
  /** In the public reads (GET /properties, /properties/{id}): the visible reviews' average, one decimal (null: none), and count. */
  rating_average: z.number().nullable().optional(),
  review_count: z.number().int().optional(),
  /** Only in an admin's reads and writes: every language's texts as written (`fr` complete; es, pt, en where written). */
  translations: PropertyTranslations.optional(),
  /** Only in an admin's reads and writes, never in a public answer: what guests are told before arriving (§21). */
  arrival_instructions: ArrivalInstructions.optional(),
  /** Only in an admin's reads and writes: whose guest registration the check-in follows (`ES`, `PT`, `BE`, `other`). */
  registration_country: RegistrationCountry.optional(),
});
export type Property = z.infer<typeof Property>;

/** `name`, `description` and `location` are the French texts (required); `translations` the others. */
export const PropertyInput = z.object({
  name: z.string().trim().min(1).max(PROPERTY_TEXT_LIMITS.name),
  description: z.string().trim().min(1).max(PROPERTY_TEXT_LIMITS.description),
  location: z.string().trim().min(1).max(PROPERTY_TEXT_LIMITS.location),
  room_count: z.number().int().min(1).max(1000),
  photos: Photos.default([]),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Null: the site's policy; left out: unchanged (the site's for a new property). */
  cancellation_policy: CancellationPolicy.nullable().optional(),
  /** Null: the site's payment terms; left out: unchanged (the site's for a new property). */
  payment_terms: PaymentTerms.nullable().optional(),
  /** `{es: {name, description, location}, pt: …, en: …}`, each text optional; left out: unchanged (none for a new property). */
  translations: PropertyTranslationsInput.optional(),
  /** Left out: unchanged (none, and no VAT, for a new property). */
  fees: FeesInput.optional(),
  taxes: TaxesInput.optional(),
  vat_percent: VatPercentInput.optional(),
  /** `{fr, es, pt, en}` free texts; left out: unchanged (none for a new property). */
  arrival_instructions: ArrivalInstructionsInput.optional(),
  /** Left out: unchanged (`other` for a new property). */
  registration_country: RegistrationCountry.optional(),
});
export type PropertyInput = z.input<typeof PropertyInput>;
