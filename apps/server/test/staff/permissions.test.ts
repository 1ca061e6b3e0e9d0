import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, may, PERMISSIONS, routeAction, routes, type ContractRoute } from '@roomweek/contract';
import { bearer, registerUser, useAdminApp } from '../helper.ts';
import { signInStaff } from './staff-support.ts';

// Every admin route × role, as the permission table says (issue 31 item 2, docs/decisions/0039).
const adminRoutes: { name: string; route: ContractRoute }[] = Object.entries(routes).flatMap(([group, entries]) =>
  Object.entries(entries)
    .filter(([, route]) => (route as ContractRoute).auth === 'admin')
    .map(([name, route]) => ({ name: `${group}.${name}`, route: route as ContractRoute })),
);

/** The route's path with a fresh id in each parameter: nothing it names exists. */
const urlOf = (route: ContractRoute) => `${API_PREFIX}${route.path.replace(/:(\w+)/g, () => randomUUID())}`;

describe('the permission table', () => {
  it('names an action for every admin route, and only admin routes', () => {
    for (const { name, route } of adminRoutes) expect(routeAction(route.method, route.path), name).toBeDefined();
    const all = Object.values(routes).flatMap((entries) => Object.values(entries) as ContractRoute[]);
    for (const route of all.filter((r) => routeAction(r.method, r.path))) expect(route.auth, `${route.method} ${route.path}`).toBe('admin');
  });

  it('gives staff what the issue lists and no more', () => {
    const staffActions = Object.keys(PERMISSIONS).filter((action) => may('staff', action as keyof typeof PERMISSIONS));
    expect(staffActions.sort()).toEqual(
      [
        'availability.read',
        'blocks.write',
        'bookings.cancel',
        'bookings.read',
        'check_ins.read',
        'dashboard.read',
        'guests.read',
        'payments.record_on_site',
        'reports.read',
        'timeline.read',
      ].sort(),
    );
    for (const action of Object.keys(PERMISSIONS)) expect(may('admin', action as keyof typeof PERMISSIONS)).toBe(true);
    for (const action of Object.keys(PERMISSIONS)) expect(may('client', action as keyof typeof PERMISSIONS)).toBe(false);
  });
});

describe('every admin route × role', () => {
  const t = useAdminApp();

  it.each(['anonymous', 'client', 'staff', 'admin'] as const)('answers %s as the table says', async (role) => {
    const token =
      role === 'anonymous' ? undefined : role === 'admin' ? t.admin : role === 'client' ? (await registerUser(t.app)).token : (await signInStaff(t.app)).token;
    const wrong: string[] = [];
    for (const { name, route } of adminRoutes) {
      const response = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: token ? bearer(token) : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const allowed = role === 'admin' || (role === 'staff' && may('staff', routeAction(route.method, route.path)!));
      const expected = role === 'anonymous' ? 401 : allowed ? 'not 401/403' : 403;
      const status = response.statusCode;
      const ok = expected === 'not 401/403' ? status !== 401 && status !== 403 && status < 500 : status === expected;
      if (!ok) wrong.push(`${name} ${route.method} ${route.path}: ${status} (expected ${expected}) ${response.body.slice(0, 120)}`);
      if (!allowed && ok && role !== 'anonymous') expect(response.json().code).toBe('forbidden');
    }
    expect(wrong).toEqual([]);
  });
});
