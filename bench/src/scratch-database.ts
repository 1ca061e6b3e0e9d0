import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';

/**
 * A fresh database on the server of DATABASE_URL (never the database it names), dropped at the end — kept, with its
 * name printed, when BENCH_KEEP_DATABASE=1 (to look at a million bookings' plans again without seeding them again).
 */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `roomweek_bench_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  try {
    await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`kept the bench database: ${url.toString()}`);
        return;
      }
      const again = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
      try {
        await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      } finally {
        await again.close();
      }
    },
  };
}
