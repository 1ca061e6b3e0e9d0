import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';
import { contentView } from '../../content-view.ts';

const rooms: FastifyPluginAsyncZod = async (app) => {
  // Amenities in the language asked (docs/behaviour.md §15); an admin's token adds them as stored (amenity_keys).
  const publicRead = { config: { publicCache: true, contentLanguage: true, adminView: true }, preHandler: app.identifyIfPresent };
  const adminWrite = { config: { contentLanguage: true }, preValidation: app.requireAdmin };

  contractRoute(app, routes.rooms.list, {
    ...publicRead,
    handler: async (request) => app.roomsService.list(request.query.property_id, contentView(request)),
  });

  contractRoute(app, routes.rooms.get, {
    ...publicRead,
    handler: async (request) => app.roomsService.get(request.params.id, contentView(request)),
  });

  contractRoute(app, routes.rooms.availability, {
    config: { publicCache: true },
    handler: async (request) => app.bookingsService.availability(request.params.id, request.query.start, request.query.end),
  });

  contractRoute(app, routes.rooms.quote, {
    config: { publicCache: true, contentLanguage: true },
    handler: async (request) => {
      const { start_date, end_date, adults, children } = request.query;
      return app.roomsService.quote(request.params.id, start_date, end_date, { adults, children }, request.contentLanguage);
    },
  });

  contractRoute(app, routes.rooms.create, {
    ...adminWrite,
    handler: async (request, reply) => reply.code(201).send(await app.roomsService.create(request.body, contentView(request))),
  });

  contractRoute(app, routes.rooms.update, {
    ...adminWrite,
    handler: async (request) => app.roomsService.update(request.params.id, request.body, contentView(request)),
  });

  contractRoute(app, routes.rooms.remove, {
    preValidation: app.requireAdmin,
    handler: async (request, reply) => {
      await app.roomsService.archive(request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default rooms;
