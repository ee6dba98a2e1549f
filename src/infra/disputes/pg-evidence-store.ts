import type { EvidenceFile, EvidenceStore, EvidenceType } from '../../domain/disputes/evidence';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { date } from '../ledger/sql-values';

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

/** Evidence in PostgreSQL (bytea), written in the appeal's transaction. */
export class PgEvidenceStore implements EvidenceStore {
  constructor(private readonly sql: Sql) {}

  async save(tx: Tx, files: { file: EvidenceFile; content: Buffer }[]): Promise<void> {
    for (const { file: f, content } of files) {
      await this.sql.query(
        `insert into dispute_evidence (id, dispute_id, seller_id, name, type, size, sha256, content, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [f.id, f.disputeId, f.sellerId, f.name, f.type, f.size, f.sha256, content, f.createdAt],
        tx,
      );
    }
  }

  async list(disputeId: string): Promise<EvidenceFile[]> {
    return (await this.sql.query<Row>(`select ${META} from dispute_evidence where dispute_id = ? order by created_at, id`, [disputeId])).map(toFile);
  }

  async read(disputeId: string, fileId: string): Promise<{ file: EvidenceFile; content: Buffer } | null> {
    const r = await this.sql.one<Row>(`select ${META}, content from dispute_evidence where dispute_id = ? and id = ?`, [disputeId, fileId]);
    return r ? { file: toFile(r), content: Buffer.from(r.content as Uint8Array) } : null;
  }
}
