import type { Seller } from '../accounts/accounts.types';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { CreateTransactionInput } from '../transactions/create-transaction.input';
import { newTransaction } from '../transactions/new-transaction';
import type { TransactionRepository } from '../transactions/transactions.ports';
import { expireJobKey, TRANSACTION_JOBS } from '../transactions/transaction-jobs';
import type { Transaction } from '../transactions/transaction.types';
import { boletoDates } from './boleto-dates';
import type { BoletoIds } from './boleto.ports';
import { buildBarcode, digitableLine } from './febraban';

/**
 * Bank code of the sandbox's boletos. FEBRABAN assigns no bank the code 999, so a
 * sandbox barcode can never be paid at a real bank by mistake.
 */
export const SANDBOX_BANK_CODE = '999';

export interface BoletoChargesDeps {
  uow: UnitOfWork;
  repo: TransactionRepository;
  scheduler: Scheduler;
  clock: Clock;
  ids: BoletoIds & { transactionId(): string };
  /** Absolute URL prefix of printable boletos, e.g. `https://pay.example.com/boleto`. */
  printBaseUrl: string;
}

/**
 * Creating a boleto (sandbox): barcode and digitable line by the FEBRABAN rules, then
 * the same life as a PIX charge: registered with the institution (WAITING_PAYMENT),
 * paid through the institution report path, expired by a durable job when unpaid.
 */
export class BoletoChargesService {
  constructor(private readonly d: BoletoChargesDeps) {}

  /** The boleto built in memory: barcode, digitable line, dates and printable page. */
  build(seller: Seller, input: CreateTransactionInput): Transaction {
    if (!input.boleto) throw new Error('a boleto create needs its boleto fields');
    const now = this.d.clock.now();
    const { dueDate, expiresAt } = boletoDates(input.boleto.dueDate, now);
    const freeField = this.d.ids.freeField();
    const barcode = buildBarcode({ bankCode: SANDBOX_BANK_CODE, dueDate, amountCents: input.amount, freeField });
    const token = this.d.ids.printToken();
    return newTransaction(seller, input, {
      id: this.d.ids.transactionId(),
      paymentMethod: 'BOLETO',
      status: 'PENDING',
      providerReference: freeField,
      createdAt: now,
      boleto: { barcode, digitableLine: digitableLine(barcode), bankCode: SANDBOX_BANK_CODE, beneficiaryName: seller.name, dueDate, expiresAt, token, url: `${this.d.printBaseUrl}/${token}` },
    });
  }

  /** Writes in tx a boleto built by `build`, with its registration and expiry jobs. */
  async insert(tx: Tx, t: Transaction): Promise<void> {
    await this.d.repo.insert(tx, t);
    await this.d.scheduler.schedule(tx, [
      TRANSACTION_JOBS.registerCharge.at(`register:${t.id}`, t.createdAt, { transactionId: t.id }),
      TRANSACTION_JOBS.expire.at(expireJobKey(t.id), t.boleto!.expiresAt, { transactionId: t.id }),
    ]);
  }
}
