import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** A period's invoices and credit notes, listed and exported for the accountant (registered inside the admin routes). */
const invoices: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.invoices.adminList, {
    handler: async (request) => app.invoicing.period(request.query.from, request.query.to),
  });

  contractRoute(app, routes.invoices.exportCsv, {
    handler: async (request, reply) => {
      const { from, to } = request.query;
      reply.header('content-disposition', `attachment; filename="invoices-${from}-${to}.csv"`);
      // Guests' names: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return reply.type('text/csv; charset=utf-8').send(await app.invoicing.periodCsv(from, to));
    },
  });
};

export default invoices;
