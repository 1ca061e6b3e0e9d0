import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** The guest registration: a day's arrivals and the export for the authorities (registered inside the admin routes). */
const checkIns: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.checkIns.day, {
    handler: async (request) => app.checkInRegister.day(request.query.date, request.query.property_id),
  });

  contractRoute(app, routes.checkIns.exportCsv, {
    handler: async (request, reply) => {
      const { from, to, property_id: propertyId } = request.query;
      reply.header('content-disposition', `attachment; filename="check-ins-${from}-${to}.csv"`);
      // Identity documents: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return reply.type('text/csv; charset=utf-8').send(await app.checkInRegister.csv(from, to, propertyId));
    },
  });
};

export default checkIns;
