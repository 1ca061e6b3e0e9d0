import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { DEFAULT_ADMIN_PASSWORD, hashPassword, isDefaultPassword } from '../lib/passwords.ts';
import { seedDemo } from '../plugins/app/demo/demo-seed.ts';
import { BOOTSTRAP_LOCK_ID, type Database } from './client.ts';
import { users } from './schema.ts';

/**
 * First start of a database: the admin account (ADMIN_EMAIL / ADMIN_PASSWORD) when no admin exists, and the demo
 * data when the database has no property yet (SEED_DEMO). Serialised across instances by an advisory lock.
 */
export async function bootstrap(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (!admin) {
      const generated = !config.ADMIN_PASSWORD && config.NODE_ENV === 'production';
      const password = config.ADMIN_PASSWORD ?? (generated ? randomBytes(12).toString('base64url') : DEFAULT_ADMIN_PASSWORD);
      const created = await tx
        .insert(users)
        .values({
          email: config.ADMIN_EMAIL,
          name: 'Admin',
          role: 'admin',
          passwordHash: await hashPassword(password, config.SCRYPT_LOG_N),
          defaultPassword: isDefaultPassword(password),
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created.length === 0) {
        // Never promote a stranger's account that holds the address.
        log.warn({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to a client account; no admin was created');
      } else if (generated) {
        // Printed once, on the console only (not in the structured logs).
        console.log(`\n  Admin account created: ${config.ADMIN_EMAIL} / ${password}\n  Change this password after signing in.\n`);
      } else {
        log.info({ email: config.ADMIN_EMAIL }, 'admin account created');
      }
    }
    if (config.SEED_DEMO && (await seedDemo(tx, path.join(config.DATA_DIR, 'uploads')))) log.info('demo properties created');
  });
}
