import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** The service's settings for this server and bucket. */
  env: Record<string, string>;
  bucket: string;
  /** Keys of the objects written so far, in order (from the server's own events). */
  created: string[];
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<{ content: Buffer; contentType?: string; metadata: Record<string, string> }>;
  /** Stops answering (connections refused), keeping the stored objects. */
  stop(): Promise<void>;
  /** Answers again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a loopback port, files in a temporary directory, with one bucket. */
export async function startTestS3(bucket = 'pixpay-evidence'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'pixpay-s3-'));
  const created: string[] = [];
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    const s = new S3rver({ address: '127.0.0.1', port, silent: true, directory, resetOnClose: false });
    s.on('event', (e) => {
      for (const r of e.Records) if (r.eventName.startsWith('ObjectCreated')) created.push(r.s3.object.key);
    });
    port = (await s.run()).port;
    server = s;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env: {
      EVIDENCE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    bucket,
    created,
    keys: async (prefix) => {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    object: async (key) => {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { content: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType, metadata: out.Metadata ?? {} };
    },
    stop,
    start,
    close: async () => {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
