import { Migration } from '@mikro-orm/migrations';

/**
 * PIX charges with a due date (API Pix cobv): their terms (due date, validity, fine,
 * interest, abatement, discount), the original amount, the last payable day and, once
 * paid, the components of the amount paid, in one JSON column beside the transaction.
 */
export class Migration20261127120000DueDateCharges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table transactions add column due_date_charge jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table transactions drop column due_date_charge;`);
  }
}
