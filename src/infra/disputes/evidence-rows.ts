import { Readable } from 'node:stream';
import { DomainError } from '../../domain/shared/errors';
import type { EvidenceDownload, EvidenceFile, EvidenceType, StagedEvidence } from '../../domain/disputes/evidence';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { date } from '../ledger/sql-values';
import type { EvidenceObjects } from './s3-evidence-objects';

type Row = Record<string, unknown>;

const META = 'id, dispute_id, seller_id, name, type, size, sha256, created_at';

const toFile = (r: Row): EvidenceFile => ({
  id: String(r.id),
  disputeId: String(r.dispute_id),
  sellerId: String(r.seller_id),
  name: String(r.name),
  type: r.type as EvidenceType,
  size: Number(r.size),
  sha256: String(r.sha256),
  createdAt: date(r.created_at),
});

/** One stored file: its bytes in the row, or the key of its object (an erased file has neither). */
export interface StoredEvidence {
  file: EvidenceFile;
  content: Buffer | null;
  objectKey: string | null;
}

/** The dispute_evidence table, whichever store keeps the bytes. */
export class EvidenceRows {
  constructor(private readonly sql: Sql) {}

  /** Files with a location keep only the key; the others keep their bytes in the row. */
  async insert(tx: Tx, files: StagedEvidence[]): Promise<void> {
    for (const { file: f, content, location } of files) {
      await this.sql.query(
        `insert into dispute_evidence (id, dispute_id, seller_id, name, type, size, sha256, content, object_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [f.id, f.disputeId, f.sellerId, f.name, f.type, f.size, f.sha256, location ? null : content, location, f.createdAt],
        tx,
      );
    }
  }

  async list(disputeId: string): Promise<EvidenceFile[]> {
    return (await this.sql.query<Row>(`select ${META} from dispute_evidence where dispute_id = ? order by created_at, id`, [disputeId])).map(toFile);
  }

  async find(disputeId: string, fileId: string): Promise<StoredEvidence | null> {
    const r = await this.sql.one<Row>(`select ${META}, content, object_key from dispute_evidence where dispute_id = ? and id = ?`, [disputeId, fileId]);
    if (!r) return null;
    return { file: toFile(r), content: r.content == null ? null : Buffer.from(r.content as Uint8Array), objectKey: r.object_key == null ? null : String(r.object_key) };
  }
}

/**
 * The file's bytes as a stream, from the row or from the object store. Files stay
 * readable after EVIDENCE_STORE changes, as long as the S3 settings remain.
 */
export async function openEvidence(found: StoredEvidence, objects: EvidenceObjects | null): Promise<EvidenceDownload> {
  if (found.objectKey) {
    if (!objects) {
      throw new DomainError('EVIDENCE_STORAGE_NOT_CONFIGURED', 'this file is kept in the object store, whose settings (S3_BUCKET) are missing', 'UNAVAILABLE');
    }
    const object = await objects.get(found.objectKey);
    // A row never points at a missing object (docs/integrate/disputes.md): this is a broken invariant, not bad input.
    if (!object) throw new Error(`evidence object ${found.objectKey} is missing from the bucket`);
    return { file: found.file, size: object.size, body: object.body };
  }
  const content = found.content ?? Buffer.alloc(0);
  return { file: found.file, size: content.length, body: Readable.from([content]) };
}
