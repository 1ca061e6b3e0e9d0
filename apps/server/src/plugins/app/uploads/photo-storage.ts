import path from 'node:path';
import type { Config } from '../../../config.ts';
import { LocalPhotoStore } from './photo-store.ts';
import type { S3PhotoStore } from './s3-photo-store.ts';

/**
 * The photo store UPLOADS names: DATA_DIR/uploads, or the S3_* bucket (config.ts checked S3_BUCKET is set). The AWS
 * SDK (25 MB resident) is loaded only for a bucket.
 */
export async function openPhotoStore(config: Config): Promise<LocalPhotoStore | S3PhotoStore> {
  if (config.UPLOADS === 'local') return new LocalPhotoStore(path.join(config.DATA_DIR, 'uploads'));
  const { S3PhotoStore, s3Client } = await import('./s3-photo-store.ts');
  const client = s3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  return new S3PhotoStore(client, config.S3_BUCKET!);
}
