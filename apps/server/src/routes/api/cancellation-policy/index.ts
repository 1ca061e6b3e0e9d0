import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { contractRoute } from '../../contract-route.ts';

/** The site's cancellation policy, public (the admin changes it under /admin/cancellation-policy). */
const cancellationPolicy: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.cancellation.policy, {
    config: { publicCache: true },
    handler: async () => app.settingsService.cancellationPolicy(),
  });
};

export default cancellationPolicy;
