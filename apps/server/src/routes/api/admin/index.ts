import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { contractRoute } from '../../contract-route.ts';
import balancesRoutes from './balances.ts';
import reportsRoutes from './reports.ts';
import calendarRoutes from './calendar.ts';
import checkInsRoutes from './check-ins.ts';
import guestsRoutes from './guests.ts';
import invoicesRoutes from './invoices.ts';
import securityRoutes from './security.ts';
import teamRoutes from './team.ts';

/** Everything here is for administrators, and for staff where the permission table allows (packages/contract/src/permissions.ts). */
const admin: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('preValidation', app.requireAdmin);
  await app.register(guestsRoutes);
  await app.register(calendarRoutes);
  await app.register(securityRoutes);
  await app.register(invoicesRoutes);
  await app.register(checkInsRoutes);
  await app.register(teamRoutes);
  await app.register(balancesRoutes);
  await app.register(reportsRoutes);
  const delivery = () => (config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID ? 'cloud_api' : 'log') as 'cloud_api' | 'log';

  contractRoute(app, routes.admin.bookings, {
    // Property names in the admin's language (docs/behaviour.md §15).
    config: { contentLanguage: true },
    handler: async (request, reply) => {
      const { bookings, total } = await app.bookingsService.listAll(request.query, request.contentLanguage);
      reply.header('x-total-count', String(total));
      return bookings;
    },
  });

  // A stay taken by phone or e-mail (docs/decisions/0032).
  contractRoute(app, routes.admin.createBooking, {
    config: { contentLanguage: true },
    handler: async (request, reply) => reply.code(201).send(await app.ownerBookings.create(request.body, request.contentLanguage)),
  });

  contractRoute(app, routes.admin.bookingSummary, {
    handler: async () => ({ ...(await app.bookingsService.summary()), warnings: config.siteWarnings }),
  });

  contractRoute(app, routes.admin.refund, {
    handler: async (request) => app.payments.cancellations.refund(request.params.id, request.body, request.headers['idempotency-key']),
  });

  // On-site bookings waiting for the owner (docs/decisions/0029).
  contractRoute(app, routes.admin.approveBooking, {
    config: { contentLanguage: true },
    handler: async (request) => app.bookingsService.approve(request.params.id, request.body?.message, request.contentLanguage),
  });

  contractRoute(app, routes.admin.declineBooking, {
    config: { contentLanguage: true },
    handler: async (request) => app.bookingsService.decline(request.params.id, request.body?.message, request.contentLanguage),
  });

  contractRoute(app, routes.admin.business, {
    handler: async () => app.settingsService.business(),
  });

  contractRoute(app, routes.admin.updateBusiness, {
    handler: async (request) => app.settingsService.setBusiness(request.body),
  });

  contractRoute(app, routes.admin.bookingSettings, {
    handler: async () => app.settingsService.bookingSettings(),
  });

  contractRoute(app, routes.admin.updateBookingSettings, {
    handler: async (request) => app.settingsService.setBookingSettings(request.body),
  });

  contractRoute(app, routes.cancellation.updatePolicy, {
    handler: async (request) => app.settingsService.setCancellationPolicy(request.body),
  });

  contractRoute(app, routes.admin.availability, {
    config: { contentLanguage: true },
    handler: async (request) => app.bookingsService.availabilityToday(request.contentLanguage),
  });

  contractRoute(app, routes.admin.whatsappSettings, {
    handler: async () => ({
      whatsapp_number: await app.settingsService.whatsappNumber(),
      delivery: delivery(),
    }),
  });

  contractRoute(app, routes.admin.updateWhatsappSettings, {
    handler: async (request) => ({
      whatsapp_number: await app.settingsService.setWhatsappNumber(request.body.whatsapp_number),
      delivery: delivery(),
    }),
  });
};

export default admin;
