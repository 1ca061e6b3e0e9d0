import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';

/** The setting that holds admins without two-factor sign-in to enrolment (decision 0034); read with each signed-in user too (users-repository.ts). */
export const REQUIRE_TWO_FACTOR_SETTING = 'require_two_factor_for_staff';

/** A settings row as stored: its value sealed (`encrypted`) or plain. */
export interface StoredSetting {
  key: string;
  value: string;
  encrypted: boolean;
}

/** The settings table's queries; which keys exist and which are sealed is the settings service's. */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async read(keys: string[], executor: Executor = this.db): Promise<StoredSetting[]> {
    return executor.select({ key: settings.key, value: settings.value, encrypted: settings.encrypted }).from(settings).where(inArray(settings.key, keys));
  }

  /**
   * Writes each row, replacing the key's value when it exists; in a transaction of its own, where the audit log's entry
   * of an admin's change is written (docs/decisions/0043).
   */
  async write(rows: StoredSetting[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction((tx) =>
      tx
        .insert(settings)
      .values(rows)
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, encrypted: sql`excluded.encrypted`, updatedAt: sql`now()` },
        }),
    );
  }
}
