import { LANGUAGES, type Language } from '@roomweek/contract';
import type { FastifyRequest } from 'fastify';

/** The site language the web app sends as Accept-Language (`fr`, `es-ES;q=0.9`…), or the default. */
export function requestLanguage(request: FastifyRequest, fallback: Language): Language {
  const header = request.headers['accept-language'];
  if (!header) return fallback;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return fallback;
}

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language a read answers its content in (docs/behaviour.md §15): `?lang=` when it names one of the site's
 * languages, else Accept-Language, else `fallback`. Anything else in `lang` is ignored, never refused.
 */
export function contentLanguage(request: FastifyRequest, fallback: Language): Language {
  const query = request.query;
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  if (typeof asked === 'string' && isLanguage(asked.toLowerCase())) return asked.toLowerCase() as Language;
  return requestLanguage(request, fallback);
}

/** The language cookie the web app writes when the visitor picks a language (apps/web/src/lib/i18n.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/;

/**
 * The language a page is rendered in (docs/behaviour.md §16): `?lang=`, else the visitor's choice (the `lang`
 * cookie), else Accept-Language, else `fallback`. Unknown values are ignored.
 */
export function pageLanguage(request: FastifyRequest, fallback: Language): Language {
  const query = request.query;
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  if (typeof asked === 'string' && isLanguage(asked.toLowerCase())) return asked.toLowerCase() as Language;
  const chosen = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  return requestLanguage(request, fallback);
}
