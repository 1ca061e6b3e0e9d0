import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** A room's exported iCal feed, fetched by Airbnb, Booking.com or Vrbo: public, its secret URL is the key. */
const ical: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.calendar.exportFeed, {
    handler: async (request, reply) => {
      const feed = await app.calendar.service.exportFeed(request.params.token);
      // Never kept by a shared cache: the URL is a secret, and the nights change.
      reply.header('cache-control', 'private, no-cache');
      reply.header('content-disposition', 'inline; filename="calendar.ics"');
      return reply.type('text/calendar; charset=utf-8').send(feed);
    },
  });
};

export default ical;
