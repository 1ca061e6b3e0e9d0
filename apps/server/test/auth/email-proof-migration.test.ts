import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import type { TestDatabase } from '../helper.ts';
import { applyMigration, databaseBefore } from '../migration-support.ts';

// docs/decisions/0029-on-site-bookings-need-proof.md: accounts made before migration 0017 count as proved.

const MINE = '0017_on_site_proof.sql';

describe('migration 0017', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await databaseBefore(MINE);
    db = database.handle.db;
  });
  afterAll(async () => database.drop());

  const addUser = (email: string) =>
    db.execute(sql`insert into users (email, name, password_hash) values (${email}, 'Old', 'x')`);

  it('proves the accounts made before it, and no account made after it', async () => {
    await addUser('before@example.com');
    await applyMigration(db, MINE);
    await addUser('after@example.com');
    const rows = await queryRows<{ email: string; email_verified: boolean }>(db, sql`select email, email_verified from users order by email`);
    expect(rows).toEqual([
      { email: 'after@example.com', email_verified: false },
      { email: 'before@example.com', email_verified: true },
    ]);
  });
});
