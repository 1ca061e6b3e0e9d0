import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { AuditService, type AuditActor } from './audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
    /** The daily retention run; tests (JOBS=false) call `runOnce` or `audit.prune(now)`. */
    auditRetentionJob: IntervalJob;
  }
  interface FastifyRequest {
    /** Set by a service that wrote its own entry in its transaction: the central hook then writes none. */
    auditRecorded: boolean;
  }
}

/** Each route of the contract by "METHOD /api/path": its action name (`rooms.update`) and its group. */
const ROUTE_NAMES = new Map<string, { action: string; group: string }>(
  Object.entries(routes).flatMap(([group, entries]) =>
    Object.entries(entries).map(([name, route]) => [`${route.method} ${API_PREFIX}${route.path}`, { action: `${group}.${name}`, group }]),
  ),
);

const SIGN_IN = `POST ${API_PREFIX}${routes.auth.login.path}`;
const SIGN_IN_SECOND_STEP = `POST ${API_PREFIX}${routes.security.loginTwoFactor.path}`;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The person a request is signed in as and its address. */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = request.user;
  return { id: user?.id ?? null, email: user?.email ?? null, role: user?.role ?? null, ip: request.ip };
}

/** `room:<id>` from the route's params (`/rooms/:id` → rooms:<id>; other params after it). */
function targetOf(group: string, params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const values = Object.entries(params as Record<string, unknown>).map(([key, value]) => (key === 'id' ? String(value) : `${key}=${String(value)}`));
  return values.length ? `${group}:${values.join(':')}` : null;
}

function parsed(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string') return null;
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The audit log (docs/decisions/0039-staff-and-audit.md). The one place that records: every successful write of an
 * admin or staff member (POST, PUT, DELETE answered 2xx), as the contract names its route, with the body it sent
 * (secrets masked); every sign-in, success or failure, of each step. Written before the answer leaves (onSend): an
 * entry that cannot be written turns the answer into an error. Services that write their entry in their own
 * transaction (staff) set `request.auditRecorded`.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const audit = new AuditService({ db: app.db, retentionDays: config.AUDIT_RETENTION_DAYS });
    app.decorate('audit', audit);
    app.decorateRequest('auditRecorded', false);

    app.addHook('onSend', async (request, reply, payload) => {
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      // A sign-in: accepted, or refused as a sign-in (wrong credentials or code, disabled, throttled); not a malformed call.
      if ((key === SIGN_IN || key === SIGN_IN_SECOND_STEP) && [200, 401, 403, 429].includes(reply.statusCode)) {
        const body = parsed(payload);
        const step = key === SIGN_IN ? 'password' : 'two_factor';
        const user = body?.user as { id?: string; email?: string; role?: string } | undefined;
        const email = typeof (request.body as { email?: unknown } | undefined)?.email === 'string' ? (request.body as { email: string }).email : null;
        const outcome = reply.statusCode >= 400 ? 'failed' : body?.two_factor_required ? 'second_step' : 'succeeded';
        await audit.record(
          app.db,
          { id: user?.id ?? null, email: user?.email ?? email, role: user?.role ?? null, ip: request.ip },
          { action: `auth.sign_in.${outcome}`, target: null, before: null, after: { step, status: reply.statusCode, error: body?.code ?? null } },
        );
        return payload;
      }
      const role = request.user?.role;
      if ((role !== 'admin' && role !== 'staff') || !WRITES.has(request.method) || request.auditRecorded) return payload;
      if (reply.statusCode >= 400) return payload;
      const name = ROUTE_NAMES.get(key);
      await audit.record(app.db, auditActor(request), {
        action: name?.action ?? key,
        target: targetOf(name?.group ?? 'route', request.params),
        before: null,
        // What the route takes, validated by its schema; a body sent to a route that takes none is not recorded.
        after: request.routeOptions.schema?.body ? (request.body ?? null) : null,
      });
      return payload;
    });

    app.decorate(
      'auditRetentionJob',
      intervalJob(app, {
        name: 'audit-retention',
        everyMs: 24 * 60 * 60_000,
        enabled: config.JOBS,
        run: async () => {
          const deleted = await audit.prune();
          if (deleted) app.log.info({ deleted }, 'audit entries past their retention deleted');
        },
      }),
    );
  },
  { name: 'audit', dependencies: ['services', 'authorization'] },
);
