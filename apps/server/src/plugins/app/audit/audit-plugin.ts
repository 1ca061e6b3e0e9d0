import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, routes } from '@roomweek/contract';
import type { Config } from '../../../config.ts';
import { intervalJob, type IntervalJob } from '../../../lib/interval-job.ts';
import { captureTransactions } from './audit-capture.ts';
import { currentRequest } from './current-request.ts';
import { AuditService, type AuditActor } from './audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
    /** The daily retention run; tests (JOBS=false) call `runOnce` or `audit.prune(now)`. */
    auditRetentionJob: IntervalJob;
  }
  interface FastifyRequest {
    /** Set once an entry was written for the request (AuditService.record): nothing records it again. */
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

/** Whether the request is an admin's or a staff member's write not yet recorded (sign-ins are recorded apart). */
function auditedWrite(request: FastifyRequest): boolean {
  const role = request.user?.role;
  return (role === 'admin' || role === 'staff') && WRITES.has(request.method) && !request.auditRecorded;
}

/** The route's action name and target (`rooms.update`, `rooms:<id>`). */
function routeOf(request: FastifyRequest): { action: string; target: string | null } {
  const key = `${request.method} ${request.routeOptions.url ?? ''}`;
  const name = ROUTE_NAMES.get(key);
  return { action: name?.action ?? key, target: targetOf(name?.group ?? 'route', request.params) };
}

/**
 * The audit log (docs/decisions/0039-staff-and-audit.md, 0043). The one place that records: every write of an admin or
 * staff member, as the contract names its route, and every sign-in, success or failure, of each step.
 * - A write's entry is written in the first transaction of the request that changes an audited table, just before it
 *   commits, with what that transaction changed (each row before → after, secrets masked): the change and its entry
 *   exist together or not at all.
 * - A write that changed nothing in a transaction (or outside any) and was answered 2xx is recorded before the answer
 *   leaves (onSend) with the body it sent: an entry that cannot be written turns the answer into an error.
 * A service may write its own entry in its transaction (staff): recording marks the request, so it is not recorded twice.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const audit = new AuditService({ db: app.db, retentionDays: config.AUDIT_RETENTION_DAYS });
    app.decorate('audit', audit);
    app.decorateRequest('auditRecorded', false);

    // Each request's handling knows its request: the transactions it opens are captured for it (audit-capture.ts).
    app.addHook('onRequest', (request, _reply, done) => currentRequest.run(request, done));
    captureTransactions(app.db, auditedWrite, (tx, request, change) =>
      audit.record(tx, auditActor(request), { ...routeOf(request), before: change.before, after: change.after }),
    );

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
      if (!auditedWrite(request) || reply.statusCode >= 400) return payload;
      await audit.record(app.db, auditActor(request), {
        ...routeOf(request),
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
