import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { bookingRateLimit } from '../../../plugins/app/bookings/booking-rate-limit.ts';
import { requestLanguage } from '../../../lib/language.ts';
import { contractRoute } from '../../contract-route.ts';

const bookings: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  contractRoute(app, routes.bookings.create, {
    preHandler: [app.authenticate, bookingRateLimit(app.db, config.BOOKING_RATE_LIMIT)],
    handler: async (request, reply) => {
      const language = requestLanguage(request, config.DEFAULT_LANGUAGE);
      const { booking, reused } = await app.bookingsService.create(signedInUser(request), request.body, language);
      // The guest's own hold on the same room and dates was re-used (only the payment method changed): 200, not 201.
      return reply.code(reused ? 200 : 201).send(booking);
    },
  });

  // Property names in the reader's language (docs/behaviour.md §15).
  contractRoute(app, routes.bookings.mine, {
    config: { contentLanguage: true },
    preHandler: app.authenticate,
    handler: async (request) => app.bookingsService.listForUser(signedInUser(request).id, request.contentLanguage),
  });

  contractRoute(app, routes.bookings.all, {
    config: { contentLanguage: true },
    preValidation: app.requireAdmin,
    // Tens of thousands of rows: toBooking already gives each its contract shape, so the answer is not validated
    // row by row again (zod took a fifth of the call at 50,000 bookings; see docs/performance.md).
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: async (request) => (await app.bookingsService.listAll({}, request.contentLanguage)).bookings,
  });

  contractRoute(app, routes.bookings.cancel, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.cancellations.cancel(signedInUser(request), request.params.id, request.body ?? {}),
  });

  contractRoute(app, routes.bookings.cancellation, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.cancellations.quote(signedInUser(request), request.params.id),
  });

  // Online check-in (docs/decisions/0036-online-check-in.md): the booking's guest or an admin; personal data, never cached.
  contractRoute(app, routes.bookings.checkIn, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return app.checkIn.get(signedInUser(request), request.params.id);
    },
  });

  contractRoute(app, routes.bookings.saveCheckIn, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return app.checkIn.save(signedInUser(request), request.params.id, request.body);
    },
  });
};

export default bookings;
