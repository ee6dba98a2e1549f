import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import type { CycleCharges } from '../../domain/recurrences/recurrence-cycles.service';
import type { Clock } from '../../domain/shared/clock';
import type { TransactionsService } from '../../domain/transactions/transactions.service';
import type { ApplyPspPix } from '../../domain/transactions/apply-psp-pix';

/**
 * A cycle's charge is an ordinary PIX charge of the seller (events, fee, ledger entries and
 * statement line when paid), linked to its recurrence and cycle number in its metadata,
 * open until the last day the payer's institution may settle it, and never paid by the
 * sandbox's timer: the payer's side answers it. With a PSP holding recurrences it is no cob: the recurring charge
 * (`cobr`) with its txid is sent after the cycle's commit, and the Pix that settles it is
 * applied as any received Pix (`applyPix`).
 */
export function cycleCharges(d: {
  transactions: TransactionsService;
  sellers: Pick<SellerRepository, 'findById'>;
  payCharge: (sellerId: string, transactionId: string) => Promise<unknown>;
  clock: Clock;
  applyPix: ApplyPspPix | null;
  /** The institution holds each cycle's recurring charge (a PSP's cobr): the charge is then no cob of its own. */
  withoutCob: boolean;
}): CycleCharges {
  return {
    forSeller: async (sellerId) => {
      const seller = await d.sellers.findById(sellerId);
      if (!seller) throw new Error(`seller ${sellerId} not found`);
      return async (r, cycle) => {
        const t = await d.transactions.open(seller, {
          amount: cycle.amount,
          paymentMethod: 'PIX',
          expirationSeconds: Math.max(1, Math.ceil((cycle.expiresAt.getTime() - d.clock.now().getTime()) / 1_000)),
          customer: { name: r.contract.payer.name, document: r.contract.payer.document, documentType: r.contract.payer.documentType },
          metadata: { recurrenceId: r.id, recurrenceCycle: cycle.number, dueDate: cycle.dueDate },
          description: `${r.contract.object ?? r.contract.number}: cycle ${cycle.number}`.slice(0, 140),
          merchantOrderId: null,
          postbackUrl: null,
        }, { withoutCob: d.withoutCob });
        return { id: t.id, txid: t.txid!, write: (tx) => d.transactions.insert(tx, t, { autopay: false }) };
      };
    },
    pay: async (sellerId, transactionId) => {
      await d.payCharge(sellerId, transactionId);
    },
    txidOf: async (sellerId, transactionId) => (await d.transactions.get(sellerId, transactionId)).txid,
    cycleOfTxid: async (txid) => {
      const t = await d.transactions.findByTxid(txid);
      const m = t?.metadata;
      if (!t || !m || typeof m.recurrenceId !== 'string' || typeof m.recurrenceCycle !== 'number') return null;
      return { sellerId: t.sellerId, recurrenceId: m.recurrenceId, number: m.recurrenceCycle };
    },
    settle: async (pix) => {
      if (!d.applyPix) throw new Error('no PSP applies received Pix here');
      for (const p of pix) await d.applyPix(p);
    },
  };
}
