import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * Invoices and credit notes (docs/decisions/0037-invoices.md): a booking's list and each document's PDF, for the
 * booking's guest and the admins. Registered at /api: the list's path sits beside the bookings'.
 */
const invoices: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.invoices.ofBooking, {
    preHandler: app.authenticate,
    handler: async (request) => app.invoicing.ofBooking(signedInUser(request), request.params.id),
  });

  // Who the invoices are made out to, until the first one is issued; the property's name in the reader's language.
  contractRoute(app, routes.invoices.billing, {
    preHandler: app.authenticate,
    config: { contentLanguage: true },
    handler: async (request) => app.invoicing.setBilling(signedInUser(request), request.params.id, request.body.billing, request.contentLanguage),
  });

  contractRoute(app, routes.invoices.pdf, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const { number, bytes } = await app.invoicing.pdf(signedInUser(request), request.params.number);
      // Personal data: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `inline; filename="${number}.pdf"`);
      // Bytes go out as they are (Fastify serializes no Buffer); the contract names the answer a string for OpenAPI.
      return reply.type('application/pdf').send(Buffer.from(bytes) as unknown as string);
    },
  });
};

export default invoices;
