import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { timeline } from '../../../plugins/app/calendar/timeline.ts';
import { contractRoute } from '../../contract-route.ts';

/** The owner's calendar (docs/behaviour.md §14): registered inside the admin routes, whose hook lets admins only. */
const calendar: FastifyPluginAsyncZod = async (app) => {
  const { service, sync, repository } = app.calendar;

  contractRoute(app, routes.calendar.timeline, {
    handler: async (request) =>
      timeline(repository, request.query, { today: service.today(), exportUrl: (token) => service.exportUrl(token) }),
  });

  contractRoute(app, routes.calendar.blocks, {
    handler: async (request) => service.blocks(request.params.id),
  });

  contractRoute(app, routes.calendar.createBlock, {
    handler: async (request, reply) => reply.code(201).send(await service.createBlock(request.params.id, request.body)),
  });

  contractRoute(app, routes.calendar.removeBlock, {
    handler: async (request, reply) => {
      await service.removeBlock(request.params.id, request.params.block_id);
      return reply.code(204).send(null);
    },
  });

  contractRoute(app, routes.calendar.calendars, {
    handler: async (request) => service.calendars(request.params.id),
  });

  contractRoute(app, routes.calendar.addCalendar, {
    handler: async (request, reply) => reply.code(201).send(await service.addCalendar(request.params.id, request.body)),
  });

  contractRoute(app, routes.calendar.removeCalendar, {
    handler: async (request, reply) => {
      await service.removeCalendar(request.params.id, request.params.calendar_id);
      return reply.code(204).send(null);
    },
  });

  contractRoute(app, routes.calendar.syncCalendar, {
    handler: async (request) => sync.syncNow(request.params.id, request.params.calendar_id),
  });

  contractRoute(app, routes.calendar.regenerateToken, {
    handler: async (request) => service.regenerateToken(request.params.id),
  });

  contractRoute(app, routes.calendar.conflicts, {
    handler: async () => service.conflicts(),
  });
};

export default calendar;
