import { Migration } from '@mikro-orm/migrations';

/**
 * 2FA recovery codes: the SHA-256 digests of a user's unused codes (each code has 80
 * random bits), null when there are none. A used code leaves the array in the statement
 * that accepts it.
 */
export class Migration20261125120000RecoveryCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column totp_recovery_digests text[];`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table users drop column totp_recovery_digests;');
  }
}
