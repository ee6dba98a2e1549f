import type { Sql } from '../db/sql';
import type { AesSecretBox } from './aes-secret-box';

/** Every column that holds a value sealed with APP_SECRET. */
export const SEALED_COLUMNS = [
  { table: 'users', key: 'id', column: 'totp_secret_enc' },
  { table: 'webhook_endpoints', key: 'id', column: 'secret_enc' },
  { table: 'webhook_postback_secrets', key: 'seller_id', column: 'secret_enc' },
] as const;

export interface ResealCount {
  table: string;
  column: string;
  /** Already sealed with the current APP_SECRET. */
  current: number;
  /** Re-sealed by this run (or, with `check`, that would be). */
  resealed: number;
  /** Changed by someone else between read and write: run again. */
  changedMeanwhile: number;
  /** Opened by neither secret: the ids, so an operator can see what is lost. */
  unreadable: string[];
}

const BATCH = 500;

/**
 * Re-seals every stored secret with the current APP_SECRET, in batches by primary
 * key. Each write is a compare-and-set on the value read, so a secret rotated or
 * re-enrolled meanwhile is never overwritten with a stale one. Nothing else changes:
 * the plain secrets stay the same, so receivers and authenticator apps notice nothing.
 */
export async function resealSecrets(sql: Sql, box: AesSecretBox, opts: { check: boolean }): Promise<ResealCount[]> {
  const counts: ResealCount[] = [];
  for (const { table, key, column } of SEALED_COLUMNS) {
    const count: ResealCount = { table, column, current: 0, resealed: 0, changedMeanwhile: 0, unreadable: [] };
    let after = '';
    for (;;) {
      const rows = await sql.query<{ k: string; v: string }>(
        `select ${key} as k, ${column} as v from ${table} where ${column} is not null and ${key} > ? order by ${key} limit ${BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.k;
      for (const { k, v } of rows) {
        if (box.sealedWithCurrent(v)) {
          count.current++;
          continue;
        }
        let plain: string;
        try {
          plain = box.open(v);
        } catch {
          count.unreadable.push(k);
          continue;
        }
        if (opts.check) {
          count.resealed++;
          continue;
        }
        const written = await sql.query(`update ${table} set ${column} = ? where ${key} = ? and ${column} = ? returning ${key}`, [box.seal(plain), k, v]);
        if (written.length === 1) count.resealed++;
        else count.changedMeanwhile++;
      }
    }
    counts.push(count);
  }
  return counts;
}
