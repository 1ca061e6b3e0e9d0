import { loadConfig } from '/work/main/apps/server/src/config.ts';
import { buildApp } from '/work/main/apps/server/src/app.ts';
import { openDatabase, queryRows } from '/work/main/apps/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
const url = process.argv[2]!;
const h = await openDatabase({ databaseUrl: url, poolSize: 1 });
const props = await queryRows<{ id: string }>(h.db, sql`select id from properties order by created_at limit 10`);
const rooms = await queryRows<{ id: string }>(h.db, sql`select id from rooms limit 10`);
await h.close();
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: '/tmp/bx/inj', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'adminpw', ADMIN_EMAIL: 'admin@bench.example', JOBS: 'false' });
const app = await buildApp({ config });
await app.ready();
const today = new Date().toISOString().slice(0, 10);
const end = new Date(Date.now() + 180 * 864e5).toISOString().slice(0, 10);
const paths: Record<string, string> = {
  properties: '/api/properties',
  property: `/api/properties/${props[0]!.id}`,
  rooms: `/api/rooms?property_id=${props[0]!.id}`,
  room: `/api/rooms/${rooms[0]!.id}`,
  availability: `/api/rooms/${rooms[0]!.id}/availability?start=${today}&end=${end}`,
};
const only = process.argv[3];
for (const [name, path] of Object.entries(paths)) {
  if (only && !only.split(',').includes(name)) continue;
  const run = async (n: number) => { for (let i = 0; i < n; i++) { const r = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip, deflate, br' } }); if (r.statusCode !== 200) throw new Error(r.body); } };
  await run(300);
  const c = process.cpuUsage(); const w = performance.now();
  await run(1000);
  const u = process.cpuUsage(c);
  console.log(name.padEnd(14), ((u.user + u.system) / 1000 / 1000).toFixed(3), 'ms cpu/req', ((performance.now() - w) / 1000).toFixed(3), 'ms wall/req');
}
await app.close();
