import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAdmin, registerUser, type TestApp } from '../helper.ts';
import { expectError, fileForm } from '../support.ts';

const MAX_BYTES = 64 * 1024;

/** A small photo carrying EXIF with GPS coordinates and a camera owner, as phones write them. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Artist: 'Jane Owner', Copyright: 'Jane Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 21/1 0/1' },
    })
    .toBuffer();
}

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } }).png().toBuffer();

describe('upload routes', () => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).sort();
  const upload = (form: FormData, token: string | null = admin) =>
    t.app.inject({ method: 'POST', url: '/api/upload', payload: form, headers: token ? bearer(token) : {} });

  /** A refused upload writes no file. */
  async function expectUploadRefused(call: () => ReturnType<typeof upload>, status: number, code: string) {
    const before = await stored();
    const response = await call();
    expectError(response, status, code);
    expect(await stored()).toEqual(before);
    return response;
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
    admin = await loginAdmin(t.app);
    client = (await registerUser(t.app)).token;
  });
  afterAll(() => t.close());

  it('re-encodes a JPEG to WebP without its EXIF, under a random name, and serves it', async () => {
    const original = await jpegWithExif();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeInstanceOf(Buffer); // the fixture really carries EXIF

    const response = await upload(fileForm(original, 'holiday.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(url).not.toContain('holiday');

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Jane Owner'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('re-encodes a PNG to WebP, whatever the file name and type claim', async () => {
    const response = await upload(fileForm(await png(), 'shot.gif', 'application/octet-stream'));
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ url: response.json<{ url: string }>().url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('shrinks a large picture to at most 1920 pixels on its longest edge', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } }).png().toBuffer();
    const response = await upload(fileForm(big, 'wide.png', 'image/png'));
    expect(response.statusCode).toBe(201);
    const meta = await sharp((await t.app.inject({ url: response.json<{ url: string }>().url })).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 1920, height: 640 });
  });

  it('refuses a text file renamed .png (400 invalid_image)', async () => {
    const text = Buffer.from('#!/bin/sh\necho this is not a picture\n'.repeat(4));
    await expectUploadRefused(() => upload(fileForm(text, 'photo.png', 'image/png')), 400, 'invalid_image');
  });

  it('refuses an HTML page posing as an image, and a PNG header with no picture behind it (400 invalid_image)', async () => {
    await expectUploadRefused(() => upload(fileForm(Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg')), 400, 'invalid_image');
    const header = (await png()).subarray(0, 40);
    await expectUploadRefused(() => upload(fileForm(Buffer.concat([header, randomBytes(200)]), 'broken.png', 'image/png')), 400, 'invalid_image');
    await expectUploadRefused(() => upload(fileForm(Buffer.alloc(0), 'empty.png', 'image/png')), 400, 'invalid_image');
  });

  it('refuses a file over the byte limit (413 payload_too_large)', async () => {
    // Random pixels do not compress: this PNG is far above the limit.
    const noisy = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(MAX_BYTES);
    await expectUploadRefused(() => upload(fileForm(noisy, 'noisy.png', 'image/png')), 413, 'payload_too_large');
  });

  it('refuses a picture with too many pixels before decoding it (413 payload_too_large)', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9, palette: true, colours: 2 }).toBuffer();
    expect(huge.length).toBeLessThan(MAX_BYTES);
    await expectUploadRefused(() => upload(fileForm(huge, 'huge.png', 'image/png')), 413, 'payload_too_large');
  });

  it('refuses a form without the field "file", and a body that is not multipart (400)', async () => {
    const image = await png();
    await expectUploadRefused(() => upload(fileForm(image, 'a.png', 'image/png', 'photo')), 400, 'validation_error');
    const fieldsOnly = new FormData();
    fieldsOnly.append('note', 'no file here');
    await expectUploadRefused(() => upload(fieldsOnly), 400, 'validation_error');
    await expectUploadRefused(
      () => t.app.inject({ method: 'POST', url: '/api/upload', headers: bearer(admin), payload: { file: image.toString('base64') } }),
      400,
      'validation_error',
    );
  });

  it('refuses a multipart body it cannot read: no boundary, cut short (400, never 500)', async () => {
    const image = await png();
    const multipartHeaders = (contentType: string) => ({ ...bearer(admin), 'content-type': contentType });
    await expectUploadRefused(
      () => t.app.inject({ method: 'POST', url: '/api/upload', headers: multipartHeaders('multipart/form-data'), payload: 'garbage' }),
      400,
      'validation_error',
    );
    const cutShort = Buffer.concat([
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      image.subarray(0, 20),
    ]);
    await expectUploadRefused(
      () => t.app.inject({ method: 'POST', url: '/api/upload', headers: multipartHeaders('multipart/form-data; boundary=xyz'), payload: cutShort }),
      400,
      'validation_error',
    );
  });

  it('refuses a form with too many fields (413 payload_too_large)', async () => {
    const form = new FormData();
    for (let i = 0; i < 10; i++) form.append(`field${i}`, 'x');
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    await expectUploadRefused(() => upload(form), 413, 'payload_too_large');
  });

  it('refuses anonymous callers (401) and clients (403)', async () => {
    const image = await png();
    await expectUploadRefused(() => upload(fileForm(image, 'a.png', 'image/png'), null), 401, 'unauthorized');
    await expectUploadRefused(() => upload(fileForm(image, 'a.png', 'image/png'), client), 403, 'forbidden');
    await expectUploadRefused(() => upload(fileForm(image, 'a.png', 'image/png'), 'garbage'), 401, 'invalid_token');
  });

  it('serves nothing but the uploads: unknown files 404, no way out of the folder', async () => {
    expect((await t.app.inject({ url: '/uploads/00000000-0000-0000-0000-000000000000.webp' })).statusCode).toBe(404);
    for (const url of ['/uploads/../secrets.json', '/uploads/..%2fsecrets.json', '/uploads/%2e%2e/secrets.json', '/uploads/..%5csecrets.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('jwt_secret');
    }
  });
});
