import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Booking, BookingStatus, ErrorResponse, WhatsappSettings, WhatsappSettingsUpdate } from '@roomweek/contract';
import type { Config } from '../../../config.ts';

const tags = ['admin'];
const secured = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

const AdminBookingsQuery = z.object({
  status: BookingStatus.optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

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
