import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createPglite, migrationNames, openDatabase, type Database } from '../src/db/client.ts';
import { createTestDatabase, usePostgres, type TestDatabase } from './helper.ts';

/** apps/server/migrations/, with its trailing slash. */
export const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Applies one migration file as `migrate()` does: its statements in one transaction, then recorded. */
export async function applyMigration(db: Database, file: string): Promise<void> {
  const text = await readFile(`${MIGRATIONS}${file}`, 'utf8');
  await db.transaction(async (tx) => {
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.replace(/--.*$/gm, '').trim()) await tx.execute(sql.raw(statement));
    }
    await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
  });
}

/** A database of the schema as it was before migration `file` (every migration before it applied), empty. */
export async function databaseBefore(file: string): Promise<TestDatabase> {
  const database = usePostgres
    ? await createTestDatabase()
    : await (async () => {
        const handle = await openDatabase({ pglite: await createPglite() });
        return { handle, drop: () => handle.close() };
      })();
  const db = database.handle.db;
  await db.execute(sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
  for (const name of (await migrationNames()).filter((name) => name < file)) await applyMigration(db, name);
  return database;
}
