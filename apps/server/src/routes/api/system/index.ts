import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { siteToday } from '../../../lib/dates.ts';
import { contractRoute } from '../../contract-route.ts';

const system: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  contractRoute(app, routes.system.health, {
    // A database out of reach throws: the error handler answers 503 database_unavailable and logs the outage once.
    handler: async () => {
      await app.databasePing();
      return { status: 'ok' as const };
    },
  });

  // Liveness (/health) says the process answers; readiness says send it traffic. While shutting down, the shutdown
  // plugin answers 503 `shutting_down` before this handler runs.
  contractRoute(app, routes.system.ready, {
    handler: async (_request, reply) => {
      const readiness = await app.readiness();
      if (!readiness.ready) return reply.code(503).header('retry-after', '5').send({ detail: `Not ready: ${readiness.reason}`, code: 'not_ready' });
      return { status: 'ready' as const };
    },
  });

  contractRoute(app, routes.system.config, {
    config: { publicCache: true },
    handler: async () => {
      const [whatsappNumber, credentials, business] = await Promise.all([
        app.settingsService.whatsappNumber(),
        app.settingsService.paymentCredentials(),
        app.settingsService.publicBusiness(),
      ]);
      return {
        whatsapp_number: whatsappNumber,
        paypal_client_id: credentials.paypalClientId ?? '',
        paypal_mode: credentials.paypalMode,
        stripe_enabled: Boolean(credentials.stripeSecretKey),
        paypal_enabled: Boolean(credentials.paypalClientId && credentials.paypalSecret),
        map_tile_url: config.MAP_TILE_URL,
        default_language: config.DEFAULT_LANGUAGE,
        site_time_zone: config.TZ_SITE,
        // The public cache's time to live bounds how long this stays the day before after midnight.
        site_today: siteToday(config.TZ_SITE),
        booking_hold_minutes: config.BOOKING_HOLD_MINUTES,
        site_url: config.PUBLIC_URL,
        business,
        invoice_retention_years: config.INVOICE_RETENTION_YEARS,
      };
    },
  });
};

export default system;
