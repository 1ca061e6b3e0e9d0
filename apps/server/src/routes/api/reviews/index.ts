import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * Verified reviews (docs/decisions/0035-verified-reviews.md): the guest's, the public's and the owner's calls. Registered
 * at /api: their paths sit beside the bookings', properties', rooms' and admin's.
 */
const reviews: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.reviews.write, {
    preHandler: app.authenticate,
    handler: async (request, reply) => reply.code(201).send(await app.reviews.write(signedInUser(request), request.params.id, request.body)),
  });

  contractRoute(app, routes.reviews.edit, {
    preHandler: app.authenticate,
    handler: async (request) => app.reviews.edit(signedInUser(request), request.params.id, request.body),
  });

  contractRoute(app, routes.reviews.mine, {
    preHandler: app.authenticate,
    handler: async (request) => app.reviews.mine(signedInUser(request)),
  });

  // Public and cached; a new, changed or hidden review drops the cache (migration 0022's trigger, decision 0011).
  contractRoute(app, routes.reviews.property, {
    config: { publicCache: true },
    handler: async (request) => app.reviews.visible({ propertyId: request.params.id }, request.query),
  });

  contractRoute(app, routes.reviews.room, {
    config: { publicCache: true },
    handler: async (request) => app.reviews.visible({ roomId: request.params.id }, request.query),
  });

  contractRoute(app, routes.reviews.adminList, {
    preValidation: app.requireAdmin,
    handler: async (request) => app.reviews.adminList(request.query),
  });

  contractRoute(app, routes.reviews.reply, {
    preValidation: app.requireAdmin,
    handler: async (request) => app.reviews.reply(request.params.id, request.body.reply),
  });

  contractRoute(app, routes.reviews.visibility, {
    preValidation: app.requireAdmin,
    handler: async (request) => app.reviews.setVisibility(request.params.id, request.body.hidden, request.body.reason),
  });
};

export default reviews;
