import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponse,
  ChangePasswordBody,
  ErrorResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  OkResponse,
  ProfileBody,
  RecoverEmailBody,
  RecoverEmailResponse,
  RegisterBody,
  ResetPasswordBody,
  User,
} from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { authRateLimit } from '../../../plugins/external/auth-rate-limit.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { toUser } from '../../../plugins/app/auth/users-repository.ts';
import { requestLanguage } from '../../../lib/language.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const tags = ['auth'];

const auth: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const limited = authRateLimit(app.db, config.AUTH_RATE_LIMIT);
  const secured = [{ bearer: [] }];

  app.post(
    '/register',
    { preHandler: limited, schema: { tags, summary: 'Create a client account', body: RegisterBody, response: { 201: AuthResponse, ...errors } } },
    async (request, reply) => {
      const session = await app.authService.register(request.body, requestLanguage(request, config.DEFAULT_LANGUAGE));
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/login',
    { preHandler: limited, schema: { tags, body: LoginBody, response: { 200: AuthResponse, ...errors } } },
    async (request) => app.authService.login(request.body),
  );

  app.get(
    '/me',
    { preHandler: app.authenticate, schema: { tags, security: secured, response: { 200: User, 401: ErrorResponse } } },
    async (request) => toUser(signedInUser(request)),
  );

  app.put(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: { tags, security: secured, summary: 'Change name and e-mail; answers a new token', body: ProfileBody, response: { 200: AuthResponse, ...errors } },
    },
    async (request) => app.authService.updateProfile(signedInUser(request), request.body),
  );

  app.put(
    '/change-password',
    {
      preHandler: app.authenticate,
      schema: { tags, security: secured, summary: 'Ends every older token; answers a new one', body: ChangePasswordBody, response: { 200: AuthResponse, ...errors } },
    },
    async (request) => app.authService.changePassword(signedInUser(request), request.body),
  );

  app.post(
    '/forgot-password',
    { preHandler: limited, schema: { tags, body: ForgotPasswordBody, response: { 200: ForgotPasswordResponse, ...errors } } },
    async (request) => app.authService.forgotPassword(request.body.email),
  );

  app.post(
    '/reset-password',
    { preHandler: limited, schema: { tags, body: ResetPasswordBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await app.authService.resetPassword(request.body.token, request.body.new_password);
      return { detail: 'Password changed; you can sign in now' };
    },
  );

  app.post(
    '/recover-email',
    { preHandler: limited, schema: { tags, body: RecoverEmailBody, response: { 200: RecoverEmailResponse, ...errors } } },
    async (request) => app.authService.recoverEmail(request.body.hint),
  );
};

export default auth;
