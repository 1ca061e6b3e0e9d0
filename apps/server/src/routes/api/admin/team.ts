import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@roomweek/contract';
import { auditActor } from '../../../plugins/app/audit/audit-plugin.ts';
import { contractRoute } from '../../contract-route.ts';

/** Admins and staff, and the audit log (docs/decisions/0039-staff-and-audit.md); the admin preHandler is the parent's. */
const team: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, routes.users.list, {
    handler: async () => app.staff.list(),
  });

  contractRoute(app, routes.users.invite, {
    handler: async (request, reply) => {
      const member = await app.staff.invite(request.body, auditActor(request));
      return reply.code(201).send(member);
    },
  });

  contractRoute(app, routes.users.update, {
    handler: async (request) => app.staff.update(request.params.id, request.body, auditActor(request)),
  });

  contractRoute(app, routes.audit.list, {
    handler: async (request) => app.audit.list(request.query),
  });
};

export default team;
