import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

/** Deletes at most `limit` sessions that expired before `before` (a revoked one too: it expires like the others). */
export async function purgeExpiredSessions(sql: Sql, before: Date, limit: number, tx?: Tx): Promise<number> {
  const rows = await sql.query(
    `delete from sessions where id in (
       select id from sessions where expires_at < ? order by expires_at limit ? for update skip locked
     ) returning id`,
    [before, limit],
    tx,
  );
  return rows.length;
}
