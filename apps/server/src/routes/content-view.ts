import type { FastifyRequest } from 'fastify';
import type { ContentView } from '../plugins/app/content/translations.ts';

/**
 * How this request is shown content: in the language chosen for it (plugins/external/content-language.ts), and as an
 * admin when an admin's token identified it (every language's texts as written; docs/behaviour.md §15).
 */
export const contentView = (request: FastifyRequest): ContentView => ({
  language: request.contentLanguage,
  admin: request.user?.role === 'admin',
});
