import { randomBytesPooled } from '../shared/random-bytes';
import type { IdempotencyStore } from '../../domain/idempotency/idempotency.ports';
import type { ClaimResult, IdempotencyScope, KeyState, StoredResponse } from '../../domain/idempotency/idempotency.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';
import { ClaimBatches } from './claim-batches';

interface Row {
  id: string;
  fingerprint: string;
  owner: string;
  resource_id: string | null;
  response_status: number | null;
  response_body: unknown;
  locked_until: Date;
  expires_at: Date;
}

/** Raised by idempotency_record (see its migration). */
const CLAIM_LOST_SQLSTATE = 'PX409';
/** Raised by idempotency_record_new (see its migration). */
const KEY_TAKEN_SQLSTATE = 'PX410';

const sqlStateOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

const token = () => randomBytesPooled(12).toString('base64url');
/** claimId = row id + owner token: only the current holder can attach or complete. */
const claimIdOf = (id: string, owner: string) => `${id}.${owner}`;
function parseClaim(claimId: string): { id: string; owner: string } {
  const dot = claimId.lastIndexOf('.');
  return { id: claimId.slice(0, dot), owner: claimId.slice(dot + 1) };
}

export class PgIdempotencyStore implements IdempotencyStore {
  private readonly claims: ClaimBatches;

  constructor(private readonly sql: Sql) {
    this.claims = new ClaimBatches(sql);
  }

  async claim(input: IdempotencyScope & { fingerprint: string; now: Date; leaseMs: number; retentionMs: number }): Promise<ClaimResult> {
    const lockedUntil = new Date(input.now.getTime() + input.leaseMs);
    const expiresAt = new Date(input.now.getTime() + input.retentionMs);
    // Bounded: each pass either decides or removes an expired row / a dead lease.
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = token();
      const owner = token();
      // Every create under a claim sends it first: with the claims made meanwhile, in one statement.
      const fresh = { id, sellerId: input.sellerId, operation: input.operation, key: input.key, fingerprint: input.fingerprint, owner, lockedUntil, createdAt: input.now, expiresAt };
      if (await this.claims.insert(fresh)) return { state: 'ACQUIRED', claimId: claimIdOf(id, owner) };

      const row = await this.sql.one<Row>(
        `select id, fingerprint, owner, resource_id, response_status, response_body, locked_until, expires_at
         from idempotency_keys where seller_id = ? and operation = ? and key = ?`,
        [input.sellerId, input.operation, input.key],
      );
      if (!row) continue; // purged between the two statements
      if (new Date(row.expires_at) <= input.now) {
        await this.sql.query(`delete from idempotency_keys where id = ? and expires_at <= ?`, [row.id, input.now]);
        continue;
      }
      if (row.fingerprint !== input.fingerprint) return { state: 'CONFLICT' };
      if (row.response_status !== null) return { state: 'DONE', response: { status: row.response_status, body: row.response_body } };
      if (new Date(row.locked_until) > input.now) return { state: 'IN_FLIGHT' };
      const newOwner = token();
      const taken = await this.sql.one<{ id: string }>(
        `update idempotency_keys set owner = ?, locked_until = ?
         where id = ? and owner = ? and resource_id is null and response_status is null returning id`,
        [newOwner, lockedUntil, row.id, row.owner],
      );
      if (taken) return { state: 'ACQUIRED', claimId: claimIdOf(row.id, newOwner) };
    }
    return { state: 'IN_FLIGHT' };
  }

  async find(input: IdempotencyScope & { fingerprint: string; now: Date }): Promise<KeyState | null> {
    const row = await this.sql.one<Row>(
      `select fingerprint, response_status, response_body, locked_until, expires_at
       from idempotency_keys where seller_id = ? and operation = ? and key = ?`,
      [input.sellerId, input.operation, input.key],
    );
    if (!row || new Date(row.expires_at) <= input.now) return null;
    if (row.fingerprint !== input.fingerprint) return { state: 'CONFLICT' };
    if (row.response_status !== null) return { state: 'DONE', response: { status: row.response_status, body: row.response_body } };
    return new Date(row.locked_until) > input.now ? { state: 'IN_FLIGHT' } : null;
  }

  /** Pipelined with the operation's other writes; the function fails the transaction if the claim was lost. */
  async record(tx: Tx, claimId: string, resourceId: string, response: StoredResponse): Promise<void> {
    const { id, owner } = parseClaim(claimId);
    this.sql.defer(`select idempotency_record(?, ?, ?, ?, ?::jsonb)`, [id, owner, resourceId, response.status, JSON.stringify(response.body ?? null)], tx);
  }

  /** Pipelined with the operation's other writes: with them, the whole create is one round trip. */
  async recordNew(
    tx: Tx,
    input: IdempotencyScope & { fingerprint: string; now: Date; retentionMs: number },
    resourceId: string,
    response: StoredResponse,
  ): Promise<void> {
    const expiresAt = new Date(input.now.getTime() + input.retentionMs);
    this.sql.defer(`select idempotency_record_new(?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)`, [
      token(), input.sellerId, input.operation, input.key, input.fingerprint, resourceId, response.status, JSON.stringify(response.body ?? null), input.now, expiresAt,
    ], tx);
  }

  claimLost(error: unknown): boolean {
    return sqlStateOf(error) === CLAIM_LOST_SQLSTATE;
  }

  keyTaken(error: unknown): boolean {
    return sqlStateOf(error) === KEY_TAKEN_SQLSTATE;
  }

  async release(claimId: string): Promise<void> {
    const { id, owner } = parseClaim(claimId);
    await this.sql.query(`delete from idempotency_keys where id = ? and owner = ? and resource_id is null`, [id, owner]);
  }

  async purgeExpired(now: Date, limit: number, tx?: Tx): Promise<number> {
    const rows = await this.sql.query(
      `delete from idempotency_keys where id in (select id from idempotency_keys where expires_at <= ? order by expires_at limit ? for update skip locked) returning id`,
      [now, limit],
      tx,
    );
    return rows.length;
  }
}
