import { Migration } from '@mikro-orm/migrations';
import { SPLIT_WRITES_PARTY_ROWS, splitInsertFunction } from './split-storage-sql';

/**
 * A split charge's instructions and parties in one call, inside the charge's create
 * transaction, after checking that every recipient is connected to the marketplace by an
 * ACTIVE link and KYC-approved at that moment. When one is not, it raises SQLSTATE PX422
 * with the zero-based position of the first such recipient as its detail, the create's
 * transaction fails and nothing is written: the check costs the create no round trip of
 * its own, and no link ended before the create's statement ran can slip through.
 */
export class Migration20261129040000SplitInsertChecksLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(splitInsertFunction(SPLIT_WRITES_PARTY_ROWS));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function transaction_split_insert(text, text, text, text, jsonb, timestamptz, text[]);`);
  }
}
