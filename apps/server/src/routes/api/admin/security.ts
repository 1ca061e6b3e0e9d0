import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { conflict } from '../../../lib/errors.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/** The owner's security settings (docs/decisions/0034); admins only, as the whole folder. */
const security: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.security.settings, {
    handler: async () => app.settingsService.securitySettings(),
  });

  contractRoute(app, routes.security.updateSettings, {
    handler: async (request) => {
      // Whoever requires it has it: an owner cannot lock themselves out of the settings that would undo it.
      if (request.body.require_two_factor_for_staff && !signedInUser(request).twoFactorSecret) {
        throw conflict('two_factor_not_enabled', 'Turn on two-factor sign-in on your own account first');
      }
      return app.settingsService.setSecuritySettings(request.body);
    },
  });
};

export default security;
