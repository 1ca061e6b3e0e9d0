import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, PaymentSettings, PaymentSettingsUpdate } from '@roomweek/contract';

const tags = ['admin'];
const secured = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Payment provider keys (admin): secrets are stored encrypted and only ever answered masked. */
const paymentSettings: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get('/', { schema: { tags, security: secured, response: { 200: PaymentSettings, ...errors } } }, async () =>
    app.settingsService.paymentSettings(),
  );

  app.put(
    '/',
    { schema: { tags, security: secured, summary: 'Only the fields sent change; empty keeps the current value', body: PaymentSettingsUpdate, response: { 200: PaymentSettings, ...errors } } },
    async (request) => app.settingsService.updatePaymentSettings(request.body),
  );
};

export default paymentSettings;
