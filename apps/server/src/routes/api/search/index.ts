import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/**
 * The public search (issue 26): cached as the other public reads, so a booking, a block or a calendar sync, on any
 * instance, drops its answers at once (plugins/external/public-cache.ts, migration 0005's triggers).
 */
const search: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.search.rooms, {
    config: { publicCache: true, contentLanguage: true },
    handler: async (request) => app.searchService.search(request.query, request.contentLanguage),
  });
};

export default search;
