import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** Payment provider keys (admin): secrets are stored encrypted and only ever answered masked. */
const paymentSettings: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', app.requireAdmin);

  contractRoute(app, routes.admin.paymentSettings, {
    handler: async () => app.settingsService.paymentSettings(),
  });

  contractRoute(app, routes.admin.updatePaymentSettings, {
    handler: async (request) => app.settingsService.updatePaymentSettings(request.body),
  });
};

export default paymentSettings;
