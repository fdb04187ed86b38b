import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand,
  ListObjectsV2Command, PutBucketCorsCommand, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { reason } from '../switch.ts';
import { cleanKey, type ByteRange, type PutOptions, type StorageStat, type Storage } from './storage.ts';

export interface S3Settings {
  key: string;
  secret: string;
  region: string;
  bucket: string;
  /** Empty for AWS itself; DigitalOcean Spaces and Backblaze B2 have their S3-compatible endpoints. */
  endpoint: string;
}

/** The endpoint each S3-compatible choice of the uploading page talks to. */
export function s3Endpoint(driver: 's3' | 'digitalocean_s3' | 'backblaze_s3', region: string, endpoint = ''): string {
  if (driver === 'digitalocean_s3') return `https://${region}.digitaloceanspaces.com`;
  if (driver === 'backblaze_s3') return `https://s3.${region}.backblazeb2.com`;
  return endpoint;
}

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region || 'us-east-1',
    endpoint: s.endpoint || undefined,
    // Custom endpoints (and local servers) address buckets by path, not by subdomain.
    forcePathStyle: Boolean(s.endpoint),
    credentials: { accessKeyId: s.key, secretAccessKey: s.secret },
    // The newer default checksums are not understood by every S3-compatible service; send them only where required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** S3 and S3-compatible object storage; bodies stream through multipart uploads and ranged GETs. */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(private s: S3Settings, private prefix = '') {
    this.client = s3Client(s);
  }

  private k(key: string) { return this.prefix + cleanKey(key); }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<void> {
    const Key = this.k(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.s.bucket, Key, Body: body, ContentType: options.contentType }));
      return;
    }
    // Multipart in 8 MB parts: memory stays bounded, and a failed upload is aborted so nothing is left behind.
    const upload = new Upload({ client: this.client, params: { Bucket: this.s.bucket, Key, Body: body, ContentType: options.contentType }, partSize: 8 * 1024 * 1024, queueSize: 2, leavePartsOnError: false });
    await upload.done();
  }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.k(key), Range })).then((res) => {
      const body = res.Body as Readable;
      body.on('error', (err) => out.destroy(err));
      body.pipe(out);
    }, (err) => out.destroy(err));
    return out;
  }

  async stat(key: string): Promise<StorageStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: this.k(key) }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? null };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string) { return (await this.stat(key)) !== null; }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.k(key) }));
  }

  async deleteMany(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: this.k(key) }));
      const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.s.bucket, Delete: { Objects, Quiet: true } }));
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`Could not delete ${failed.length} objects: ${failed[0].Message}`);
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.s.bucket, Prefix: this.prefix + prefix, ContinuationToken }));
      for (const o of res.Contents ?? []) if (o.Key) yield o.Key.slice(this.prefix.length);
      ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  close() { this.client.destroy(); }
}

/** The uploading page's check: the bucket exists and these keys may use it. */
export async function checkS3(s: S3Settings): Promise<string | null> {
  const client = s3Client(s);
  try {
    await client.send(new HeadBucketCommand({ Bucket: s.bucket }), { abortSignal: AbortSignal.timeout(10_000) });
    return null;
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return `The bucket "${s.bucket}" does not exist`;
    if (status === 403) return `Access to the bucket "${s.bucket}" was refused with these credentials`;
    return `Could not reach the storage service: ${reason(err)}`;
  } finally {
    client.destroy();
  }
}

/** `POST s3/cors/upload`: lets the site's origin upload straight to the bucket (S3 direct upload). */
export async function putBucketCors(s: S3Settings, origin: string): Promise<void> {
  const client = s3Client(s);
  try {
    await client.send(new PutBucketCorsCommand({
      Bucket: s.bucket,
      CORSConfiguration: {
        CORSRules: [{ AllowedOrigins: [origin], AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3000 }],
      },
    }));
  } finally {
    client.destroy();
  }
}
