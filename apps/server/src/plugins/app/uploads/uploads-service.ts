import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../../lib/errors.ts';
import type { PhotoStore } from './photo-store.ts';

/** The largest picture we accept, in pixels (about 8000 × 5000); sharp refuses more before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1920;
const THUMB_EDGE = 480;

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
/** Its files in the store: the picture and its thumbnail. */
export const STORED_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]*?)(?:-thumb)?\.webp$/;

/** Photos: checked, re-encoded and named here; kept on disk or in a bucket by the store (UPLOADS). */
export class UploadsService {
  constructor(readonly store: PhotoStore) {}

  /**
   * Re-encodes an uploaded photo to WebP (dropping EXIF, GPS and anything hidden in the file), capped in size,
   * under a random name, with a thumbnail beside it. Answers the public URL.
   */
  async storePhoto(bytes: Buffer): Promise<string> {
    if (!sniffImage(bytes)) throw new AppError(400, 'invalid_image', 'The file is not a supported image (JPEG, PNG, GIF, WebP, AVIF)', 'file');
    const name = randomUUID();
    let image: sharp.Sharp;
    let thumb: Buffer;
    let full: Buffer;
    try {
      image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
      full = await image.clone().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      thumb = await image.clone().resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) throw new AppError(413, 'payload_too_large', 'The image has too many pixels', 'file');
      throw new AppError(400, 'invalid_image', 'The image could not be read', 'file');
    }
    // The thumbnail first: a picture that is listed always has its thumbnail.
    await this.store.put(`${name}-thumb.webp`, thumb);
    await this.store.put(`${name}.webp`, full);
    return `/uploads/${name}.webp`;
  }

  /** Deletes a stored photo and its thumbnail; a URL that is not one of ours (or is already gone) is left alone. */
  async remove(url: string): Promise<void> {
    const match = STORED_PHOTO_URL.exec(url);
    if (!match) return;
    await this.store.delete([`${match[1]}.webp`, `${match[1]}-thumb.webp`]);
  }

  /**
   * The URLs of the photos stored here (uploads and demo photos) whose every file (the picture, its thumbnail) was last
   * written before `before`: the candidates of the housekeeping sweep. A thumbnail left without its picture counts too.
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
