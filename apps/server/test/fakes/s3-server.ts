import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../../src/plugins/app/uploads/s3-photo-store.ts';

// The AWS SDK warns once per process on Node 20 that its releases from 2027 on need Node 22; the lock file pins one
// that supports Node 20. Through console.error the warning would fail the test that first makes a client.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const S3_ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver, in this process, files in a temporary directory) with one bucket.
 * Its signature check disagrees with the current SDK on bucket-level paths (`/bucket/` vs `/bucket`), so it is off:
 * these tests are about what the site stores and serves, not about AWS's signing.
 */
export class FakeS3 {
  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    readonly port: number,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'roomweek-photos'): Promise<FakeS3> {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'roomweek-s3-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: bucket }],
    });
    server.on('error', () => undefined);
    const address = (await server.run()) as AddressInfo;
    return new FakeS3(server, directory, address.port, bucket);
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The variables that point the site at this bucket. */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      UPLOADS: 's3',
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...overrides,
    };
  }

  client(): S3Client {
    return s3Client({ endpoint: this.endpoint, region: 'us-east-1', accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_ACCESS_KEY, forcePathStyle: true });
  }

  /** Every key in the bucket. */
  async keys(): Promise<string[]> {
    const client = this.client();
    try {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    } finally {
      client.destroy();
    }
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    const client = this.client();
    try {
      await client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
    } finally {
      client.destroy();
    }
  }

  async stop(): Promise<void> {
    await this.server.close().catch(() => undefined);
    await rm(this.directory, { recursive: true, force: true });
  }
}
