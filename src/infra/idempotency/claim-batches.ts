import { MicroBatcher } from '../db/micro-batcher';
import type { Sql } from '../db/sql';

/** One new key row, as the first attempt of a claim inserts it. */
export interface NewKeyRow {
  id: string;
  sellerId: string;
  operation: string;
  key: string;
  fingerprint: string;
  owner: string;
  lockedUntil: Date;
  createdAt: Date;
  expiresAt: Date;
}

/** At most this many statements of claims on their way at once (the rest of the pool serves everything else). */
export const CLAIM_STATEMENTS_IN_FLIGHT = 4;
/** Rows per statement, at most. */
const MAX_BATCH = 500;

const INSERT_KEYS = `insert into idempotency_keys (id, seller_id, operation, key, fingerprint, owner, locked_until, created_at, expires_at)
  select * from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::timestamptz[])
  on conflict (seller_id, operation, key) do nothing returning id`;

/**
 * The first attempt of every claim (insert the key, or learn that it exists), sent many
 * to a statement under load: claims made in the same turn, or while CLAIM_STATEMENTS_IN_FLIGHT
 * statements are on their way, go together in the next one (MicroBatcher). Each statement
 * is one round trip on one pooled connection, so a burst of creates that claim before
 * calling out (a PSP's cob) holds a few connections for their claims, not one each. Two
 * claims of one key in a statement: the first inserts, the second meets it (`on conflict
 * do nothing`).
 */
export class ClaimBatches {
  private readonly batches: MicroBatcher<NewKeyRow, boolean>;

  constructor(private readonly sql: Sql) {
    this.batches = new MicroBatcher(
      async (rows) => {
        const inserted = await this.insertAll(rows);
        return rows.map((r) => inserted.has(r.id));
      },
      { maxBatch: MAX_BATCH, maxInFlight: CLAIM_STATEMENTS_IN_FLIGHT },
    );
  }

  /** Whether this row was inserted (false: a row of its seller, operation and key exists). */
  insert(row: NewKeyRow): Promise<boolean> {
    return this.batches.add(row);
  }

  private async insertAll(rows: NewKeyRow[]): Promise<Set<string>> {
    const column = <T>(f: (r: NewKeyRow) => T) => rows.map(f);
    const inserted = await this.sql.prepared<{ id: string }>(INSERT_KEYS, [
      column((r) => r.id),
      column((r) => r.sellerId),
      column((r) => r.operation),
      column((r) => r.key),
      column((r) => r.fingerprint),
      column((r) => r.owner),
      column((r) => r.lockedUntil),
      column((r) => r.createdAt),
      column((r) => r.expiresAt),
    ]);
    return new Set(inserted.map((r) => r.id));
  }
}
