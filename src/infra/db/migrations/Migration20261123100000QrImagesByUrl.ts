import { Migration } from '@mikro-orm/migrations';

/**
 * QR images are served by URL (`/pix/qr/<locationId>.png`), rendered on request from
 * `br_code`, so no image is kept in the charge's row. Charges created before this keep
 * their BR Code and get their image by URL like any other.
 */
export class Migration20261123100000QrImagesByUrl extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table transactions drop column qr_code;`);
  }

  /** The column comes back empty: images were never needed from it after this migration. */
  override async down(): Promise<void> {
    this.addSql(`alter table transactions add column qr_code text not null default '';`);
  }
}
