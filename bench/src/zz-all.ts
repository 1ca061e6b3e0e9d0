import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { z } from 'zod';
import { Booking } from '@roomweek/contract';
import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
import { BookingsService } from '/work/main/apps/server/src/plugins/app/bookings/bookings-service.ts';
const h = await openDatabase(process.argv[2]!.startsWith('postgres') ? { databaseUrl: process.argv[2] } : { dataDir: process.argv[2] });
const svc = new BookingsService({ db: h.db, notifier: {} as never, timeZone: 'Europe/Brussels', holdMinutes: 30 });
const schema = z.array(Booking);
function t<T>(label: string, fn: () => T): T {
  const c = process.cpuUsage(); const w = performance.now();
  const r = fn();
  const u = process.cpuUsage(c);
  console.log(label.padEnd(24), (performance.now() - w).toFixed(0).padStart(6), 'ms wall', ((u.user + u.system) / 1000).toFixed(0).padStart(6), 'ms cpu');
  return r;
}
for (let round = 0; round < 3; round++) {
  const c = process.cpuUsage(); const w = performance.now();
  const { bookings } = await svc.listAll();
  const u = process.cpuUsage(c);
  console.log('listAll'.padEnd(24), (performance.now() - w).toFixed(0).padStart(6), 'ms wall', ((u.user + u.system) / 1000).toFixed(0).padStart(6), 'ms cpu', bookings.length);
  const parsed = t('zod safeParse', () => schema.safeParse(bookings));
  const json = t('JSON.stringify', () => JSON.stringify(parsed.data));
  t('gzip 6', () => gzipSync(json));
  t('gzip 1', () => gzipSync(json, { level: 1 }));
  t('brotli 4', () => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  t('brotli 1', () => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }));
  console.log('json MB', (json.length / 1e6).toFixed(1));
}
await h.close();
