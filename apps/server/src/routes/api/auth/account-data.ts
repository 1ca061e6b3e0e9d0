import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_RATE_LIMIT, routes } from '@roomweek/contract';
import { countHit } from '../../../plugins/external/auth-rate-limit.ts';
import { signedInUser } from '../../../plugins/app/auth/authorization.ts';
import { contractRoute } from '../../contract-route.ts';

/**
 * An export is a heavy read: EXPORT_RATE_LIMIT a minute per account, counted in the database like every per-account
 * limit (decision 0015), so N instances still allow it once. An admin's exports of guests count on the admin's account.
 */
export async function limitExports(app: FastifyInstance, reply: FastifyReply, accountId: string): Promise<void> {
  await countHit(app.db, reply, {
    key: `export:${accountId}`,
    maxPerMinute: EXPORT_RATE_LIMIT,
    detail: 'Too many data exports from this account; please wait a minute and try again',
  });
}

/** The file name a browser saves an export under: the site, whose data, and the day. */
export function exportFileName(who: string, exportedAt: string): string {
  return `roomweek-${who}-${exportedAt.slice(0, 10)}.json`;
}

/** The signed-in user's own data: download it, delete the account (docs/behaviour.md §12). */
const accountData: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.auth.exportData, {
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const user = signedInUser(request);
      await limitExports(app, reply, user.id);
      const data = await app.privacy.exportOf(user.id);
      reply.header('content-disposition', `attachment; filename="${exportFileName('my-data', data.exported_at)}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  });

  contractRoute(app, routes.auth.deleteAccount, {
    preHandler: app.authenticate,
    handler: async (request) => app.privacy.deleteOwnAccount(signedInUser(request), request.body),
  });
};

export default accountData;
