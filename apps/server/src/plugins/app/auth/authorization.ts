import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, may, routeAction, routes } from '@roomweek/contract';
import { AppError, forbidden, unauthorized } from '../../../lib/errors.ts';
import type { SignedIn } from './signed-in.ts';
import type { UserRow } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`; null for anonymous requests. */
    user: UserRow | null;
    /** The valid token the request presented (its id and expiry, for a logout); null for anonymous requests. */
    signedIn: SignedIn | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token is required. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler of an admin route: a valid bearer token of an admin, or of a staff member where the contract's
     * permission table (`permissions.ts`) allows the route's action; anyone else 403 `forbidden`.
     */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler of a public read: a valid bearer token, if any, identifies the user; without one, or with an invalid one, anonymous. */
    identifyIfPresent: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The request's valid token and its user, as `authenticate` found them. */
export function signedInSession(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthorized();
  return request.signedIn;
}

/** The user a request's bearer token stands for, once per request. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** What an admin held to enrol in two-factor sign-in may still call (docs/decisions/0034). */
const ENROLMENT_ROUTES = new Set(
  [routes.auth.me, routes.auth.logout, routes.security.twoFactorSetup, routes.security.twoFactorEnable, routes.security.sessions].map(
    (route) => `${route.method} ${API_PREFIX}${route.path}`,
  ),
);

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('signedIn', null);

    async function identify(request: FastifyRequest) {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized();
      const signedIn = await app.authService.authenticate(match[1]!);
      if (!signedIn) throw unauthorized('Your session has expired; please sign in again', 'invalid_token');
      request.user = signedIn.user;
      request.signedIn = signedIn;
      // The device list (decision 0034): first seen, then at most every 5 minutes.
      await app.sessions.seen(signedIn, request.ip, request.headers['user-agent']);
      // require_two_factor_for_staff: nothing but enrolment before the account has two-factor sign-in.
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (signedIn.enrolmentRequired && !ENROLMENT_ROUTES.has(route)) {
        throw new AppError(403, 'two_factor_enrolment_required', 'Turn on two-factor sign-in first: the owner requires it of admins and staff');
      }
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      await identify(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await identify(request);
      const role = request.user?.role;
      if (role === 'admin') return;
      const action = routeAction(request.method, (request.routeOptions.url ?? '').slice(API_PREFIX.length));
      if (role === 'staff' && action && may(role, action)) return;
      throw forbidden(role === 'staff' ? 'Your role may not do this' : 'Administrators only');
    });
    app.decorate('identifyIfPresent', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      try {
        await identify(request);
      } catch (error) {
        // A stale token on a public page reads it as anyone would; any other failure (the database) is a failure.
        if (!(error instanceof AppError && error.statusCode === 401)) throw error;
      }
    });
  },
  { name: 'authorization', dependencies: ['services'] },
);
