/**
 * The bookings export in a process of its own, started with `npm start`'s heap flags (scripts/node-flags.mjs): opens
 * the database, streams every booking as CSV as the route does, and prints the rows, the seconds and how much its
 * resident memory grew (sampled every 20 ms and at every chunk) as JSON. Run by reports-bench.ts.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { EXPORT_BATCH, ExportsRepository } from '../../apps/server/src/plugins/app/reports/exports-repository.ts';
import { ReportExports } from '../../apps/server/src/plugins/app/reports/report-exports.ts';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: export-probe <database url or data dir>');
const handle = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target, poolSize: 2 } : { dataDir: target });
await queryRows(handle.db, sql`select 1`);
const exports = new ReportExports(new ExportsRepository(handle.db), 'Europe/Brussels', EXPORT_BATCH);
const before = process.memoryUsage().rss;
let peak = before;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
let lines = 0;
const started = performance.now();
await pipeline(
  exports.bookings({}),
  new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines += (String(chunk).match(/\r\n/g) ?? []).length;
      peak = Math.max(peak, process.memoryUsage().rss);
      done();
    },
  }),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sample);
await handle.close();
console.log(JSON.stringify({ rows: lines - 1, seconds, rssGrowthMb: (peak - before) / 1024 / 1024 }));
