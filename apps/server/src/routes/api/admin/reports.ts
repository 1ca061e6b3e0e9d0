import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** A CSV download: a file name, never kept by a shared cache (guests' names and money). */
function sendCsv(reply: FastifyReply, name: string, body: Readable) {
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'private, no-store');
  return reply.type('text/csv; charset=utf-8').send(body);
}

/** The owner's numbers and the exports (issue 30; registered inside the admin routes). */
const reports: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.reports.report, {
    handler: async (request) => app.reports.report(request.query),
  });

  contractRoute(app, routes.reports.bookingsCsv, {
    handler: async (request, reply) => sendCsv(reply, 'bookings.csv', app.reportExports.bookings(request.query)),
  });

  contractRoute(app, routes.reports.paymentsCsv, {
    handler: async (request, reply) => sendCsv(reply, `payments-${request.query.from}-${request.query.to}.csv`, app.reportExports.payments(request.query.from, request.query.to)),
  });

  contractRoute(app, routes.reports.taxesCsv, {
    handler: async (request, reply) => sendCsv(reply, `taxes-${request.query.from}-${request.query.to}.csv`, app.reportExports.taxes(request.query.from, request.query.to)),
  });
};

export default reports;
