import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, migrationNames, openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { createTestDatabase, usePostgres, type TestDatabase } from '../helper.ts';

// docs/decisions/0029-on-site-bookings-need-proof.md: accounts made before migration 0017 count as proved.

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));
const MINE = '0017_on_site_proof.sql';

/** Applies one migration file as `migrate()` does: its statements in one transaction, then recorded. */
async function apply(db: Database, file: string): Promise<void> {
  const text = await readFile(`${MIGRATIONS}${file}`, 'utf8');
  await db.transaction(async (tx) => {
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.replace(/--.*$/gm, '').trim()) await tx.execute(sql.raw(statement));
    }
    await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
  });
}

describe('migration 0017', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = usePostgres
      ? await createTestDatabase()
      : await (async () => {
          const handle = await openDatabase({ pglite: await createPglite() });
          return { handle, drop: () => handle.close() };
        })();
    db = database.handle.db;
    await db.execute(sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
    for (const file of (await migrationNames()).filter((name) => name < MINE)) await apply(db, file);
  });
  afterAll(async () => database.drop());

  const addUser = (email: string) =>
    db.execute(sql`insert into users (email, name, password_hash) values (${email}, 'Old', 'x')`);

  it('proves the accounts made before it, and no account made after it', async () => {
    await addUser('before@example.com');
    await apply(db, MINE);
    await addUser('after@example.com');
    const rows = await queryRows<{ email: string; email_verified: boolean }>(db, sql`select email, email_verified from users order by email`);
    expect(rows).toEqual([
      { email: 'after@example.com', email_verified: false },
      { email: 'before@example.com', email_verified: true },
    ]);
  });
});
