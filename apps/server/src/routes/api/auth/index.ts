import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { authRateLimit } from '../../../plugins/external/auth-rate-limit.ts';
import { signedInSession, signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { requestLanguage } from '../../../lib/language.ts';
import { contractRoute } from '../../contract-route.ts';
import accountDataRoutes from './account-data.ts';
import securityRoutes from './security.ts';

const auth: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const limited = authRateLimit(app.db, config.AUTH_RATE_LIMIT);
  await app.register(accountDataRoutes);
  await app.register(securityRoutes, { config });

  contractRoute(app, routes.auth.register, {
    preHandler: limited,
    handler: async (request, reply) => {
      const session = await app.authService.register(request.body, requestLanguage(request, config.DEFAULT_LANGUAGE));
      return reply.code(201).send(session);
    },
  });

  contractRoute(app, routes.auth.login, {
    preHandler: limited,
    handler: async (request) => app.authService.login(request.body, request.ip),
  });

  contractRoute(app, routes.auth.logout, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      await app.authService.logout(signedInSession(request));
      return reply.code(204).send(null);
    },
  });

  contractRoute(app, routes.auth.me, {
    preHandler: app.authenticate,
    handler: async (request) => app.authService.profile(signedInUser(request)),
  });

  contractRoute(app, routes.auth.updateProfile, {
    preHandler: app.authenticate,
    handler: async (request) => app.authService.updateProfile(signedInUser(request), request.body),
  });

  contractRoute(app, routes.auth.changePassword, {
    preHandler: app.authenticate,
    handler: async (request) => app.authService.changePassword(signedInUser(request), request.body),
  });

  contractRoute(app, routes.auth.forgotPassword, {
    preHandler: limited,
    handler: async (request) => app.authService.forgotPassword(request.body.email),
  });

  contractRoute(app, routes.auth.resetPassword, {
    preHandler: limited,
    handler: async (request) => {
      await app.authService.resetPassword(request.body.token, request.body.new_password);
      return { detail: 'Password changed; you can sign in now' };
    },
  });

  // The link's token proves the e-mail wherever it is opened, signed in or not (docs/decisions/0029).
  contractRoute(app, routes.auth.verifyEmail, {
    preHandler: limited,
    handler: async (request) => {
      await app.emailProof.verify(request.body.token);
      return { detail: 'E-mail address confirmed' };
    },
  });

  contractRoute(app, routes.auth.resendVerification, {
    preHandler: app.authenticate,
    handler: async (request) => {
      await app.emailProof.resend(signedInUser(request));
      return { detail: 'A new confirmation link has been sent' };
    },
  });

  contractRoute(app, routes.auth.recoverEmail, {
    preHandler: limited,
    handler: async (request) => app.authService.recoverEmail(request.body.hint),
  });
};

export default auth;
