import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { Language } from '@roomweek/contract';
import { contentLanguage } from '../../lib/language.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer holds content (a property's texts, a room's amenities) in the language asked: `?lang=`, else
     * Accept-Language, else the site's default (docs/behaviour.md §15). It says which in `Content-Language`, and
     * `Vary: Accept-Language`; the public cache keeps one answer per language.
     */
    contentLanguage?: boolean;
    /** An admin's token adds every language's texts to the answer: such a request skips the public cache. */
    adminView?: boolean;
  }
  interface FastifyRequest {
    /** The language the answer's content is in (the site's default on routes without `config.contentLanguage`). */
    contentLanguage: Language;
  }
}

function addVary(reply: FastifyReply, header: string) {
  const vary = reply.getHeader('vary');
  const present = vary === undefined ? [] : String(vary).split(',').map((name) => name.trim().toLowerCase());
  if (!present.includes(header.toLowerCase())) reply.header('vary', vary === undefined ? header : `${String(vary)}, ${header}`);
}

/**
 * Chooses the content language of the routes marked `config: { contentLanguage: true }`, before the public cache looks
 * for their answer (registered before public-cache), and labels the answer.
 */
export default fp<{ defaultLanguage: Language }>(
  async (app, { defaultLanguage }) => {
    app.decorateRequest('contentLanguage', defaultLanguage);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config.contentLanguage) request.contentLanguage = contentLanguage(request, defaultLanguage);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.config.contentLanguage) {
        addVary(reply, 'Accept-Language');
        if (reply.statusCode < 400) reply.header('content-language', request.contentLanguage);
      }
      done(null, payload);
    });
  },
  { name: 'content-language' },
);
