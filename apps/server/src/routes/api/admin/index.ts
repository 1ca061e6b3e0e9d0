import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAvailability,
  AdminBookingsQuery,
  Booking,
  BookingSummary,
  ErrorResponse,
  WhatsappSettings,
  WhatsappSettingsUpdate,
} from '@roomweek/contract';
import type { Config } from '../../../config.ts';

const tags = ['admin'];
const secured = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Everything here is for administrators only. */
const admin: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('preHandler', app.requireAdmin);
  const delivery = () => (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID ? 'cloud_api' : 'log') as 'cloud_api' | 'log';

  app.get(
    '/bookings',
    {
      schema: {
        tags,
        security: secured,
        summary: 'Every booking with room number and property name; optional filter and page (X-Total-Count)',
        querystring: AdminBookingsQuery,
        response: { 200: z.array(Booking), ...errors },
      },
    },
    async (request, reply) => {
      const { bookings, total } = await app.bookingsService.listAll(request.query);
      reply.header('x-total-count', String(total));
      return bookings;
    },
  );

  app.get(
    '/bookings/summary',
    { schema: { tags, security: secured, summary: 'Counters and revenue over every booking', response: { 200: BookingSummary, ...errors } } },
    async () => app.bookingsService.summary(),
  );

  app.get(
    '/availability',
    {
      schema: {
        tags,
        security: secured,
        summary: "The site's today and the bookings the availability screen needs: covering today, arriving within 7 days, each room's next",
        response: { 200: AdminAvailability, ...errors },
      },
    },
    async () => app.bookingsService.availabilityToday(),
  );

  app.get('/whatsapp-settings', { schema: { tags, security: secured, response: { 200: WhatsappSettings, ...errors } } }, async () => ({
    whatsapp_number: await app.settingsService.whatsappNumber(),
    delivery: delivery(),
  }));

  app.put(
    '/whatsapp-settings',
    { schema: { tags, security: secured, body: WhatsappSettingsUpdate, response: { 200: WhatsappSettings, ...errors } } },
    async (request) => ({
      whatsapp_number: await app.settingsService.setWhatsappNumber(request.body.whatsapp_number),
      delivery: delivery(),
    }),
  );
};

export default admin;
