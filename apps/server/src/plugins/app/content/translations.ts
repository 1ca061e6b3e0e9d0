import {
  DEFAULT_LANGUAGE,
  PROPERTY_TEXT_FIELDS,
  TRANSLATION_LANGUAGES,
  type Language,
  type PropertyText,
  type PropertyTextField,
  type PropertyTranslations,
  type StoredTranslations,
} from '@roomweek/contract';

type BaseTexts = Record<PropertyTextField, string>;

/** A stored translation, if it is a text (the column is jsonb: whatever a hand-made change put there, never a crash). */
function writtenText(translations: StoredTranslations | null | undefined, language: Language, field: PropertyTextField): string | undefined {
  if (language === DEFAULT_LANGUAGE || !translations || typeof translations !== 'object') return undefined;
  const texts = (translations as Record<string, unknown>)[language];
  if (!texts || typeof texts !== 'object') return undefined;
  const text = (texts as Record<string, unknown>)[field];
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** One text in `language`, or else the French one, and which it is (docs/behaviour.md §15). */
export function localisedText(
  base: string,
  translations: StoredTranslations | null | undefined,
  field: PropertyTextField,
  language: Language,
): { text: string; language: Language } {
  const written = writtenText(translations, language, field);
  return written === undefined ? { text: base, language: DEFAULT_LANGUAGE } : { text: written, language };
}

/** A property's name, description and location in `language`, field by field falling back to French. */
export function localisedTexts(base: BaseTexts, translations: StoredTranslations | null | undefined, language: Language) {
  const texts = {} as BaseTexts;
  const languages = {} as Record<PropertyTextField, Language>;
  for (const field of PROPERTY_TEXT_FIELDS) {
    const shown = localisedText(base[field], translations, field, language);
    texts[field] = shown.text;
    languages[field] = shown.language;
  }
  return { texts, languages };
}

/** An admin's view: French (the property's own texts) complete, then each other language's texts as written. */
export function allTranslations(base: BaseTexts, translations: StoredTranslations | null | undefined): PropertyTranslations {
  const all: PropertyTranslations = { fr: { ...base } };
  for (const language of TRANSLATION_LANGUAGES) {
    const texts: PropertyText = {};
    for (const field of PROPERTY_TEXT_FIELDS) {
      const text = writtenText(translations, language, field);
      if (text !== undefined) texts[field] = text;
    }
    if (Object.keys(texts).length > 0) all[language] = texts;
  }
  return all;
}

/** How a read shows content: in which language, and whether to an admin (who also gets every language as written). */
export interface ContentView {
  language: Language;
  admin: boolean;
}
