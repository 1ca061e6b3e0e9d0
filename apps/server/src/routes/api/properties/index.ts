import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';
import { contentView } from '../../content-view.ts';

const properties: FastifyPluginAsyncZod = async (app) => {
  // Texts in the language asked (docs/behaviour.md §15); an admin's token adds every language's, as written.
  const publicRead = { config: { publicCache: true, contentLanguage: true, adminView: true }, preHandler: app.identifyIfPresent };
  const adminWrite = { config: { contentLanguage: true }, preValidation: app.requireAdmin };

  contractRoute(app, routes.properties.list, {
    ...publicRead,
    handler: async (request) => app.propertiesService.list(contentView(request)),
  });

  contractRoute(app, routes.properties.get, {
    ...publicRead,
    handler: async (request) => app.propertiesService.get(request.params.id, contentView(request)),
  });

  contractRoute(app, routes.properties.create, {
    ...adminWrite,
    handler: async (request, reply) => reply.code(201).send(await app.propertiesService.create(request.body, contentView(request))),
  });

  contractRoute(app, routes.properties.update, {
    ...adminWrite,
    handler: async (request) => app.propertiesService.update(request.params.id, request.body, contentView(request)),
  });

  contractRoute(app, routes.properties.remove, {
    preValidation: app.requireAdmin,
    handler: async (request, reply) => {
      await app.propertiesService.archive(request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default properties;
