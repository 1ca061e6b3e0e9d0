import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { badRequest } from '../../../lib/errors.ts';
import { contractRoute } from '../../contract-route.ts';

/** The Stripe webhook reads its body raw (the signature covers the exact bytes): its own encapsulated parser. */
const stripeWebhook: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  contractRoute(app, routes.payments.stripeWebhook, {
    handler: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('validation_error', 'Expected a JSON body');
      const signature = request.headers['stripe-signature'];
      return app.payments.checkout.webhook(request.body, typeof signature === 'string' ? signature : undefined);
    },
  });
};

const payments: FastifyPluginAsyncZod = async (app) => {
  await app.register(stripeWebhook);

  contractRoute(app, routes.payments.checkout, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.checkout.start(signedInUser(request), request.body.booking_id, request.body.host_url),
  });

  contractRoute(app, routes.payments.status, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.checkout.status(signedInUser(request), request.params.session_id),
  });

  contractRoute(app, routes.payments.paypalCreateOrder, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.paypal.createOrder(signedInUser(request), request.body),
  });

  contractRoute(app, routes.payments.paypalCapture, {
    preHandler: app.authenticate,
    handler: async (request) => app.payments.paypal.captureOrder(signedInUser(request), request.params.order_id),
  });
};

export default payments;
