import { z } from 'zod';

/**
 * Where dispute evidence bytes go (docs/integrate/disputes.md, Evidence storage). The S3 settings
 * also serve files already in the bucket when EVIDENCE_STORE is back to postgres.
 */
export const evidenceStoreSettings = {
  EVIDENCE_STORE: z.enum(['postgres', 's3']).default('postgres'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lowercase letters, digits, . or -)')
    .optional(),
  /** Absent: AWS's own endpoint for S3_REGION. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  /** Absent (both): the AWS SDK's default credential chain (AWS_* variables, instance or pod role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` for servers without virtual-host buckets (MinIO, Ceph, most local setups). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._\-/]{0,200}$/, 'must be up to 200 letters, digits, . _ - or /')
    .default('dispute-evidence/'),
};

const evidenceSchema = z.object(evidenceStoreSettings);

/** The rules that span settings; one sentence per problem. */
export function evidenceStoreProblems(c: z.infer<typeof evidenceSchema>): string[] {
  const problems: string[] = [];
  if (c.EVIDENCE_STORE === 's3' && !c.S3_BUCKET) problems.push('EVIDENCE_STORE=s3 needs S3_BUCKET, the bucket evidence files are kept in');
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials');
  }
  return problems;
}
