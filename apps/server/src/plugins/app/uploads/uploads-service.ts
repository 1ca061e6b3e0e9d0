import { randomUUID } from 'node:crypto';
import { AppError } from '../../../lib/errors.ts';
import { loadSharp, type Image } from './image-library.ts';
import type { PhotoStore } from './photo-store.ts';

/** The largest picture we accept, in pixels (about 8000 × 5000); sharp refuses more before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1920;
/** The sizes beside the picture, for `srcset` (apps/web photo.tsx): a phone at DPR 1.75 needs about 720 px. */
export const MEDIUM_EDGE = 960;
export const THUMB_EDGE = 480;
/** Mediums made at once for photos uploaded before they existed; a request beyond waits for none (redirect). */
const MAX_MEDIUMS_IN_PROGRESS = 2;

/** Magic bytes of the formats we take; anything else is refused before sharp sees it. */
function sniffImage(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(bytes.subarray(8, 12).toString('latin1'))) return 'avif';
  return null;
}

/** A photo this service stores: `/uploads/<name>.webp` (a random UUID, or `demo-…` for the demo photos). */
const STORED_PHOTO_URL = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]*)\.webp$/;
/** Its files in the store: the picture, its medium size and its thumbnail. */
export const STORED_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]*?)(?:-thumb|-medium)?\.webp$/;
/** A medium size asked for by name: `<base>-medium.webp`, where `<base>` names a picture (not a thumbnail or medium). */
const MEDIUM_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99})-medium\.webp$/;

/** A smaller copy of a picture, never enlarged. */
export const resized = (image: Image, edge: number) =>
  image.clone().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();

/** What asking for a missing medium size gave (`mediumFor`). */
export type MediumMade =
  | { status: 'made'; bytes: Buffer }
  | { status: 'no_picture' }
  | { status: 'busy' | 'unreadable'; picture: string };

/** The picture whose medium size this file name is, or null for any other name. */
export function pictureOfMedium(name: string): string | null {
  const base = MEDIUM_FILE.exec(name)?.[1];
  if (!base || /-(?:thumb|medium)$/.test(base)) return null;
  return `${base}.webp`;
}

/** Photos: checked, re-encoded and named here; kept on disk or in a bucket by the store (UPLOADS). */
export class UploadsService {
  /** Mediums being made in this process, by file name: a second request for one waits for the first. */
  private readonly mediumsInProgress = new Map<string, Promise<MediumMade>>();

  constructor(readonly store: PhotoStore) {}

  /**
   * Re-encodes an uploaded photo to WebP (dropping EXIF, GPS and anything hidden in the file), capped in size,
   * under a random name, with a medium size and a thumbnail beside it. Answers the public URL.
   */
  async storePhoto(bytes: Buffer): Promise<string> {
    if (!sniffImage(bytes)) throw new AppError(400, 'invalid_image', 'The file is not a supported image (JPEG, PNG, GIF, WebP, AVIF)', 'file');
    const name = randomUUID();
    const sharp = await loadSharp();
    let image: Image;
    let thumb: Buffer;
    let medium: Buffer;
    let full: Buffer;
    try {
      image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
      full = await image.clone().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      medium = await resized(image, MEDIUM_EDGE);
      thumb = await resized(image, THUMB_EDGE);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw new AppError(413, 'payload_too_large', 'The image has too many pixels', 'file');
      throw new AppError(400, 'invalid_image', 'The image could not be read', 'file');
    }
    // The smaller sizes first: a picture that is listed always has them.
    await this.store.put(`${name}-thumb.webp`, thumb);
    await this.store.put(`${name}-medium.webp`, medium);
    await this.store.put(`${name}.webp`, full);
    return `/uploads/${name}.webp`;
  }

  /** Deletes a stored photo and its smaller sizes; a URL that is not one of ours (or is already gone) is left alone. */
  async remove(url: string): Promise<void> {
    const match = STORED_PHOTO_URL.exec(url);
    if (!match) return;
    await this.store.delete([`${match[1]}.webp`, `${match[1]}-medium.webp`, `${match[1]}-thumb.webp`]);
  }

  /**
   * Makes and stores the missing medium size `name` (`<base>-medium.webp`, checked by `pictureOfMedium`) from its
   * picture: photos stored before mediums existed (decision 0022). Once per name in this process, at most
   * MAX_MEDIUMS_IN_PROGRESS at a time (`busy` beyond); two instances may both make it, the same bytes either way.
   */
  mediumFor(name: string): Promise<MediumMade> {
    const picture = pictureOfMedium(name);
    if (!picture) return Promise.resolve({ status: 'no_picture' });
    const pending = this.mediumsInProgress.get(name);
    if (pending) return pending;
    if (this.mediumsInProgress.size >= MAX_MEDIUMS_IN_PROGRESS) return Promise.resolve({ status: 'busy', picture });
    const making = this.makeMedium(name, picture).finally(() => this.mediumsInProgress.delete(name));
    this.mediumsInProgress.set(name, making);
    return making;
  }

  private async makeMedium(name: string, picture: string): Promise<MediumMade> {
    const bytes = await this.store.get(picture);
    if (!bytes) return { status: 'no_picture' };
    const sharp = await loadSharp();
    let medium: Buffer;
    try {
      medium = await resized(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }), MEDIUM_EDGE);
    } catch {
      return { status: 'unreadable', picture };
    }
    await this.store.put(name, medium);
    return { status: 'made', bytes: medium };
  }

  /**
   * The URLs of the photos stored here (uploads and demo photos) whose every file (the picture, its medium size and
   * thumbnail) was last written before `before`: the candidates of the housekeeping sweep. A medium or thumbnail left
   * without its picture counts too.
   */
  async photosWrittenBefore(before: Date): Promise<string[]> {
    const newest = new Map<string, number>();
    for (const { name, writtenAt } of await this.store.list()) {
      const match = STORED_FILE.exec(name);
      if (!match) continue;
      newest.set(match[1]!, Math.max(newest.get(match[1]!) ?? 0, writtenAt));
    }
    return [...newest].filter(([, written]) => written < before.getTime()).map(([base]) => `/uploads/${base}.webp`);
  }
}
