import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, HealthResponse, PublicConfig } from '@roomweek/contract';
import type { Config } from '../../../config.ts';

const system: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Answers once the database answers', response: { 200: HealthResponse, 503: ErrorResponse } } },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ detail: 'Database unavailable', code: 'internal_error' });
      }
    },
  );

  app.get(
    '/config',
    { config: { publicCache: true }, schema: { tags: ['system'], summary: 'Public settings the web app needs (never a secret)', response: { 200: PublicConfig } } },
    async () => {
      const [whatsappNumber, credentials] = await Promise.all([
        app.settingsService.whatsappNumber(),
        app.settingsService.paymentCredentials(),
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
        booking_hold_minutes: config.BOOKING_HOLD_MINUTES,
      };
    },
  );
};

export default system;
