import type { FastifyReply } from 'fastify';
import { PHOTO_CACHE_CONTROL } from '../../plugins/app/uploads/photo-store.ts';
import { pictureOfMedium, type UploadsService } from '../../plugins/app/uploads/uploads-service.ts';

/**
 * GET /uploads/<base>-medium.webp when that file is missing: a photo stored before medium sizes existed (decision 0022).
 * The medium is made from its picture once and stored, then sent; while two others are being made, or when the picture
 * cannot be decoded, a 307 to the picture instead (not cached: the next visit may get the medium). Answers false when
 * the name is no medium of ours or its picture is gone too, for the caller's 404; true when it has sent the answer.
 */
export async function answerMissingMedium(uploads: UploadsService, name: string, reply: FastifyReply): Promise<boolean> {
  if (!pictureOfMedium(name)) return false;
  const medium = await uploads.mediumFor(name);
  if (medium.status === 'no_picture') return false;
  if (medium.status === 'made') {
    reply.header('cache-control', PHOTO_CACHE_CONTROL).type('image/webp').send(medium.bytes);
    return true;
  }
  if (medium.status === 'unreadable') reply.log.warn({ name }, 'a stored picture cannot be decoded: no medium size made');
  reply.header('cache-control', 'no-store').redirect(`/uploads/${medium.picture}`, 307);
  return true;
}
