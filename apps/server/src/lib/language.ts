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
