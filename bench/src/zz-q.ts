import { createPglite } from '/work/main/apps/server/src/db/client.ts';
const pg = await createPglite(process.argv[2]);
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await fn();
  const t = performance.now();
  const c = process.cpuUsage();
  for (let i = 0; i < 100; i++) await fn();
  const u = process.cpuUsage(c);
  console.log(label.padEnd(50), ((performance.now() - t) / 100).toFixed(2), 'ms wall', ((u.user + u.system) / 100 / 1000).toFixed(2), 'ms cpu');
}
await time('select 1', () => pg.query('select 1'));
await time('select * from properties', () => pg.query('select * from properties'));
await time('select id from properties', () => pg.query('select id from properties'));
await time('select * from properties order by', () => pg.query('select * from properties where archived_at is null order by created_at, name'));
await time('select * rowMode array', () => pg.query('select * from properties', [], { rowMode: 'array' }));
await time('select * with param', () => pg.query('select * from properties where room_count > $1', [0]));
await time('exec select *', () => pg.exec('select * from properties'));
await time('select * from rooms (500)', () => pg.query('select * from rooms'));
await pg.close();
