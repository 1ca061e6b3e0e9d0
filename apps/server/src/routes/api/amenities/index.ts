import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';
import { amenityVocabulary } from '../../../plugins/app/content/amenities.ts';

/** The vocabulary of amenities, labelled in the language asked (docs/behaviour.md §15): the admin's room form offers it. */
const amenities: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.amenities.list, {
    config: { contentLanguage: true },
    handler: async (request) => amenityVocabulary(request.contentLanguage),
  });
};

export default amenities;
