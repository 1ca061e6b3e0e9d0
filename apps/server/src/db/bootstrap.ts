import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { DEFAULT_ADMIN_PASSWORD, hashPassword, isDefaultPassword } from '../lib/passwords.ts';
import { seedDemo } from '../plugins/app/demo/demo-seed.ts';
import { LocalPhotoStore, type PhotoStore } from '../plugins/app/uploads/photo-store.ts';
import { BOOTSTRAP_LOCK_ID, type Database } from './client.ts';
import { users } from './schema.ts';

/** Where a production first start without ADMIN_PASSWORD leaves the admin's generated password (mode 0600). */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

/** 18 random bytes: 24 base64url characters, 144 bits. */
const generatePassword = () => randomBytes(18).toString('base64url');

/**
 * First start of a database: the admin account (ADMIN_EMAIL / ADMIN_PASSWORD) when no admin exists, and the demo
 * data when the database has no property yet, or the sizes its demo photos lack (SEED_DEMO). Serialised across instances by an advisory lock.
 * Without ADMIN_PASSWORD the admin gets `admin123` in development and test only; in production a random password,
 * logged once and written to DATA_DIR/initial-admin-password (docs/decisions/0013-production-defaults.md).
 */
export async function bootstrap(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  photoStore: PhotoStore = new LocalPhotoStore(path.join(config.DATA_DIR, 'uploads')),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (!admin) {
      const generated = !config.ADMIN_PASSWORD && config.NODE_ENV === 'production';
      const password = config.ADMIN_PASSWORD ?? (generated ? generatePassword() : DEFAULT_ADMIN_PASSWORD);
      const created = await tx
        .insert(users)
        .values({
          email: config.ADMIN_EMAIL,
          name: 'Admin',
          role: 'admin',
          passwordHash: await hashPassword(password, config.SCRYPT_LOG_N),
          // A generated password is as much "not chosen by the owner" as admin123: the dashboard asks to change it.
          defaultPassword: generated || isDefaultPassword(password),
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created.length === 0) {
        // Never promote a stranger's account that holds the address.
        log.warn({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to a client account; no admin was created');
      } else if (generated) {
        // Written before the commit: if the file cannot be written, no admin is created and the next start tries again.
        const file = await writeInitialPassword(config.DATA_DIR, password);
        // The one secret ever logged, on purpose and once (as GitLab and Jenkins do): nobody could sign in otherwise.
        log.warn(
          `Admin account created: ${config.ADMIN_EMAIL} with the generated password ${password} (also in ${file}, readable by this user only). ` +
            'It is shown this once: sign in, change it in the admin account page, then delete that file.',
        );
      } else {
        log.info({ email: config.ADMIN_EMAIL }, 'admin account created');
      }
    }
    if (config.SEED_DEMO && (await seedDemo(tx, photoStore))) log.info('demo properties created');
  });
}

/**
 * DATA_DIR/initial-admin-password, owner read/write only. A leftover file (an earlier database in the same DATA_DIR) is
 * removed first, so the new password is never written into a file with wider rights.
 */
async function writeInitialPassword(dataDir: string, password: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.resolve(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  await rm(file, { force: true });
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}
