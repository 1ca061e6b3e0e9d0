import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { bearer, createProperty, createRoom, registerUser, siteDate, useAdminApp } from '../helper.ts';
import { expectError, expectRefused } from '../support.ts';

const JWT_SECRET = 'error-handler-test-secret-0123456789abcdef';
const key = new TextEncoder().encode(JWT_SECRET);

describe('error handler', () => {
  const t = useAdminApp({ env: { JWT_SECRET } });
  let client: { token: string; user: { id: string; email: string } };
  let roomId: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    client = await registerUser(t.app);
    const property = await createProperty(t.app, t.admin);
    roomId = (await createRoom(t.app, t.admin, property.id)).id;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('bad input never answers 500 nor changes data', () => {
    it('answers 400 validation_error to malformed JSON, on public and signed-in routes alike', async () => {
      for (const [url, headers] of [
        ['/api/auth/login', {}],
        ['/api/auth/register', {}],
        ['/api/bookings', bearer(client.token)],
        ['/api/properties', bearer(t.admin)],
        ['/api/rooms', bearer(t.admin)],
      ] as const) {
        for (const payload of ['{', '{"email": }', "{'single': 'quotes'}", 'null garbage', '[1, 2,]']) {
          await expectRefused(
            db(),
            () => t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload }),
            400,
            'validation_error',
          );
        }
      }
    });

    it('answers 400 to a JSON body that tries prototype poisoning', async () => {
      await expectRefused(
        db(),
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/properties',
            headers: { ...bearer(t.admin), 'content-type': 'application/json' },
            payload: '{"name":"x","description":"d","location":"l","room_count":1,"__proto__":{"role":"admin"}}',
          }),
        400,
        'validation_error',
      );
    });

    it('answers 400 to an empty JSON body and 415 to a content type it does not read', async () => {
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/bookings', headers: { ...bearer(client.token), 'content-type': 'application/json' }, payload: '' }),
        400,
        'validation_error',
      );
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' }),
        415,
        'validation_error',
      );
    });

    it('answers 413 payload_too_large to a body over the limit', async () => {
      const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
      await expectRefused(
        db(),
        () => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload }),
        413,
        'payload_too_large',
      );
    });

    it('answers 400 validation_error to a malformed id in any path', async () => {
      const calls: Array<[string, string, Record<string, string>]> = [
        ['GET', '/api/properties/not-a-uuid', {}],
        ['PUT', '/api/properties/not-a-uuid', bearer(t.admin)],
        ['DELETE', '/api/properties/not-a-uuid', bearer(t.admin)],
        ['GET', '/api/rooms/not-a-uuid', {}],
        ['GET', '/api/rooms/not-a-uuid/availability', {}],
        ['PUT', '/api/rooms/not-a-uuid', bearer(t.admin)],
        ['DELETE', '/api/rooms/not-a-uuid', bearer(t.admin)],
        ['PUT', '/api/bookings/not-a-uuid/cancel', bearer(client.token)],
        ['GET', `/api/properties/${randomUUID()}x`, {}],
        ['GET', "/api/rooms/00000000-0000-0000-0000-00000000000'", {}],
      ];
      for (const [method, url, headers] of calls) {
        const response = await expectRefused(db(), () => t.app.inject({ method: method as 'GET', url, headers, payload: method === 'PUT' ? {} : undefined }), 400, 'validation_error');
        expect(response.json().detail, `${method} ${url}`).toEqual(expect.any(String));
      }
    });

    it('answers 400 validation_error to text with a NUL character, which PostgreSQL cannot store', async () => {
      const calls: Array<[string, string, Record<string, string>, unknown]> = [
        ['POST', '/api/auth/register', {}, { name: 'Nul\u0000', first_name: 'x', email: 'nul@example.com', password: 'secret123', birth_date: '1990-01-01', birth_place: 'x', phone: '+32 470 12 34 56' }],
        ['PUT', '/api/auth/profile', bearer(client.token), { name: 'a\u0000b', email: client.user.email }],
        ['POST', '/api/auth/recover-email', {}, { hint: 'adm\u0000in' }],
        ['POST', '/api/properties', bearer(t.admin), { name: 'a\u0000b', description: 'd', location: 'l', room_count: 1 }],
        ['POST', '/api/rooms', bearer(t.admin), { property_id: (await t.app.inject({ url: `/api/rooms/${roomId}` })).json().property_id, room_number: 'nul', price_per_week: 1, amenities: ['Wi\u0000Fi'] }],
        ['PUT', '/api/payment-settings', bearer(t.admin), { paypal_client_id: 'client\u0000id' }],
        ['GET', '/api/admin/bookings?q=a%00b', bearer(t.admin), undefined],
      ];
      for (const [method, url, headers, payload] of calls) {
        const response = await expectRefused(db(), () => t.app.inject({ method: method as 'POST', url, headers, payload: payload as object }), 400, 'validation_error');
        expect(response.json().detail, `${method} ${url}`).toMatch(/NUL/);
      }
    });

    it('answers in the API shape when the router itself refuses the path (bad %-escape, over-long parameter)', async () => {
      const badEscape = await t.app.inject({ url: '/api/properties/%E0%A4%A' });
      expectError(badEscape, 400, 'validation_error');
      expect(badEscape.json()).toEqual({ detail: expect.any(String), code: 'validation_error' });
      const long = await t.app.inject({ url: `/api/properties/${'a'.repeat(5000)}` });
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ detail: expect.any(String), code: 'validation_error' });
      expect(long.body).not.toContain('a'.repeat(200));
    });

    it('names the field at fault', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bearer(client.token),
        payload: { room_id: roomId, start_date: siteDate(3), end_date: 'soon', payment_method: 'on_site' },
      });
      expectError(response, 400, 'validation_error');
      expect(response.json().field).toBe('end_date');
      expect(response.json().detail).toMatch(/end_date/);
    });
  });

  describe('server faults', () => {
    it('answers 500 internal_error without the internals', async () => {
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValue(
        new Error('connect ECONNREFUSED 10.0.0.7:5432 at select "password_hash" from users'),
      );
      const response = await t.app.inject({ url: '/api/properties' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Something went wrong on our side', code: 'internal_error' });
      expect(response.body).not.toMatch(/ECONNREFUSED|password_hash|stack|at /);
    });

    it('answers 500 internal_error when an answer does not match its schema, without leaking it', async () => {
      vi.spyOn(t.app.propertiesRepository, 'list').mockResolvedValue([{ id: 'x', password_hash: 'scrypt$leak' }] as never);
      const response = await t.app.inject({ url: '/api/properties' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Something went wrong on our side', code: 'internal_error' });
      expect(response.body).not.toContain('leak');
    });

    it('maps an exclusion violation from the database to 409 room_unavailable, and bad values to 400', async () => {
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValueOnce(Object.assign(new Error('conflicting key value violates exclusion constraint'), { code: '23P01' }));
      expectError(await t.app.inject({ url: '/api/properties' }), 409, 'room_unavailable');
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValueOnce(
        Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }) }),
      );
      expectError(await t.app.inject({ url: '/api/properties' }), 400, 'validation_error');
    });

    it('turns an AppError into its status, code and field', async () => {
      vi.spyOn(t.app.propertiesRepository, 'list').mockRejectedValue(new AppError(409, 'property_has_bookings', 'Busy', 'id'));
      const response = await t.app.inject({ url: '/api/properties' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'Busy', code: 'property_has_bookings', field: 'id' });
    });
  });

  describe('tokens', () => {
    const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    const signed = (claims: Record<string, unknown>, build?: (jwt: SignJWT) => SignJWT, signingKey = key) => {
      const jwt = new SignJWT({ tv: 0, jti: randomUUID(), ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject(client.user.id).setIssuer('roomweek').setIssuedAt();
      return (build ? build(jwt) : jwt.setExpirationTime('1h')).sign(signingKey);
    };

    it('accepts a token made like the server makes them (the forgeries below differ in one point each)', async () => {
      expect((await me(await signed({}))).statusCode).toBe(200);
    });

    it('refuses an expired token (401 invalid_token)', async () => {
      const expired = await signed({}, (jwt) => jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 60));
      expectError(await me(expired), 401, 'invalid_token');
    });

    it('refuses an unsigned token (alg none), whatever it claims (401 invalid_token)', async () => {
      const adminId = (await t.app.inject({ url: '/api/auth/me', headers: bearer(t.admin) })).json<{ id: string }>().id;
      const none = new UnsecuredJWT({ tv: 0 }).setSubject(adminId).setIssuer('roomweek').setIssuedAt().setExpirationTime('1h').encode();
      expectError(await me(none), 401, 'invalid_token');
      expectError(await t.app.inject({ url: '/api/admin/bookings', headers: bearer(none) }), 401, 'invalid_token');
      // The same with the signature of a real token glued on.
      const [, , signature] = t.admin.split('.');
      expectError(await me(`${none.slice(0, -1)}${signature}`), 401, 'invalid_token');
    });

    it('refuses a token signed with another key, another algorithm or for another issuer (401 invalid_token)', async () => {
      expectError(await me(await signed({}, undefined, new TextEncoder().encode('some-other-secret-of-enough-length'))), 401, 'invalid_token');
      const hs512 = await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS512' }).setSubject(client.user.id).setIssuer('roomweek').setExpirationTime('1h').sign(key);
      expectError(await me(hs512), 401, 'invalid_token');
      expectError(await me(await signed({}, (jwt) => jwt.setIssuer('someone-else').setExpirationTime('1h'))), 401, 'invalid_token');
    });

    it('refuses a signed token for nobody, for a malformed subject, or without its version (401 invalid_token)', async () => {
      expectError(await me(await signed({}, (jwt) => jwt.setSubject(randomUUID()).setExpirationTime('1h'))), 401, 'invalid_token');
      expectError(await me(await signed({}, (jwt) => jwt.setSubject('not-a-uuid').setExpirationTime('1h'))), 401, 'invalid_token');
      expectError(await me(await signed({ tv: 'zero' })), 401, 'invalid_token');
      expectError(await me(await signed({ tv: 5 })), 401, 'invalid_token');
    });

    it('refuses garbage in the Authorization header (401)', async () => {
      for (const token of ['garbage', 'a.b.c', `${t.admin}x`, t.admin.split('.').slice(0, 2).join('.'), '...', 'eyJhbGciOiJIUzI1NiJ9.%%%.%%%']) {
        expectError(await me(token), 401, 'invalid_token');
      }
      for (const header of ['Bearer', 'Bearer ', `Token ${t.admin}`, `Bearer ${t.admin} extra`, t.admin]) {
        expectError(await t.app.inject({ url: '/api/auth/me', headers: { authorization: header } }), 401, 'unauthorized');
      }
    });
  });
});
