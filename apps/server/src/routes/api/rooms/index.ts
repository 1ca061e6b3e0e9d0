import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

const rooms: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.rooms.list, {
    config: { publicCache: true },
    handler: async (request) => app.roomsRepository.list(request.query.property_id),
  });

  contractRoute(app, routes.rooms.get, {
    config: { publicCache: true },
    handler: async (request) => app.roomsRepository.get(request.params.id),
  });

  contractRoute(app, routes.rooms.availability, {
    config: { publicCache: true },
    handler: async (request) => app.bookingsService.availability(request.params.id, request.query.start, request.query.end),
  });

  contractRoute(app, routes.rooms.quote, {
    config: { publicCache: true },
    handler: async (request) => app.roomsService.quote(request.params.id, request.query.start_date, request.query.end_date),
  });

  contractRoute(app, routes.rooms.create, {
    preHandler: app.requireAdmin,
    handler: async (request, reply) => reply.code(201).send(await app.roomsService.create(request.body)),
  });

  contractRoute(app, routes.rooms.update, {
    preHandler: app.requireAdmin,
    handler: async (request) => app.roomsService.update(request.params.id, request.body),
  });

  contractRoute(app, routes.rooms.remove, {
    preHandler: app.requireAdmin,
    handler: async (request, reply) => {
      await app.roomsRepository.archive(request.params.id, app.bookingsService.today());
      return reply.code(204).send(null);
    },
  });
};

export default rooms;
