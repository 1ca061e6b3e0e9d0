import { access, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { HousekeepingRepository } from '../../src/plugins/app/housekeeping/housekeeping-repository.ts';
import { HousekeepingService } from '../../src/plugins/app/housekeeping/housekeeping-service.ts';
import { LocalPhotoStore } from '../../src/plugins/app/uploads/photo-store.ts';
import { UploadsService } from '../../src/plugins/app/uploads/uploads-service.ts';
import {
  bearer,
  createProperty,
  createRoom,
  registerUser,
  siteDate,
  useAdminApp,
  usePostgres,
} from '../helper.ts';
import { insertBooking, openSecondHandle } from '../support.ts';

const HOUR = 3_600_000;
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();

describe('housekeeping', () => {
  const t = useAdminApp();
  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const fileOf = (url: string, size: '' | '-medium' | '-thumb' = '') => path.join(uploadsDir(), url.replace('/uploads/', '').replace(/\.webp$/, `${size}.webp`));
  const exists = (file: string) => access(file).then(
    () => true,
    () => false,
  );
  /** A stored photo (picture, medium and thumbnail) whose files were last written `hoursAgo` hours ago. */
  async function photo(hoursAgo: number): Promise<string> {
    const url = await t.app.uploadsService.storePhoto(await png());
    const when = new Date(Date.now() - hoursAgo * HOUR);
    for (const size of ['', '-medium', '-thumb'] as const) await utimes(fileOf(url, size), when, when);
    return url;
  }
  const onDisk = async (url: string) => ({
    picture: await exists(fileOf(url)),
    medium: await exists(fileOf(url, '-medium')),
    thumbnail: await exists(fileOf(url, '-thumb')),
  });
  const ALL = { picture: true, medium: true, thumbnail: true };
  const NONE = { picture: false, medium: false, thumbnail: false };
  const count = async (table: string, where = sql`true`) =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n;


  it('deletes rate-limit windows that have ended and keeps running ones', async () => {
    await t.app.db.execute(sql`insert into rate_limits (key, count, reset_at) values
      ('test:ended', 5, now() - interval '1 second'), ('test:running', 5, now() + interval '1 minute')`);
    await t.app.housekeepingJob.runOnce();
    expect(await count('rate_limits', sql`key like 'test:%'`)).toBe(1);
    expect(await count('rate_limits', sql`key = 'test:running'`)).toBe(1);
  });

  it('deletes sent outbox messages older than 30 days, and only those (a failed one stays, its address erased: decision 0021)', async () => {
    const message = (status: string, sentDaysAgo: number | null, createdDaysAgo: number, recipient: string) => sql`
      insert into outbox_messages (channel, kind, recipient, language, payload, status, sent_at, created_at) values (
        'email', 'booking_confirmation', ${recipient}, 'en', '{}'::jsonb, ${status},
        ${sentDaysAgo === null ? null : sql`now() - make_interval(days => ${sentDaysAgo})`}, now() - make_interval(days => ${createdDaysAgo}))`;
    await t.app.db.execute(message('sent', 31, 31, 'old-sent@example.com'));
    await t.app.db.execute(message('sent', 29, 40, 'recent-sent@example.com'));
    await t.app.db.execute(message('failed', null, 90, 'old-failed@example.com'));
    await t.app.db.execute(message('pending', null, 90, 'old-pending@example.com'));
    await t.app.housekeepingJob.runOnce();
    const left = await queryRows<{ recipient: string }>(t.app.db, sql`select recipient from outbox_messages where recipient like '%@example.com' order by recipient`);
    expect(left.map((row) => row.recipient)).toEqual(['old-pending@example.com', 'recent-sent@example.com']);
    expect(await count('outbox_messages', sql`status = 'failed' and recipient is null and erased_at is not null`)).toBe(1);
  });

  it('deletes processed webhook events older than 30 days and keeps newer ones', async () => {
    await t.app.db.execute(sql`insert into processed_webhook_events (provider, event_id, event_type, processed_at) values
      ('stripe', 'evt_old', 'checkout.session.completed', now() - interval '31 days'),
      ('paypal', 'WH-old', 'PAYMENT.CAPTURE.COMPLETED', now() - interval '31 days'),
      ('stripe', 'evt_recent', 'checkout.session.completed', now() - interval '29 days')`);
    await t.app.housekeepingJob.runOnce();
    const left = await queryRows<{ event_id: string }>(t.app.db, sql`select event_id from processed_webhook_events order by event_id`);
    expect(left.map((row) => row.event_id)).toEqual(['evt_recent']);
  });

  it('deletes revoked tokens past their expiry and reset links once expired (decision 0021), keeps the others', async () => {
    const { user } = await registerUser(t.app);
    await t.app.db.execute(sql`insert into revoked_tokens (jti, user_id, expires_at) values
      ('00000000-0000-4000-8000-000000000001', ${user.id}, now() - interval '1 second'),
      ('00000000-0000-4000-8000-000000000002', ${user.id}, now() + interval '1 day')`);
    await t.app.db.execute(sql`insert into password_resets (user_id, token_hash, expires_at) values
      (${user.id}, 'old-link', now() - interval '31 days'), (${user.id}, 'recent-link', now() - interval '1 day'),
      (${user.id}, 'live-link', now() + interval '1 hour')`);
    await t.app.housekeepingJob.runOnce();
    const tokens = await queryRows<{ jti: string }>(t.app.db, sql`select jti from revoked_tokens where user_id = ${user.id}`);
    expect(tokens.map((row) => row.jti)).toEqual(['00000000-0000-4000-8000-000000000002']);
    const links = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from password_resets where user_id = ${user.id} order by token_hash`);
    expect(links.map((row) => row.token_hash)).toEqual(['live-link']);
  });

  it('deletes an unreferenced photo past the grace period with its medium and thumbnail, keeps referenced and fresh ones', async () => {
    const unreferenced = await photo(25);
    const fresh = await photo(1);
    const ofProperty = await photo(100);
    const ofRoom = await photo(100);
    // Listed by a row under its thumbnail's or medium's URL only: still referenced, so no file goes.
    const byThumbnail = await photo(100);
    const byMedium = await photo(100);
    // A medium made on demand (missing-medium.ts) is new: the photo waits for the grace period again.
    const mediumJustMade = await photo(100);
    await utimes(fileOf(mediumJustMade, '-medium'), new Date(), new Date());
    const property = await createProperty(t.app, t.admin, { photos: [ofProperty] });
    await createRoom(t.app, t.admin, property.id, { photos: [ofRoom, byThumbnail.replace(/\.webp$/, '-thumb.webp'), byMedium.replace(/\.webp$/, '-medium.webp')] });
    const foreign = path.join(uploadsDir(), 'notes.txt');
    await writeFile(foreign, 'not a photo of ours');
    await utimes(foreign, new Date(Date.now() - 100 * HOUR), new Date(Date.now() - 100 * HOUR));

    await t.app.housekeepingJob.runOnce();

    expect(await onDisk(unreferenced)).toEqual(NONE);
    for (const kept of [fresh, ofProperty, ofRoom, byThumbnail, byMedium, mediumJustMade]) expect(await onDisk(kept), kept).toEqual(ALL);
    expect(await exists(foreign)).toBe(true);
  });

  it('a thumbnail or medium left without its picture is deleted too; a photo stored before mediums goes whole', async () => {
    const [thumbLeft, mediumLeft, beforeMediums] = [await photo(30), await photo(30), await photo(30)];
    const old = new Date(Date.now() - 30 * HOUR);
    await t.app.uploadsService.remove(thumbLeft);
    await t.app.uploadsService.remove(mediumLeft);
    await writeFile(fileOf(thumbLeft, '-thumb'), 'orphan thumbnail');
    await writeFile(fileOf(mediumLeft, '-medium'), 'orphan medium');
    await utimes(fileOf(thumbLeft, '-thumb'), old, old);
    await utimes(fileOf(mediumLeft, '-medium'), old, old);
    await rm(fileOf(beforeMediums, '-medium'));
    expect(await onDisk(mediumLeft)).toEqual({ picture: false, medium: true, thumbnail: false });
    await t.app.housekeepingJob.runOnce();
    for (const url of [thumbLeft, mediumLeft, beforeMediums]) expect(await onDisk(url), url).toEqual(NONE);
  });

  it("deletes an archived property's and room's photos once archived past the grace period, unless a stay still needs the room", async () => {
    const client = await registerUser(t.app);
    const [gone, goneRoom, recent, needed, shared] = [await photo(100), await photo(100), await photo(100), await photo(100), await photo(100)];
    const archivedLongAgo = await createProperty(t.app, t.admin, { photos: [gone, shared] });
    await createRoom(t.app, t.admin, archivedLongAgo.id, { photos: [goneRoom] });
    const archivedRecently = await createProperty(t.app, t.admin, { photos: [recent] });
    const live = await createProperty(t.app, t.admin, { photos: [shared] });
    const roomStillBooked = await createRoom(t.app, t.admin, live.id, { photos: [needed] });
    for (const id of [archivedLongAgo.id, archivedRecently.id]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/properties/${id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${roomStillBooked.id}`, headers: bearer(t.admin) })).statusCode).toBe(204);
    await t.app.db.execute(sql`update properties set archived_at = now() - interval '25 hours' where id = ${archivedLongAgo.id}`);
    await t.app.db.execute(sql`update rooms set archived_at = now() - interval '25 hours' where property_id = ${archivedLongAgo.id} or id = ${roomStillBooked.id}`);
    // A stay that still occupies nights in the archived room (written by hand: the API refuses to archive over it).
    await insertBooking(t.app.db, { roomId: roomStillBooked.id, userId: client.user.id, startDate: siteDate(3), endDate: siteDate(10) });

    await t.app.housekeepingJob.runOnce();

    expect(await onDisk(gone)).toEqual(NONE);
    expect(await onDisk(goneRoom)).toEqual(NONE);
    for (const kept of [recent, needed, shared]) expect(await onDisk(kept), kept).toEqual(ALL);
    const photosOf = async (table: 'properties' | 'rooms', id: string) =>
      (await queryRows<{ photos: string[] }>(t.app.db, sql`select photos from ${sql.identifier(table)} where id = ${id}`))[0]!.photos;
    expect(await photosOf('properties', archivedLongAgo.id)).toEqual([]);
    expect(await photosOf('properties', archivedRecently.id)).toEqual([recent]);
    expect(await photosOf('rooms', roomStillBooked.id)).toEqual([needed]);
    expect(await photosOf('properties', live.id)).toEqual([shared]);
  });

  it('a task that fails does not stop the others, and the run reports it', async () => {
    await t.app.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('fail:ended', 1, now() - interval '1 minute')`);
    const stale = await photo(30);
    const repository = new HousekeepingRepository(t.app.db);
    repository.deleteSentOutbox = () => Promise.reject(new Error('outbox table is locked'));
    const housekeeping = new HousekeepingService({
      repository,
      uploads: t.app.uploadsService,
      retentionDays: 30,
      photoGraceHours: 24,
      checkInRetentionDays: 1095,
      timeZone: t.config.TZ_SITE,
      log: t.app.log,
    });
    await expect(housekeeping.run()).rejects.toThrow(/1 task\(s\) failed/);
    expect(await count('rate_limits', sql`key = 'fail:ended'`)).toBe(0);
    expect(await onDisk(stale)).toEqual(NONE);
  });

  it('two instances running it at once both finish, and do the work once', async () => {
    await t.app.db.execute(sql`insert into rate_limits (key, count, reset_at)
      select 'race:' || n, 1, now() - interval '1 minute' from generate_series(1, 300) n`);
    await t.app.db.execute(sql`insert into processed_webhook_events (provider, event_id, event_type, processed_at)
      select 'stripe', 'evt_race_' || n, 'checkout.session.completed', now() - interval '40 days' from generate_series(1, 300) n`);
    const photos = await Promise.all(Array.from({ length: 6 }, () => photo(48)));

    const second = usePostgres ? await openSecondHandle(t.database) : t.database;
    const instance = (db: typeof t.app.db) =>
      new HousekeepingService({
        repository: new HousekeepingRepository(db),
        uploads: new UploadsService(new LocalPhotoStore(uploadsDir())),
        retentionDays: 30,
        photoGraceHours: 24,
        checkInRetentionDays: 1095,
        timeZone: t.config.TZ_SITE,
        log: t.app.log,
      });
    try {
      const reports = await Promise.all([instance(t.app.db).run(), instance(second.handle.db).run()]);
      expect(reports.reduce((sum, report) => sum + report.webhookEvents, 0)).toBe(300);
      expect(reports.reduce((sum, report) => sum + report.rateLimits, 0)).toBeGreaterThanOrEqual(300);
    } finally {
      if (second !== t.database) await second.drop();
    }
    expect(await count('rate_limits', sql`key like 'race:%'`)).toBe(0);
    expect(await count('processed_webhook_events', sql`event_id like 'evt_race_%'`)).toBe(0);
    for (const url of photos) expect(await onDisk(url)).toEqual(NONE);
    expect((await readdir(uploadsDir())).filter((name) => name.endsWith('.webp')).length).toBeGreaterThan(0);
  });
});
