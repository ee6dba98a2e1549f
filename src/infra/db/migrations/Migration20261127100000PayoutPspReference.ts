import { Migration } from '@mikro-orm/migrations';

/**
 * The payout's own identifier at the PSP, kept once learned (Banco Inter's
 * `codigoSolicitacao`, known only from its answer, is what its payouts are read back by).
 */
export class Migration20261127100000PayoutPspReference extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table withdrawals add column psp_payout_ref text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table withdrawals drop column psp_payout_ref;');
  }
}
