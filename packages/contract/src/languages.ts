/**
 * The site's languages, apart from any zod schema: the first page's i18n imports them, and a bundler places a whole
 * module in the chunk of its first importer — a schema beside them would bring zod into the first page.
 */
export const LANGUAGES = ['fr', 'es', 'pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/**
 * What an admin writes (a property's name, description and place) is written in the default language first, and
 * required there; these languages may each add a translation, shown instead when the page is in that language
 * (docs/behaviour.md §15).
 */
export const TRANSLATION_LANGUAGES = ['es', 'pt', 'en'] as const satisfies readonly Language[];
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
