import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { authRateLimit } from '../../../plugins/external/auth-rate-limit.ts';
import { signedInSession, signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/** Two-factor sign-in and signed-in devices (docs/decisions/0034-two-factor-and-sessions.md). */
const security: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const limited = authRateLimit(app.db, config.AUTH_RATE_LIMIT);

  contractRoute(app, routes.security.twoFactorSetup, {
    preHandler: app.authenticate,
    handler: async (request) => app.twoFactor.setup(signedInUser(request)),
  });

  contractRoute(app, routes.security.twoFactorEnable, {
    preHandler: app.authenticate,
    handler: async (request) => ({ recovery_codes: await app.twoFactor.enable(signedInUser(request), request.body.code, request.ip) }),
  });

  contractRoute(app, routes.security.twoFactorDisable, {
    preHandler: app.authenticate,
    handler: async (request) => {
      const user = signedInUser(request);
      await app.authService.checkCurrentPassword(user, request.body.current_password);
      await app.twoFactor.disable(user, request.body.code, request.ip);
      return { detail: 'Two-factor sign-in is off' };
    },
  });

  contractRoute(app, routes.security.loginTwoFactor, {
    preHandler: limited,
    handler: async (request) => app.authService.session(await app.twoFactor.complete(request.body, request.ip)),
  });

  contractRoute(app, routes.security.sessions, {
    preHandler: app.authenticate,
    handler: async (request) => app.sessions.list(signedInSession(request)),
  });

  contractRoute(app, routes.security.endSession, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      await app.sessions.end(signedInSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  contractRoute(app, routes.security.endOtherSessions, {
    preHandler: app.authenticate,
    handler: async (request) => app.authService.endOtherSessions(signedInSession(request)),
  });
};

export default security;
