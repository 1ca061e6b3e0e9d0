import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { HousekeepingRepository } from '../../src/plugins/app/housekeeping/housekeeping-repository.ts';
import { HousekeepingService } from '../../src/plugins/app/housekeeping/housekeeping-service.ts';
import { FakeS3 } from '../fakes/s3-server.ts';
import { bearer, buildTestApp, createProperty, createRoom, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { expectError, fileForm } from '../support.ts';

const png = (width = 64) => sharp({ create: { width, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();
const nameOf = (url: string) => url.replace('/uploads/', '');
const thumbOf = (name: string) => name.replace(/\.webp$/, '-thumb.webp');
const mediumOf = (name: string) => name.replace(/\.webp$/, '-medium.webp');

describe('photos in an S3-compatible bucket (UPLOADS=s3)', () => {
  let s3: FakeS3;
  let t: TestApp;
  let admin: string;

  async function upload(app = t.app, token = admin, width = 64) {
    return app.inject({ method: 'POST', url: '/api/upload', payload: fileForm(await png(width), 'room.png', 'image/png'), headers: bearer(token) });
  }

  beforeAll(async () => {
    s3 = await FakeS3.start();
    t = await buildTestApp({ env: s3.env({ SEED_DEMO: 'true' }) });
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('puts the demo photos in the bucket on first start, none on disk', async () => {
    const keys = await s3.keys();
    expect(keys.filter((key) => /^uploads\/demo-[a-z]+-outside\.webp$/.test(key))).toHaveLength(3);
    expect(keys.filter((key) => /^uploads\/demo-[a-z]+-outside-medium\.webp$/.test(key))).toHaveLength(3);
    await expect(access(path.join(t.dataDir, 'uploads'))).rejects.toThrow();
  });

  it('stores an upload, its medium and thumbnail under uploads/ and serves it at /uploads/<name> with a year-long cache', async () => {
    const response = await upload(t.app, admin, 2000);
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const keys = await s3.keys();
    expect(keys).toContain(`uploads/${nameOf(url)}`);
    expect(keys).toContain(`uploads/${thumbOf(nameOf(url))}`);
    expect(keys).toContain(`uploads/${mediumOf(nameOf(url))}`);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1920);
    const thumb = await t.app.inject({ url: url.replace(/\.webp$/, '-thumb.webp') });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
    const medium = await t.app.inject({ url: mediumOf(url) });
    expect(medium.statusCode).toBe(200);
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(960);

    const again = await t.app.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 for a photo that is not there, and for names that are not a photo of ours, before asking the bucket', async () => {
    await s3.put('secret.txt', 'not for the public');
    await s3.put('uploads/notes.txt', 'not a photo');
    for (const url of [
      '/uploads/00000000-0000-4000-8000-000000000000.webp',
      '/uploads/notes.txt',
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/.webp',
      '/uploads/-x.webp',
      `/uploads/${'a'.repeat(90)}.webp`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
    expect((await t.app.inject({ url: '/uploads/a/b.webp' })).statusCode).toBe(404);
  });

  it('a medium missing from the bucket (a photo stored before mediums) is made from the picture once and stored', async () => {
    const url = (await upload(t.app, admin, 1500)).json<{ url: string }>().url;
    await t.app.uploadsService.store.delete([mediumOf(nameOf(url))]);
    const made = await t.app.inject({ url: mediumOf(url) });
    expect(made.statusCode).toBe(200);
    expect(made.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(made.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960 });
    expect(await s3.keys()).toContain(`uploads/${mediumOf(nameOf(url))}`);
    const again = await t.app.inject({ url: mediumOf(url) });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBeDefined(); // streamed from the bucket now

    // Hostile names: never the bucket's other keys, nothing written, a {detail, code} 404 (414 over Fastify's 100-character parameter).
    const before = await s3.keys();
    const base = nameOf(url).replace(/\.webp$/, '');
    for (const hostile of [
      `/uploads/00000000-0000-4000-8000-000000000000-medium.webp`,
      `/uploads/${base}-thumb-medium.webp`,
      `/uploads/..%2F${base}-medium.webp`,
      `/uploads/%2e%2e%2f${base}-medium.webp`,
      `/uploads/${'a'.repeat(5000)}-medium.webp`,
    ]) {
      const response = await t.app.inject({ url: hostile });
      expect(response.statusCode, hostile.slice(0, 80)).toBe(hostile.length > 200 ? 414 : 404);
      expect(response.json(), hostile.slice(0, 80)).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    expect(await s3.keys()).toEqual(before);
  });

  it('only an admin uploads: no token 401, a client 403, nothing written to the bucket', async () => {
    const before = await s3.keys();
    const client = await registerUser(t.app);
    expectError(await upload(t.app, client.token), 403, 'forbidden');
    expect((await upload(t.app, 'not-a-token')).statusCode).toBe(401);
    expect(await s3.keys()).toEqual(before);
  });

  it('housekeeping deletes unlisted photos from the bucket with their medium and thumbnail, keeps listed ones and anything else', async () => {
    const [unlisted, ofRoom, byThumbnail] = await Promise.all([upload(), upload(), upload()]).then((responses) =>
      responses.map((response) => response.json<{ url: string }>().url),
    );
    const property = await createProperty(t.app, admin);
    await createRoom(t.app, admin, property.id, { photos: [ofRoom!, byThumbnail!.replace(/\.webp$/, '-thumb.webp')] });
    await s3.put('uploads/nested/old.webp', 'not ours');
    const sweep = (photoGraceHours: number) =>
      new HousekeepingService({
        repository: new HousekeepingRepository(t.app.db),
        uploads: t.app.uploadsService,
        retentionDays: 30,
        photoGraceHours,
        checkInRetentionDays: 1095,
        timeZone: t.config.TZ_SITE,
        log: t.app.log,
      }).run();

    // Within the grace period nothing goes (an upload not yet saved in the admin's form).
    expect((await sweep(24)).photosDeleted).toEqual([]);
    // Past it (a grace of 0 hours makes every object old enough): only the unlisted photo and its thumbnail go.
    const report = await sweep(0);
    expect(report.photosDeleted).toContain(unlisted);
    expect(report.photosDeleted).not.toContain(ofRoom);
    const keys = await s3.keys();
    expect(keys).not.toContain(`uploads/${nameOf(unlisted!)}`);
    expect(keys).not.toContain(`uploads/${thumbOf(nameOf(unlisted!))}`);
    expect(keys).not.toContain(`uploads/${mediumOf(nameOf(unlisted!))}`);
    for (const kept of [ofRoom!, byThumbnail!]) {
      expect(keys).toContain(`uploads/${nameOf(kept)}`);
      expect(keys).toContain(`uploads/${thumbOf(nameOf(kept))}`);
      expect(keys).toContain(`uploads/${mediumOf(nameOf(kept))}`);
    }
    expect(keys).toEqual(expect.arrayContaining(['secret.txt', 'uploads/notes.txt', 'uploads/nested/old.webp']));
    expect((await t.app.inject({ url: unlisted! })).statusCode).toBe(404);
  });

  it('with S3_PUBLIC_URL, /uploads/<name> redirects to the CDN', async () => {
    const cdn = await buildTestApp({ env: s3.env({ S3_PUBLIC_URL: 'https://cdn.example.com/site/' }) });
    try {
      const response = await cdn.app.inject({ url: '/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b.webp' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://cdn.example.com/site/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b.webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect((await cdn.app.inject({ url: '/uploads/..%2Fsecret.txt' })).statusCode).toBe(404);

      // A medium in the bucket goes to the CDN; one missing is made from its picture and stored first.
      const url = (await upload(t.app, admin, 1200)).json<{ url: string }>().url;
      const stored = await cdn.app.inject({ url: mediumOf(url) });
      expect(stored.statusCode).toBe(302);
      expect(stored.headers.location).toBe(`https://cdn.example.com/site${mediumOf(url)}`);
      await t.app.uploadsService.store.delete([mediumOf(nameOf(url))]);
      const made = await cdn.app.inject({ url: mediumOf(url) });
      expect(made.statusCode).toBe(200);
      expect((await sharp(made.rawPayload).metadata()).width).toBe(960);
      expect(await s3.keys()).toContain(`uploads/${mediumOf(nameOf(url))}`);
      expect((await cdn.app.inject({ url: '/uploads/00000000-0000-4000-8000-000000000000-medium.webp' })).statusCode).toBe(404);
    } finally {
      await cdn.close();
    }
  });

  it('a bucket that does not answer: 503 storage_unavailable with Retry-After, never a 500', async () => {
    const down = await buildTestApp({ env: s3.env({ S3_ENDPOINT: 'http://127.0.0.1:9', SEED_DEMO: 'false' }) });
    try {
      const token = await loginAdmin(down.app);
      const stored = await upload(down.app, token);
      expectError(stored, 503, 'storage_unavailable');
      expect(stored.headers['retry-after']).toBe('5');
      expectError(await down.app.inject({ url: '/uploads/0b7c1f0e-5d6a-4e0b-9a53-1c2d3e4f5a6b.webp' }), 503, 'storage_unavailable');
    } finally {
      await down.close();
    }
  });

  it('refuses to start without a bucket, or with half a key pair, naming the variable', () => {
    const env = { DATA_DIR: t.dataDir, UPLOADS: 's3' };
    expect(() => loadConfig(env)).toThrow(/S3_BUCKET: Required when UPLOADS=s3/);
    expect(() => loadConfig({ ...env, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...env, S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://store' })).toThrow(/S3_ENDPOINT: Must be an http\(s\) URL/);
    expect(() => loadConfig({ ...env, UPLOADS: 'ftp' })).toThrow(/UPLOADS/);
    expect(loadConfig({ ...env, S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://cdn.example.com/' }).S3_PUBLIC_URL).toBe('https://cdn.example.com');
  });
});
