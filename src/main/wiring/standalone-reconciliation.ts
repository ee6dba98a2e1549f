import { applyPspPix } from '../../domain/transactions/apply-psp-pix';
import { InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';
import { RefundOutcomesService } from '../../domain/transactions/refund-outcomes.service';
import { wireAccounts } from './accounts';
import { apiPixClient } from './apipix';
import { wireApiPixReconciliation } from './apipix-reconciliation';
import { wireLedger } from './ledger';
import type { Platform } from './platform';
import { BrazilHolidays } from '../../infra/privacy/brazil-holidays';
import { transactionRepository } from './transactions';
import { payoutReconciliation, pspSentPayouts } from './withdrawals';

/**
 * The reconciliation alone, outside the service (the admin command, the benchmark): the PSP
 * client, the report path of charges and the ledger, without the doors or the charges'
 * other machinery. Payments apply exactly as in the worker.
 */
export function standaloneReconciliation(p: Platform) {
  if (p.config.INSTITUTION !== 'apipix') throw new Error('reconciliation needs INSTITUTION=apipix and its APIPIX_ settings');
  const { ledger } = wireLedger(p, wireAccounts(p).sellerRepository);
  const repo = transactionRepository(p);
  const reports = new InstitutionChargeReportsService({ uow: p.uow, repo, ledger, outbox: p.outbox, live: p.live, clock: p.clock, holidays: new BrazilHolidays(), scheduler: p.scheduler });
  const refunds = new RefundOutcomesService({ uow: p.uow, repo, ledger, outbox: p.outbox, live: p.live, scheduler: p.scheduler, clock: p.clock });
  const applyPix = applyPspPix({ findByTxid: (txid) => repo.findByTxid(txid), reports, refunds, holidays: new BrazilHolidays() });
  const pix = apiPixClient(p.config);
  const { reconciliation } = wireApiPixReconciliation(p, { client: pix.client, reports, applyPix });
  const payouts = p.config.PAYOUT_PROVIDER !== 'simulated' ? payoutReconciliation(p, pspSentPayouts(p.config, pix)) : null;
  return { reconciliation, payouts, close: () => pix.dispatcher.close() };
}
