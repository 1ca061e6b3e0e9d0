import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { buildDataset } from './dataset.ts';
import { explainAdminCalls } from './explain.ts';
import { generateFirst } from './generate-data.ts';
const admin = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', poolSize: 1 });
const name = `rw_benchtry_${Date.now()}`;
await admin.db.execute(sql.raw(`create database ${name}`));
try {
  const data = buildDataset();
  const target = { dataDir: '/tmp/s18/none', databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}` };
  await generateFirst(target, data);
  const show = (plans: Awaited<ReturnType<typeof explainAdminCalls>>) => { for (const p of plans) console.log(p.name, p.bookings, p.queryMs.toFixed(2), [...new Set(p.bookingsScans)].join('; ')); };
  show(await explainAdminCalls(target, data));
  const h = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 1 });
  let t = performance.now();
  try {
  await h.db.execute(sql`insert into bookings (room_id, user_id, user_name, user_email, start_date, end_date, total_cents, status, payment_method, created_at)
    select r.id, u.id, 'x', 'x@example.com', date '2010-01-01' + (g * 3), date '2010-01-01' + (g * 3) + 2, 1000, 'confirmed', 'on_site', now() - interval '1 day' * g / 10
    from rooms r, generate_series(0, 599) g, (select id from users limit 1) u`);
  } catch (e) { console.log('insert failed', e); }
  await h.db.execute(sql`vacuum analyze`);
  console.log('grew in', (performance.now() - t).toFixed(0), 'ms');
  await h.close();
  show(await explainAdminCalls(target, data));
} catch (e) { console.log('failed', e); } finally {
  await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await admin.close();
}
