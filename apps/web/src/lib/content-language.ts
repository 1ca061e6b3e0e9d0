import type { Language } from '@roomweek/contract';
import { useLanguage } from './i18n';

/**
 * The `lang` attribute of a text of content (a property's name, a room's amenity): the language the API says it is in
 * (`text_languages`), when that is not the page's — a French description on an English page (docs/behaviour.md §15).
 * Screen readers then read it with the right voice, and the browser hyphenates it right.
 */
export function langOf(textLanguage: Language | undefined, pageLanguage: string): Language | undefined {
  return textLanguage && textLanguage !== pageLanguage ? textLanguage : undefined;
}

/** `langOf` for the page's current language. */
export function useTextLang(): (textLanguage: Language | undefined) => Language | undefined {
  const page = useLanguage();
  return (textLanguage) => langOf(textLanguage, page);
}
