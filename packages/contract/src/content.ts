import { z } from 'zod';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from './languages.ts';

export { TRANSLATION_LANGUAGES, type TranslationLanguage } from './languages.ts';

/*
 * Content in four languages (docs/behaviour.md §15, decision 0023). A read answers each text in the language asked
 * (`?lang=`, else `Accept-Language`), or in French — the text every property must have — where it has none in that
 * language; `text_languages` says, field by field, which language each text is in.
 */

/**
 * `?lang=fr|es|pt|en` on the reads that answer content. Anything else is ignored (the read falls back to
 * Accept-Language, then to the site's default language), never refused.
 */
export const LanguageQuery = z.object({
  // Anything else, a repeated `lang` included, reads as no `lang` at all.
  lang: z.string().optional().catch(undefined).meta({ description: 'fr, es, pt or en; anything else is ignored', example: 'es' }),
});

/** The longest texts of a property, in every language. */
export const PROPERTY_TEXT_LIMITS = { name: 200, description: 5000, location: 200 } as const;
export const PROPERTY_TEXT_FIELDS = ['name', 'description', 'location'] as const;
export type PropertyTextField = (typeof PROPERTY_TEXT_FIELDS)[number];

/** A property's texts in one language, as the admin wrote them: a field left out has no text in that language. */
export const PropertyText = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
});
export type PropertyText = z.infer<typeof PropertyText>;

/**
 * An admin's view of a property's texts, `{fr: {name, description, location}, es: …, pt: …, en: …}`: French always
 * complete (the property's own fields), the others only with the texts written in them.
 */
export const PropertyTranslations = z.object({
  fr: PropertyText.optional(),
  es: PropertyText.optional(),
  pt: PropertyText.optional(),
  en: PropertyText.optional(),
});
export type PropertyTranslations = z.infer<typeof PropertyTranslations>;
/** What is stored beside the French fields: the texts in es, pt and en. */
export type StoredTranslations = Partial<Record<TranslationLanguage, PropertyText>>;

/** A translated text as sent: trimmed; empty (or null) means "not translated". */
const translatedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => text || undefined);

const PropertyTextInput = z.strictObject({
  name: translatedText(PROPERTY_TEXT_LIMITS.name),
  description: translatedText(PROPERTY_TEXT_LIMITS.description),
  location: translatedText(PROPERTY_TEXT_LIMITS.location),
});

/**
 * The translations of a create or update body, `{es, pt, en}`, each text optional; a language whose texts are all
 * empty is dropped. `fr` may be sent back as an admin read answered it, and is ignored: the French texts are the
 * body's `name`, `description` and `location`. Any other key is refused.
 */
export const PropertyTranslationsInput = z
  .strictObject({
    fr: PropertyText.nullish(),
    es: PropertyTextInput.nullish(),
    pt: PropertyTextInput.nullish(),
    en: PropertyTextInput.nullish(),
  })
  .transform((translations) => {
    const kept: StoredTranslations = {};
    for (const language of TRANSLATION_LANGUAGES) {
      const texts = translations[language];
      if (!texts) continue;
      const written = Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined));
      if (Object.keys(written).length > 0) kept[language] = written as PropertyText;
    }
    return kept;
  });

/** GET /amenities: the vocabulary of amenities, each key with its label in the language answered. */
export const Amenity = z.object({ key: z.string(), label: z.string() });
export type Amenity = z.infer<typeof Amenity>;
