import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';
import { exportFileName, limitExports } from '../auth/account-data.ts';

/** The admin's guests: the list, a guest's export, anonymising a guest on request (registered inside the admin routes). */
const guests: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.admin.guests, {
    handler: async (request, reply) => {
      const { guests: page, total } = await app.privacy.guests(request.query);
      reply.header('x-total-count', String(total));
      return page;
    },
  });

  contractRoute(app, routes.admin.exportGuest, {
    handler: async (request, reply) => {
      await limitExports(app, reply, signedInUser(request).id);
      const data = await app.privacy.guestExport(request.params.id);
      reply.header('content-disposition', `attachment; filename="${exportFileName(`guest-${data.profile.id.slice(0, 8)}`, data.exported_at)}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  });

  contractRoute(app, routes.admin.anonymiseGuest, {
    handler: async (request) => app.privacy.anonymiseGuest(signedInUser(request), request.params.id, request.body),
  });
};

export default guests;
