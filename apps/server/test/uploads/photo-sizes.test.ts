import { access, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/plugins/app/demo/demo-seed.ts';
import { bearer, useAdminApp } from '../helper.ts';
import { fileForm } from '../support.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7d44' } }).png().toBuffer();
const sizesOf = (url: string) => {
  const base = url.replace(/^\/uploads\//, '').replace(/\.webp$/, '');
  return { picture: `${base}.webp`, medium: `${base}-medium.webp`, thumb: `${base}-thumb.webp` };
};

describe('photo sizes on disk (UPLOADS=local): picture, medium, thumbnail', () => {
  const t = useAdminApp({ env: { SEED_DEMO: 'true' } });
  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const fileOf = (name: string) => path.join(uploadsDir(), name);
  const exists = (name: string) => access(fileOf(name)).then(() => true, () => false);
  const widthOf = async (name: string) => (await sharp(fileOf(name)).metadata()).width;

  async function upload(width: number, height: number): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', payload: fileForm(await png(width, height), 'p.png', 'image/png'), headers: bearer(t.admin) });
    expect(response.statusCode).toBe(201);
    return response.json<{ url: string }>().url;
  }


  it('an upload writes three WebP files: 1920, 960 and 480 pixels on the longest edge, each served', async () => {
    const url = await upload(3000, 2000);
    const { picture, medium, thumb } = sizesOf(url);
    expect(await widthOf(picture)).toBe(1920);
    expect(await widthOf(medium)).toBe(960);
    expect(await widthOf(thumb)).toBe(480);
    expect((await sharp(fileOf(medium)).metadata()).height).toBe(640);
    for (const name of [picture, medium, thumb]) {
      const served = await t.app.inject({ url: `/uploads/${name}` });
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    // A tall picture: the longest edge is the height.
    const tall = sizesOf(await upload(1000, 2500));
    expect(await sharp(fileOf(tall.medium)).metadata()).toMatchObject({ width: 384, height: 960 });
  });

  it('a small upload is never enlarged: its medium is its own size', async () => {
    const { medium, thumb } = sizesOf(await upload(640, 400));
    expect(await widthOf(medium)).toBe(640);
    expect(await widthOf(thumb)).toBe(480);
  });

  it('deleting a photo deletes its three files, and nothing of another photo', async () => {
    const gone = await upload(1200, 800);
    const kept = await upload(1200, 800);
    await t.app.uploadsService.remove(gone);
    for (const name of Object.values(sizesOf(gone))) expect(await exists(name), name).toBe(false);
    for (const name of Object.values(sizesOf(kept))) expect(await exists(name), name).toBe(true);
  });

  it('the demo photos have the three sizes; a restart gives the ones made before mediums theirs, never brings back a deleted one', async () => {
    const files = await readdir(uploadsDir());
    const demoPictures = files.filter((name) => /^demo-.*(?<!-thumb|-medium)\.webp$/.test(name));
    expect(demoPictures.length).toBeGreaterThan(5);
    for (const picture of demoPictures) {
      const { medium, thumb } = sizesOf(picture);
      expect(files, picture).toEqual(expect.arrayContaining([medium, thumb]));
      expect(await widthOf(medium)).toBe(960);
    }

    // A site seeded before medium sizes: no demo medium; one demo photo deleted since (by the sweep).
    for (const picture of demoPictures) await rm(fileOf(sizesOf(picture).medium));
    const [deleted, ...stored] = demoPictures;
    await t.app.uploadsService.remove(`/uploads/${deleted}`);
    expect(await seedDemo(t.app.db, t.app.uploadsService.store)).toBe(false);
    for (const picture of stored) expect(await widthOf(sizesOf(picture).medium), picture).toBe(960);
    for (const name of Object.values(sizesOf(deleted!))) expect(await exists(name), name).toBe(false);
  });

  it('an upload refused as not an image writes none of the three files', async () => {
    const before = (await readdir(uploadsDir())).sort();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: fileForm(Buffer.from('not a picture at all, just text'), 'x.png', 'image/png'),
      headers: bearer(t.admin),
    });
    expect(response.statusCode).toBe(400);
    expect((await readdir(uploadsDir())).sort()).toEqual(before);
  });
});
