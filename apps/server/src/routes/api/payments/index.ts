import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutBody,
  CheckoutResponse,
  CreateOrderBody,
  CreateOrderResponse,
  ErrorResponse,
  OrderIdParams,
  PaymentStatusResponse,
  SessionIdParams,
  WebhookResponse,
} from '@roomweek/contract';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { badRequest } from '../../../lib/errors.ts';

const tags = ['payments'];
const secured = [{ bearer: [] }];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
};

/** The Stripe webhook reads its body raw (the signature covers the exact bytes): its own encapsulated parser. */
const stripeWebhook: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhook/stripe',
    {
      schema: {
        tags,
        summary: 'Stripe events: checkout.session.completed / async_payment_succeeded confirm, expired releases the hold',
        response: { 200: WebhookResponse, 400: ErrorResponse, 502: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('validation_error', 'Expected a JSON body');
      const signature = request.headers['stripe-signature'];
      return app.paymentsService.handleStripeWebhook(request.body, typeof signature === 'string' ? signature : undefined);
    },
  );
};

const payments: FastifyPluginAsyncZod = async (app) => {
  await app.register(stripeWebhook);

  app.post(
    '/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: secured,
        summary: "Opens a Stripe Checkout Session for one of your pending card bookings; answers the page's url",
        body: CheckoutBody,
        response: { 200: CheckoutResponse, ...errors },
      },
    },
    async (request) => app.paymentsService.startCheckout(signedInUser(request), request.body.booking_id, request.body.host_url),
  );

  app.get(
    '/status/:session_id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: secured,
        summary: 'Re-reads a checkout session and confirms its booking once paid (owner or admin)',
        params: SessionIdParams,
        response: { 200: PaymentStatusResponse, ...errors },
      },
    },
    async (request) => app.paymentsService.stripeStatus(signedInUser(request), request.params.session_id),
  );

  app.post(
    '/paypal/create-order',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: secured,
        summary: 'Creates a PayPal order for one of your pending PayPal bookings',
        body: CreateOrderBody,
        response: { 200: CreateOrderResponse, ...errors },
      },
    },
    async (request) => app.paymentsService.createPaypalOrder(signedInUser(request), request.body),
  );

  app.post(
    '/paypal/capture/:order_id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: secured,
        summary: 'Captures your approved PayPal order (idempotent: a repeated capture never charges twice)',
        params: OrderIdParams,
        response: { 200: PaymentStatusResponse, ...errors },
      },
    },
    async (request) => app.paymentsService.capturePaypalOrder(signedInUser(request), request.params.order_id),
  );
};

export default payments;
