import { eq } from 'drizzle-orm';
import type { CheckInStatus } from '@roomweek/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { checkIns, type StoredTraveller } from '../../../db/check-in-schema.ts';

export type CheckInRow = typeof checkIns.$inferSelect;

/** The queries on check-ins (docs/decisions/0036-online-check-in.md). */
export class CheckInRepository {
  constructor(private readonly db: Database) {}

  async find(bookingId: string, executor: Executor = this.db): Promise<CheckInRow | undefined> {
    const [row] = await executor.select().from(checkIns).where(eq(checkIns.bookingId, bookingId));
    return row;
  }

  /** Writes the booking's check-in as it stands now (one row per booking). */
  async save(
    tx: Executor,
    bookingId: string,
    values: { arrivalTime: string | null; travellers: StoredTraveller[]; status: CheckInStatus },
  ): Promise<CheckInRow> {
    const [row] = await tx
      .insert(checkIns)
      .values({ bookingId, ...values })
      .onConflictDoUpdate({ target: checkIns.bookingId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }
}
