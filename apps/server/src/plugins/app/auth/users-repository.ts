import { eq, sql } from 'drizzle-orm';
import type { Language, User } from '@roomweek/contract';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    first_name: row.firstName,
    email: row.email,
    role: row.role,
    is_admin: row.role === 'admin',
    birth_date: row.birthDate,
    birth_place: row.birthPlace,
    phone: row.phone,
    language: row.language as Language,
    default_password: row.defaultPassword,
  };
}

const prepareById = (db: Executor) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('users_by_id');

export class UsersRepository {
  constructor(private readonly db: Executor) {}

  /** Every authenticated request looks its user up: prepared once (SQL built once, planned once per connection). */
  private byId: ReturnType<typeof prepareById> | undefined;

  async findById(id: string): Promise<UserRow | undefined> {
    this.byId ??= prepareById(this.db);
    const [row] = await this.byId.execute({ id });
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  async insert(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  async setPassword(id: string, password: { hash: string; isDefault: boolean }): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ passwordHash: password.hash, defaultPassword: password.isDefault, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }

  /** Accounts whose e-mail or name contains the hint (case-insensitive), for e-mail recovery. */
  async search(hint: string, limit: number): Promise<UserRow[]> {
    const pattern = `%${hint.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .select()
      .from(users)
      .where(
        sql`${users.email} ilike ${pattern} or ${users.name} ilike ${pattern} or ${users.firstName} ilike ${pattern} or (coalesce(${users.firstName}, '') || ' ' || ${users.name}) ilike ${pattern}`,
      )
      .orderBy(users.name)
      .limit(limit);
  }
}
