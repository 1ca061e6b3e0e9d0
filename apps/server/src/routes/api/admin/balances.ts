import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/** The owner's side of deposits and balances (decision 0044; registered inside the admin routes). */
const balances: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.balances.updateTerms, {
    handler: async (request) => app.balances.updateTerms(request.body),
  });

  contractRoute(app, routes.balances.manage, {
    handler: async (request) => app.balances.manage(signedInUser(request), request.params.id, request.body),
  });

  contractRoute(app, routes.balances.payments, {
    handler: async (request) => app.balances.payments(request.params.id),
  });

  contractRoute(app, routes.balances.recordPayment, {
    handler: async (request, reply) => reply.code(201).send(await app.balances.recordPayment(signedInUser(request), request.params.id, request.body)),
  });

  contractRoute(app, routes.balances.overdue, {
    handler: async () => app.balances.overdue(),
  });
};

export default balances;
