import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Booking, CreateBookingBody, ErrorResponse, IdParams } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { requestLanguage } from '../../../lib/language.ts';

const tags = ['bookings'];
const secured = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const bookings: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: secured,
        summary: 'Book a room at the server-computed price; on_site is confirmed, stripe/paypal pending with a hold',
        body: CreateBookingBody,
        response: { 201: Booking, ...errors },
      },
    },
    async (request, reply) => {
      const booking = await app.bookingsService.create(
        signedInUser(request),
        request.body,
        requestLanguage(request, config.DEFAULT_LANGUAGE),
      );
      return reply.code(201).send(booking);
    },
  );

  app.get(
    '/',
    { preHandler: app.authenticate, schema: { tags, security: secured, summary: "The signed-in user's bookings", response: { 200: z.array(Booking), 401: ErrorResponse } } },
    async (request) => app.bookingsService.listForUser(signedInUser(request).id),
  );

  app.get(
    '/all',
    {
      preHandler: app.requireAdmin,
      // Tens of thousands of rows: toBooking already gives each its contract shape, so the answer is not validated
      // row by row again (zod took a fifth of the call at 50,000 bookings; see docs/performance.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: { tags, security: secured, summary: 'Every booking (admin)', response: { 200: z.array(Booking), ...errors } },
    },
    async () => (await app.bookingsService.listAll()).bookings,
  );

  app.put(
    '/:id/cancel',
    {
      preHandler: app.authenticate,
      schema: { tags, security: secured, summary: 'Cancel one of your bookings (admins: any)', params: IdParams, response: { 200: Booking, ...errors } },
    },
    async (request) => app.bookingsService.cancel(signedInUser(request), request.params.id),
  );
};

export default bookings;
