import path from 'node:path';
import type { Config } from '../../../config.ts';
import { LocalPhotoStore } from './photo-store.ts';
import { S3PhotoStore, s3Client } from './s3-photo-store.ts';

/** The photo store UPLOADS names: DATA_DIR/uploads, or the S3_* bucket (config.ts checked S3_BUCKET is set). */
export function openPhotoStore(config: Config): LocalPhotoStore | S3PhotoStore {
  if (config.UPLOADS === 'local') return new LocalPhotoStore(path.join(config.DATA_DIR, 'uploads'));
  const client = s3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  return new S3PhotoStore(client, config.S3_BUCKET!);
}
