import { and, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
import { properties } from '/work/main/apps/server/src/db/schema.ts';
const h = await openDatabase({ databaseUrl: process.argv[2], poolSize: 1 });
const db = h.db;
const id = process.argv[3]!;
const prepared = db.select().from(properties).where(and(eq(properties.id, sql.placeholder('id')), isNull(properties.archivedAt))).prepare('property_get');
const pool = (db as unknown as { $client: import('pg').Pool }).$client;
async function t(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const c = process.cpuUsage(); const w = performance.now();
  for (let i = 0; i < 2000; i++) await fn();
  const u = process.cpuUsage(c);
  console.log(label.padEnd(20), ((u.user + u.system) / 2000 / 1000).toFixed(4), 'ms cpu', ((performance.now() - w) / 2000).toFixed(4), 'ms wall');
}
for (let r = 0; r < 2; r++) {
  await t('built each time', () => db.select().from(properties).where(and(eq(properties.id, id), isNull(properties.archivedAt))));
  await t('prepared', () => prepared.execute({ id }));
  await t('raw pg pool', () => pool.query('select * from properties where id = $1 and archived_at is null', [id]));
  await t('raw pg named', () => pool.query({ name: 'x', text: 'select * from properties where id = $1 and archived_at is null', values: [id] }));
}
await h.close();
