import { createHash } from 'node:crypto';
import type { Tx } from '../shared/unit-of-work';

/** Appeal limits (docs/integrate/disputes.md). The doors enforce the sizes while the body streams in. */
export const APPEAL_LIMITS = {
  maxFiles: 10,
  /** Per file, bytes (5 MiB). */
  maxFileBytes: 5 * 1024 * 1024,
  /** Whole multipart request, bytes (20 MiB): ten files near the limit do not fit, on purpose. */
  maxRequestBytes: 20 * 1024 * 1024,
  maxReasonLength: 5_000,
  maxFileNameLength: 255,
} as const;

export type EvidenceType = 'PDF' | 'PNG' | 'JPG';

export const EVIDENCE_MEDIA_TYPE: Readonly<Record<EvidenceType, string>> = { PDF: 'application/pdf', PNG: 'image/png', JPG: 'image/jpeg' };

const startsWith = (head: Uint8Array, magic: readonly number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);

/**
 * The file's type from its first bytes (magic numbers), whatever its name or declared
 * type says: PDF `%PDF-`, PNG `89 50 4E 47 0D 0A 1A 0A`, JPEG `FF D8 FF`. Null for
 * anything else.
 */
export function detectEvidenceType(head: Uint8Array): EvidenceType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'PDF';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'JPG';
  return null;
}

/** An uploaded file as a door hands it over (already read within the size limits). */
export interface EvidenceUpload {
  name: string;
  content: Buffer;
}

/** What is kept of a file besides its bytes. */
export interface EvidenceFile {
  id: string;
  disputeId: string;
  sellerId: string;
  name: string;
  type: EvidenceType;
  size: number;
  sha256: string;
  createdAt: Date;
}

export const sha256Hex = (content: Buffer): string => createHash('sha256').update(content).digest('hex');

/**
 * A file ready for the appeal's transaction: its metadata and bytes, and where the bytes
 * were put before the transaction (an object key), or null when they go in with it.
 */
export interface StagedEvidence {
  file: EvidenceFile;
  content: Buffer;
  location: string | null;
}

/** A file to send: its metadata, its length in bytes and the bytes, streamed. */
export interface EvidenceDownload {
  file: EvidenceFile;
  size: number;
  body: NodeJS.ReadableStream;
}

/**
 * Where evidence bytes live: PostgreSQL (in the appeal's transaction) or an
 * S3-compatible object store (uploaded before it, confirmed in it). Either way a failed
 * appeal leaves no file behind and no row points at a missing file.
 */
export interface EvidenceStore {
  /** Before the appeal's transaction; refused (503) when the store is unreachable, leaving nothing behind. */
  stage(files: { file: EvidenceFile; content: Buffer }[]): Promise<StagedEvidence[]>;
  /** In the appeal's transaction: the metadata, and the confirmation of what `stage` put outside. */
  save(tx: Tx, files: StagedEvidence[]): Promise<void>;
  /** After the appeal failed: removes what `stage` put outside, best effort (never throws; a durable sweep finishes). */
  discard(files: StagedEvidence[]): Promise<void>;
  list(disputeId: string): Promise<EvidenceFile[]>;
  read(disputeId: string, fileId: string): Promise<EvidenceDownload | null>;
}

/** The file's metadata as the doors show it, with the seller's download path. */
export const evidenceView = (f: EvidenceFile) => ({
  id: f.id,
  name: f.name,
  type: f.type,
  mediaType: EVIDENCE_MEDIA_TYPE[f.type],
  size: f.size,
  sha256: f.sha256,
  createdAt: f.createdAt.toISOString(),
  downloadPath: `/v1/disputes/${f.disputeId}/evidence/${f.id}`,
});
