import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { bookingRateLimit } from '../../../plugins/app/bookings/booking-rate-limit.ts';
import { contractRoute } from '../../contract-route.ts';

/** The site's payment terms (public) and the guest paying a balance (decision 0044); the admin's calls are under /admin. */
const balances: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  contractRoute(app, routes.balances.terms, {
    config: { publicCache: true },
    handler: async () => app.balances.terms(),
  });

  // Opening a payment shares the per-account counter of bookings, checkouts and captures.
  contractRoute(app, routes.balances.pay, {
    preHandler: [app.authenticate, bookingRateLimit(app.db, config.BOOKING_RATE_LIMIT)],
    handler: async (request) => app.balances.pay(signedInUser(request), request.params.id, request.body),
  });
};

export default balances;
