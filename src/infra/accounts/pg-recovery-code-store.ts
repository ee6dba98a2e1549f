import type { RecoveryCodeStore } from '../../domain/accounts/accounts.ports';
import type { Sql } from '../db/sql';

/**
 * Recovery-code digests in `users.totp_recovery_digests`, written only here (the user
 * repository's updates leave the column alone), so a use can never be undone by an
 * update that carries an older copy of the user.
 */
export class PgRecoveryCodeStore implements RecoveryCodeStore {
  constructor(private readonly sql: Sql) {}

  async replace(userId: string, digests: string[]): Promise<void> {
    await this.sql.query('update users set totp_recovery_digests = ? where id = ?', [digests.length ? digests : null, userId]);
  }

  async consume(userId: string, digest: string): Promise<boolean> {
    const rows = await this.sql.query(
      'update users set totp_recovery_digests = array_remove(totp_recovery_digests, ?) where id = ? and ? = any(totp_recovery_digests) returning id',
      [digest, userId, digest],
    );
    return rows.length === 1;
  }
}
