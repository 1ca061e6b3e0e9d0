import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

const properties: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.properties.list, {
    config: { publicCache: true },
    handler: async () => app.propertiesRepository.list(),
  });

  contractRoute(app, routes.properties.get, {
    config: { publicCache: true },
    handler: async (request) => app.propertiesRepository.get(request.params.id),
  });

  contractRoute(app, routes.properties.create, {
    preHandler: app.requireAdmin,
    handler: async (request, reply) => reply.code(201).send(await app.propertiesRepository.create(request.body)),
  });

  contractRoute(app, routes.properties.update, {
    preHandler: app.requireAdmin,
    handler: async (request) => app.propertiesRepository.update(request.params.id, request.body),
  });

  contractRoute(app, routes.properties.remove, {
    preHandler: app.requireAdmin,
    handler: async (request, reply) => {
      await app.propertiesRepository.archive(request.params.id, app.bookingsService.today());
      return reply.code(204).send(null);
    },
  });
};

export default properties;
