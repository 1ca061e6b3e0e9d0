import { DEFAULT_LANGUAGE, type Amenity, type Language } from '@roomweek/contract';
import fr from '@roomweek/i18n/fr/amenities.json' with { type: 'json' };
import es from '@roomweek/i18n/es/amenities.json' with { type: 'json' };
import pt from '@roomweek/i18n/pt/amenities.json' with { type: 'json' };
import en from '@roomweek/i18n/en/amenities.json' with { type: 'json' };

/**
 * The amenities a room may list by key (docs/behaviour.md §15): one label per language in packages/i18n. French is the
 * source; every other language has the same keys (the type below, and test/content/vocabulary.test.ts).
 */
type AmenityLabels = typeof fr;
export type AmenityKey = keyof AmenityLabels;
const LABELS: Record<Language, AmenityLabels> = { fr, es, pt, en };
const KEYS: ReadonlySet<string> = new Set(Object.keys(fr));

export const AMENITY_KEYS = Object.keys(fr) as AmenityKey[];

export const isAmenityKey = (value: string): value is AmenityKey => KEYS.has(value);

/** The vocabulary in one language, by label in that language's order (for a picker), computed once per language. */
const vocabularies = new Map<Language, Amenity[]>();
export function amenityVocabulary(language: Language): Amenity[] {
  let vocabulary = vocabularies.get(language);
  if (!vocabulary) {
    const collator = new Intl.Collator(language);
    vocabulary = AMENITY_KEYS.map((key) => ({ key, label: LABELS[language][key] })).sort((a, b) => collator.compare(a.label, b.label));
    vocabularies.set(language, vocabulary);
  }
  return vocabulary;
}

/**
 * A room's stored amenities as shown in `language`: a key's label in that language, free text as written — written
 * in the site's content language (French), like a property's own texts.
 */
export function showAmenities(stored: readonly string[], language: Language): { amenities: string[]; languages: Language[] } {
  const amenities: string[] = [];
  const languages: Language[] = [];
  for (const amenity of stored) {
    const key = isAmenityKey(amenity);
    amenities.push(key ? LABELS[language][amenity] : amenity);
    languages.push(key ? language : DEFAULT_LANGUAGE);
  }
  return { amenities, languages };
}
