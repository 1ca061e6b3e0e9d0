/**
 * The site's languages, apart from any zod schema: the first page's i18n imports them, and a bundler places a whole
 * module in the chunk of its first importer — a schema beside them would bring zod into the first page.
 */
export const LANGUAGES = ['fr', 'es', 'pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
