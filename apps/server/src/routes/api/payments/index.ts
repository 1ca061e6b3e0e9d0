import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { bookingRateLimit } from '../../../plugins/app/bookings/booking-rate-limit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { clientAddressKey } from '../../../lib/client-address.ts';
import { countHit } from '../../../plugins/external/auth-rate-limit.ts';
import { contractRoute } from '../../contract-route.ts';

/** The providers' webhooks read their body raw (Stripe's signature covers the exact bytes; PayPal verifies them as sent): their own encapsulated parser. */
const webhooks: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  contractRoute(app, routes.payments.stripeWebhook, {
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('validation_error', 'Expected a JSON body');
      const signature = request.headers['stripe-signature'];
      return app.payments.checkout.webhook(request.body, typeof signature === 'string' ? signature : undefined);
    },
  });

  contractRoute(app, routes.payments.paypalWebhook, {
    // Each delivery that passes the checks costs two calls to PayPal: counted per address before anything else.
    preHandler: async (request, reply) =>
      countHit(app.db, reply, { key: `paypal-webhook:${clientAddressKey(request.ip)}`, maxPerMinute: config.PAYPAL_WEBHOOK_RATE_LIMIT }),
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('validation_error', 'Expected a JSON body');
      return app.payments.paypalWebhook.receive(request.body, request.headers);
    },
  });
};

const payments: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(webhooks, { config });
  // Checkout, PayPal orders and captures share one per-account counter with POST /bookings.
  const limited = bookingRateLimit(app.db, config.BOOKING_RATE_LIMIT);

  contractRoute(app, routes.payments.checkout, {
    preHandler: [app.authenticate, limited],
    handler: async (request) =>
      app.payments.checkout.start(signedInUser(request), request.body.booking_id, request.body.host_url, { saveCard: request.body.save_card }),
  });

  contractRoute(app, routes.payments.status, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.checkout.status(signedInUser(request), request.params.session_id),
  });

  contractRoute(app, routes.payments.paypalCreateOrder, {
    preHandler: [app.authenticate, limited],
    handler: async (request) => app.payments.paypal.createOrder(signedInUser(request), request.body),
  });

  contractRoute(app, routes.payments.paypalCapture, {
    preHandler: [app.authenticate, limited],
    handler: async (request) => app.payments.paypal.captureOrder(signedInUser(request), request.params.order_id),
  });
};

export default payments;
