import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { DomainError } from '../../domain/shared/errors';
import type { Logger } from '../log/logger';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Absent: AWS's endpoint for the region. */
  endpoint?: string;
  /** Absent: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export const evidenceStorageUnavailable = () =>
  new DomainError('EVIDENCE_STORAGE_UNAVAILABLE', 'the evidence file store is unavailable; retry later', 'UNAVAILABLE', { retryAfterSeconds: 5 });

/** What the stores and the sweep need of the bucket. */
export interface EvidenceObjects {
  put(key: string, content: Buffer, meta: { contentType: string; sha256Hex: string }): Promise<void>;
  /** The object's bytes, streamed; null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Deleting a missing object succeeds (S3 semantics), so a sweep can run twice. */
  delete(keys: string[]): Promise<void>;
}

const DELETE_CONCURRENCY = 8;

/**
 * Evidence bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). Every failure
 * of the store (unreachable, refused credentials, missing bucket) is logged and becomes
 * 503 EVIDENCE_STORAGE_UNAVAILABLE.
 */
export class S3EvidenceObjects implements EvidenceObjects {
  private sdk?: Promise<{ s3: typeof S3; client: S3.S3Client }>;

  constructor(
    private readonly s: S3Settings,
    private readonly logger: Logger,
  ) {}

  /** The AWS SDK (about 20 MB of memory once loaded) is loaded with the first call, not at start. */
  private connect(): Promise<{ s3: typeof S3; client: S3.S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: this.newClient(s3) }));
    return this.sdk;
  }

  private newClient(s3: typeof S3): S3.S3Client {
    const s = this.s;
    return new s3.S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      credentials: s.credentials,
      // The SDK's default CRC32 trailers are not understood by every S3-compatible server;
      // integrity is the SHA-256 checksum sent with each upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, content: Buffer, meta: { contentType: string; sha256Hex: string }): Promise<void> {
    const { s3, client } = await this.connect();
    await this.call('put', key, () =>
      client.send(
        new s3.PutObjectCommand({
          Bucket: this.s.bucket,
          Key: key,
          Body: content,
          ContentLength: content.length,
          ContentType: meta.contentType,
          // Servers that know it verify the bytes on receipt; the metadata keeps it readable everywhere.
          ChecksumSHA256: Buffer.from(meta.sha256Hex, 'hex').toString('base64'),
          Metadata: { sha256: meta.sha256Hex },
        }),
      ),
    );
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const { s3, client } = await this.connect();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw this.failure('get', key, err);
    }
  }

  async delete(keys: string[]): Promise<void> {
    const { s3, client } = await this.connect();
    for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
      await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => this.call('delete', key, () => client.send(new s3.DeleteObjectCommand({ Bucket: this.s.bucket, Key: key })))));
    }
  }

  private async call(op: string, key: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (err) {
      throw this.failure(op, key, err);
    }
  }

  private failure(op: string, key: string, err: unknown): DomainError {
    const e = err as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    this.logger.warn({ op, objectKey: key, bucket: this.s.bucket, error: { name: e?.name, code: e?.code, status: e?.$metadata?.httpStatusCode, message: e?.message } }, 'evidence object store call failed');
    return evidenceStorageUnavailable();
  }
}
