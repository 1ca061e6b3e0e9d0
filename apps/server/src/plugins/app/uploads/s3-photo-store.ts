import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { retryLater } from '../../../lib/errors.ts';
import { PHOTO_CACHE_CONTROL, type PhotoRead, type PhotoStore, type StoredFile } from './photo-store.ts';

/** Every key of ours starts with this: the site never lists, reads or deletes anything else in the bucket. */
export const S3_KEY_PREFIX = 'uploads/';

export interface S3Settings {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** 503 `storage_unavailable` with Retry-After; the store's own error rides along as `cause` for the log. */
const unavailable = (error: unknown) => {
  const failure = retryLater(503, 'storage_unavailable', 'The photo storage cannot be reached; please try again in a moment', 5);
  failure.cause = error;
  return failure;
};

export function s3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
  return new S3Client(config);
}

/**
 * Photos in an S3-compatible bucket under `uploads/`, shared by every instance. Objects are written with their
 * content type and a year-long immutable cache header, so a CDN in front of the bucket (S3_PUBLIC_URL) serves them as
 * /uploads/* would.
 */
export class S3PhotoStore implements PhotoStore {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  private key(name: string): string {
    return `${S3_KEY_PREFIX}${name}`;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.key(name), Body: bytes, ContentType: 'image/webp', CacheControl: PHOTO_CACHE_CONTROL }),
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw unavailable(error);
    }
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw unavailable(error);
    }
  }

  /** One call per key: DeleteObjects needs a checksum header that not every S3-compatible store takes. */
  async delete(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      } catch (error) {
        if (statusOf(error) !== 404) throw unavailable(error);
      }
    }
  }

  async list(): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: S3_KEY_PREFIX, ContinuationToken: token }))
        .catch((error: unknown) => {
          throw unavailable(error);
        });
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(S3_KEY_PREFIX.length);
        if (!name || name.includes('/')) continue;
        files.push({ name, writtenAt: object.LastModified?.getTime() ?? Number.POSITIVE_INFINITY });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  }

  /** The photo for GET /uploads/<name>: its bytes, 304 when `ifNoneMatch` is its ETag, or 404. */
  async read(name: string, ifNoneMatch?: string): Promise<PhotoRead> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name), IfNoneMatch: ifNoneMatch }));
      return {
        status: 200,
        body: object.Body as Readable,
        length: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return { status: 304, etag: ifNoneMatch };
      if (status === 404) return { status: 404 };
      throw unavailable(error);
    }
  }

  /** Whether the bucket answers with these settings (logged at start, never fatal). */
  async check(): Promise<void> {
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: S3_KEY_PREFIX, MaxKeys: 1 }));
  }

  close(): void {
    this.client.destroy();
  }
}
