import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, routeAction, routes, type AuthResponse, type Booking, type ContractRoute } from '@roomweek/contract';
import { queryRows } from '../../src/db/client.ts';
import { bearer, book, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, siteDate, type TestApp } from '../helper.ts';
import { snapshot } from '../support.ts';
import { signInStaff } from '../staff/staff-support.ts';
import { HostileGenerator, seededRandom, type HostileRequest } from './hostile-generator.ts';

/**
 * Generated hostile calls on every route of the contract's table, as anonymous, client and admin. Replay a run with
 * HOSTILE_SEED=<the seed it printed>. Asserts, for every call: no 5xx but the documented ones below; every refusal is a
 * `{detail, code}` JSON body; a signed-in route never answers 2xx to a stranger, an admin route never to a client, nor
 * to a staff member unless the permission table allows it; and the data is unchanged by refused calls.
 */
const SEED = process.env.HOSTILE_SEED ? Number.parseInt(process.env.HOSTILE_SEED, 10) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`HOSTILE_SEED must be an integer, not ${process.env.HOSTILE_SEED}`);
const MIN_CALLS = 600;
const ROLES = ['anonymous', 'client', 'staff', 'admin'] as const;
type Role = (typeof ROLES)[number];

/**
 * The only 5xx a hostile call may get, each a documented answer (the route's contract declares its status), not a
 * fault: no payment provider is configured, so payment calls answer 503 `payment_not_configured`; a full
 * password-hashing queue answers 503 `busy` with Retry-After; and once a hostile admin call has saved made-up provider
 * keys (an accepted call), payment calls reach a provider address that refuses connections: 502 `payment_failed`.
 */
const ACCEPTED_5XX: Record<number, string[]> = { 502: ['payment_failed'], 503: ['payment_not_configured', 'busy'] };
/** Where the payment clients would go: a closed local port, so no generated call ever leaves this machine. */
const NO_PROVIDER = 'http://127.0.0.1:9';

const table: { name: string; route: ContractRoute }[] = Object.entries(routes).flatMap(([group, entries]) =>
  Object.entries(entries).map(([name, route]) => ({ name: `${group}.${name}`, route: route as ContractRoute })),
);
const perBatch = Math.max(4, Math.ceil(MIN_CALLS / (table.length * ROLES.length)));
const CLIENT_PASSWORD = 'Hostile-suite-client-pass-9'; // never among the generated values: no call can guess it
const STAFF_PASSWORD = 'Hostile-suite-staff-pass-9';
const HOSTILE_ADDRESS = '203.0.113.7'; // hostile calls come from elsewhere than the test's own sign-ins

/** Whether the permission table lets staff take this admin route (a route it does not name is admin-only). */
function staffMay(route: ContractRoute): boolean {
  const action = routeAction(route.method, route.path);
  return action !== undefined && may('staff', action);
}

function problemsOf(route: ContractRoute, role: Role, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 200 && status < 300) {
    if (role === 'anonymous' && route.auth !== 'public') problems.push(`${status} to an anonymous caller on a ${route.auth} route`);
    if (role === 'client' && route.auth === 'admin') problems.push(`${status} to a client on an admin route`);
    if (role === 'staff' && route.auth === 'admin' && !staffMay(route)) problems.push(`${status} to staff on a route the permission table keeps for admins`);
    return problems;
  }
  let body: { detail?: unknown; code?: unknown } | undefined;
  try {
    body = response.json();
  } catch {
    problems.push(`${status} with a body that is not JSON: ${response.body.slice(0, 120)}`);
  }
  if (body && (typeof body.detail !== 'string' || typeof body.code !== 'string')) problems.push(`${status} without {detail, code}: ${response.body.slice(0, 120)}`);
  if (!String(response.headers['content-type']).startsWith('application/json')) problems.push(`${status} as ${response.headers['content-type']}`);
  const documented = status in route.response && ACCEPTED_5XX[status]?.includes(String(body?.code));
  if (status >= 500 && !documented) problems.push(`${status} ${response.body.slice(0, 200)}`);
  return problems;
}

describe(`hostile inputs on every route (seed ${SEED})`, () => {
  let t: TestApp;
  const tokens: Record<Exclude<Role, 'anonymous'>, { userId: string; password: string; token: string }> = {} as never;
  let generator: HostileGenerator;
  let sent = 0;
  /** The data as the last check saw it (null: take a new snapshot), so a batch's "after" serves as the next one's "before". */
  let data: Awaited<ReturnType<typeof snapshot>> | null = null;
  const dataNow = async () => (data ??= await snapshot(t.app.db));

  /** Signs in again when a call (a logout, a change of e-mail) ended the session; the e-mail is read back from the database. */
  async function tokenOf(role: Exclude<Role, 'anonymous'>): Promise<string> {
    const account = tokens[role];
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) });
    if (me.statusCode === 200) return account.token;
    const [row] = await queryRows<{ email: string }>(t.app.db, sql`select email from users where id = ${account.userId}`);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: row?.email, password: account.password } });
    if (login.statusCode !== 200) throw new Error(`cannot sign in as the ${role} again (did a hostile call change its password?): ${login.body}`);
    account.token = login.json<AuthResponse>().token;
    data = null; // signing in may write (the session's bookkeeping): not a hostile call's doing
    return account.token;
  }

  const send = (request: HostileRequest, authorization: string | undefined) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
      payload: request.payload,
      remoteAddress: HOSTILE_ADDRESS,
    });

  beforeAll(async () => {
    console.log(`hostile inputs: seed ${SEED} (replay with HOSTILE_SEED=${SEED}), ${perBatch} calls per route and role`);
    t = await buildTestApp({ env: { STRIPE_API_URL: NO_PROVIDER, PAYPAL_API_URL: NO_PROVIDER } });
    const admin = await loginAdmin(t.app);
    const client = await registerUser(t.app, { password: CLIENT_PASSWORD });
    const staff = await signInStaff(t.app, STAFF_PASSWORD);
    const other = await registerUser(t.app);
    const [adminRow] = await queryRows<{ id: string }>(t.app.db, sql`select id from users where role = 'admin' limit 1`);
    tokens.client = { userId: client.user.id, password: CLIENT_PASSWORD, token: client.token };
    tokens.staff = { userId: staff.user.id, password: STAFF_PASSWORD, token: staff.token };
    tokens.admin = { userId: adminRow!.id, password: 'admin123', token: admin };

    const property = await createProperty(t.app, admin);
    const [roomA, roomB] = [await createRoom(t.app, admin, property.id), await createRoom(t.app, admin, property.id)];
    const mine = (await book(t.app, client.token, { room_id: roomA.id, start_date: siteDate(14), end_date: siteDate(21) })).json<Booking>();
    const theirs = (await book(t.app, other.token, { room_id: roomB.id, start_date: siteDate(14), end_date: siteDate(21) })).json<Booking>();
    const ids = [property.id, roomA.id, roomB.id, mine.id, theirs.id, client.user.id, other.user.id, randomUUID()];
    generator = new HostileGenerator(seededRandom(SEED), {
      values: [
        ...ids,
        siteDate(30),
        siteDate(37),
        siteDate(-3),
        'on_site',
        'stripe',
        'paypal',
        other.user.email,
        'hostile@example.com',
        'Hostile Name',
        'secret123',
        3,
        350,
        12.5,
        '+32 470 12 34 56',
        '1990-01-01',
        'Brussels',
        'en',
        'https://example.com/return',
        ['/uploads/none.webp'],
        ['Wi-Fi'],
        'cs_test_hostile',
        'ORDER-HOSTILE',
        'sandbox',
        'confirmed',
        'A quiet room by the river',
        0,
        'http://localhost:3000/payment-success',
        false,
      ],
    });
  });
  afterAll(async () => {
    console.log(`hostile inputs: ${sent} generated calls sent (seed ${SEED})`);
    await t?.close();
  });

  it.each(table)('$name', async ({ route }) => {
    const problems = new Set<string>();
    for (const role of ROLES) {
      const anonymous = generator.anonymousAuthorization();
      const requests = Array.from({ length: perBatch }, () => generator.request(route));
      sent += requests.length;
      await checkBatch(route, role, requests, anonymous, problems);
    }
    expect([...problems], `seed ${SEED}`).toEqual([]);
  });

  /**
   * Sends a batch between two snapshots. When every call is refused, the data must be unchanged. When some are
   * accepted (and may rightly write), the refusals cannot be told apart from them: they are sent again on their own.
   */
  async function checkBatch(route: ContractRoute, role: Role, requests: HostileRequest[], anonymous: string | undefined, problems: Set<string>) {
    const authorization = role === 'anonymous' ? anonymous : `Bearer ${await tokenOf(role)}`;
    const before = await dataNow();
    const refused: HostileRequest[] = [];
    for (const request of requests) {
      const response = await send(request, authorization);
      for (const problem of problemsOf(route, role, response)) problems.add(`${role} ${request.method} ${request.url.slice(0, 120)} [${request.label}]: ${problem}`);
      if (response.statusCode >= 200 && response.statusCode < 300) continue;
      refused.push(request);
    }
    data = await snapshot(t.app.db);
    if (refused.length === requests.length) {
      if (JSON.stringify(data) !== JSON.stringify(before)) problems.add(`${role}: refused calls changed the data [${requests.map((r) => r.label).join(' | ')}]`);
    } else if (refused.length > 0) {
      await checkBatch(route, role, refused, anonymous, problems);
    }
  }
});
