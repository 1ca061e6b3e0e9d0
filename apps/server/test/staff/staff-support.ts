import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@roomweek/contract';
import { registerUser } from '../helper.ts';

/**
 * A staff member signed in: registered, made staff in SQL (the invitation itself is tested in staff.test.ts), signed
 * in again so the token is a staff member's.
 */
export async function signInStaff(app: FastifyInstance, password = 'staff-pass-123'): Promise<AuthResponse> {
  const account = await registerUser(app, { password });
  await app.db.execute(sql`update users set role = 'staff' where id = ${account.user.id}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.user.email, password } });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  return login.json<AuthResponse>();
}
