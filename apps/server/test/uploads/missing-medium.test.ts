import { randomUUID } from 'node:crypto';
import { access, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { bearer, useAdminApp } from '../helper.ts';
import { fileForm } from '../support.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#884422' } }).png().toBuffer();

/**
 * Photos uploaded before medium sizes existed have none: GET /uploads/<name>-medium.webp makes it from the picture
 * once and stores it (decision 0022), or redirects to the picture; a name that is not one of ours stays a 404.
 */
describe('a medium size missing on disk (photos stored before mediums)', () => {
  const t = useAdminApp();
  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const fileOf = (name: string) => path.join(uploadsDir(), name);
  const exists = (name: string) => access(fileOf(name)).then(() => true, () => false);
  const mediumOf = (url: string) => url.replace(/\.webp$/, '-medium.webp');

  /** A photo as stored before this change: its picture and thumbnail, no medium. */
  async function oldUpload(width = 2400, height = 1600): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', payload: fileForm(await png(width, height), 'p.png', 'image/png'), headers: bearer(t.admin) });
    const { url } = response.json<{ url: string }>();
    await rm(fileOf(path.basename(mediumOf(url))));
    return url;
  }


  it('is made from the picture on the first request, stored, then served from disk like any photo', async () => {
    const url = await oldUpload();
    const first = await t.app.inject({ url: mediumOf(url) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 640 });
    expect(await exists(path.basename(mediumOf(url)))).toBe(true);

    const again = await t.app.inject({ url: mediumOf(url) });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBeDefined(); // @fastify/static's answer: the file is on disk now
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: mediumOf(await oldUpload()) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('many requests at once make it once, and all get it', async () => {
    const url = await oldUpload();
    const name = path.basename(mediumOf(url));
    const store = t.app.uploadsService.store;
    const put = store.put.bind(store);
    const written: string[] = [];
    store.put = async (file, bytes) => {
      written.push(file);
      await put(file, bytes);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.uploadsService.mediumFor(name)));
      expect(answers.every((answer) => answer.status === 'made')).toBe(true);
      expect(written).toEqual([name]);
      const served = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ url: mediumOf(url) })));
      expect(served.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      store.put = put;
    }
  });

  it('at most two are made at once: a third photo meanwhile is redirected to its picture (307, not cached)', async () => {
    const [a, b, c] = [await oldUpload(), await oldUpload(), await oldUpload()];
    const store = t.app.uploadsService.store;
    const get = store.get.bind(store);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    store.get = async (name) => {
      waiting++;
      await gate; // the two first mediums stay in progress until the third request is answered
      return get(name);
    };
    try {
      const making = [t.app.inject({ url: mediumOf(a) }), t.app.uploadsService.mediumFor(path.basename(mediumOf(b)))];
      await vi.waitFor(() => expect(waiting).toBe(2));
      const third = await t.app.inject({ url: mediumOf(c) });
      expect(third.statusCode).toBe(307);
      expect(third.headers.location).toBe(c);
      expect(third.headers['cache-control']).toBe('no-store');
      expect(await t.app.uploadsService.mediumFor(path.basename(mediumOf(c)))).toEqual({ status: 'busy', picture: path.basename(c) });
      release();
      const [first, second] = await Promise.all(making);
      expect((first as { statusCode: number }).statusCode).toBe(200);
      expect((second as { status: string }).status).toBe('made');
    } finally {
      release();
      store.get = get;
    }
    expect((await t.app.inject({ url: mediumOf(c) })).statusCode).toBe(200);
    expect(await exists(path.basename(mediumOf(c)))).toBe(true);
  });

  it('a picture that cannot be decoded: a 307 to the picture, no medium written, never a 500', async () => {
    const url = await oldUpload();
    await writeFile(fileOf(path.basename(url)), 'RIFF----WEBPgarbage that is no picture');
    const response = await t.app.inject({ url: mediumOf(url) });
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(url);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await exists(path.basename(mediumOf(url)))).toBe(false);
  });

  it('no picture, or a name that is not a photo of ours: a {detail, code} 4xx, nothing written, never a 500', async () => {
    const url = await oldUpload();
    const base = path.basename(url, '.webp');
    const before = (await readdir(uploadsDir())).sort();
    for (const hostile of [
      `/uploads/${randomUUID()}-medium.webp`,
      `/uploads/${base}-thumb-medium.webp`, // the thumbnail is no picture to make a medium of
      `/uploads/${base}-medium-medium.webp`,
      `/uploads/..%2F${base}-medium.webp`,
      `/uploads/%2e%2e%2f${base}-medium.webp`,
      `/uploads/..%5c${base}-medium.webp`,
      `/uploads/${base}%2F-medium.webp`,
      `/uploads/..-medium.webp`,
      '/uploads/-medium.webp',
      `/uploads/${base}-medium.webp%00`,
      `/uploads/${base}-medium.png`,
      `/uploads/x/${base}-medium.webp`,
      `/uploads/${'a'.repeat(120)}-medium.webp`,
      `/uploads/${'a'.repeat(5000)}-medium.webp`,
    ]) {
      const response = await t.app.inject({ url: hostile });
      // 403 for a way out of the folder (@fastify/static), 400 for a NUL byte, 404 for the rest.
      expect([400, 403, 404], hostile).toContain(response.statusCode);
      expect(response.json<{ code: string; detail: string }>(), hostile).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'POST', url: mediumOf(url) })).statusCode).toBe(404);
    expect((await readdir(uploadsDir())).sort()).toEqual(before);
  });
});
