import { validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { availableAccount, blockedAccount } from './ledger-accounts';
import type { EntryKind, JournalEntryDraft, PaymentMethod, Posting, StatementLine } from './ledger.types';
import { PLATFORM_ACCOUNTS } from './ledger.types';
import { CORRECTION_DESCRIPTION_PREFIX, STATEMENT_DESCRIPTIONS } from './statement-descriptions';

/**
 * One builder per business fact. Each returns a balanced journal entry with the
 * seller's statement lines and an idempotency reference naming the fact, so a second
 * post of the same fact is a no-op. Callers post the draft with
 * `LedgerService.postEntry(tx, draft)` in the transaction of their state change.
 *
 * Sign convention: an account's balance is the sum of its postings. Seller accounts
 * are what we owe the seller (never negative); platform accounts may be negative
 * (provider clearing is negative while the institution holds money for us).
 */

function positive(amount: Cents, field = 'amount'): Cents {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw validationError('INVALID_AMOUNT', `${field} must be a positive integer number of cents`, { field });
  }
  return amount;
}

function nonNegative(amount: Cents, field: string): Cents {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
    throw validationError('INVALID_AMOUNT', `${field} must be a non-negative integer number of cents`, { field });
  }
  return amount;
}

function id(value: string, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128 || value.includes(':')) {
    throw new Error(`ledger entry: ${field} must be a non-empty id without ':'`);
  }
  return value;
}

const line = (type: StatementLine['type'], amount: Cents, description: string, fee = false): StatementLine => ({ type, amount, description, fee });

function entry(e: {
  reference: string;
  kind: EntryKind;
  sellerId: string | null;
  transactionId?: string;
  withdrawalId?: string;
  description: string;
  postings: Posting[];
  lines: StatementLine[];
  metadata?: Record<string, unknown>;
}): JournalEntryDraft {
  return {
    reference: e.reference,
    kind: e.kind,
    sellerId: e.sellerId,
    transactionId: e.transactionId ?? null,
    withdrawalId: e.withdrawalId ?? null,
    description: e.description,
    postings: e.postings,
    lines: e.lines,
    metadata: e.metadata ?? null,
  };
}

/**
 * A paid PIX charge: the whole amount is credited and the fee is a separate DEBIT to
 * the platform fees account (SPEC: statements and summaries show fees).
 * Reference `credit:transaction:<transactionId>`.
 */
export function pixCredit(i: { sellerId: string; transactionId: string; amount: Cents; fee: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  const fee = nonNegative(i.fee, 'fee');
  if (fee > amount) throw validationError('INVALID_FEE', 'the fee cannot exceed the amount', { amount, fee });
  const seller = availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX');
  const postings: Posting[] = [
    { account: PLATFORM_ACCOUNTS.providerClearing, amount: -amount },
    { account: seller, amount },
  ];
  const lines = [line('CREDIT', amount, STATEMENT_DESCRIPTIONS.pixReceived)];
  if (fee > 0) {
    postings.push({ account: seller, amount: -fee }, { account: PLATFORM_ACCOUNTS.fees, amount: fee });
    lines.push(line('DEBIT', fee, STATEMENT_DESCRIPTIONS.pixFee, true));
  }
  return entry({
    reference: `credit:transaction:${id(i.transactionId, 'transactionId')}`,
    kind: 'PIX_CREDIT',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `PIX received for transaction ${i.transactionId}`,
    postings,
    lines,
  });
}

const METHOD_CREDIT = {
  BOLETO: { kind: 'BOLETO_CREDIT', received: STATEMENT_DESCRIPTIONS.boletoReceived, fee: STATEMENT_DESCRIPTIONS.boletoFee },
  CARD: { kind: 'CARD_CREDIT', received: STATEMENT_DESCRIPTIONS.cardReceived, fee: STATEMENT_DESCRIPTIONS.cardFee },
} as const;

/**
 * A paid boleto or an approved card payment: the whole amount is credited to the
 * method's available balance and the fee is a separate DEBIT to the platform fees
 * account, as for PIX. Reference `credit:transaction:<transactionId>` (a transaction
 * is credited once, whatever its method).
 */
export function methodCredit(i: { sellerId: string; transactionId: string; amount: Cents; fee: Cents; method: 'BOLETO' | 'CARD' }): JournalEntryDraft {
  const amount = positive(i.amount);
  const fee = nonNegative(i.fee, 'fee');
  if (fee > amount) throw validationError('INVALID_FEE', 'the fee cannot exceed the amount', { amount, fee });
  const words = METHOD_CREDIT[i.method];
  const seller = availableAccount(id(i.sellerId, 'sellerId'), i.method);
  const postings: Posting[] = [
    { account: PLATFORM_ACCOUNTS.providerClearing, amount: -amount },
    { account: seller, amount },
  ];
  const lines = [line('CREDIT', amount, words.received)];
  if (fee > 0) {
    postings.push({ account: seller, amount: -fee }, { account: PLATFORM_ACCOUNTS.fees, amount: fee });
    lines.push(line('DEBIT', fee, words.fee, true));
  }
  return entry({
    reference: `credit:transaction:${id(i.transactionId, 'transactionId')}`,
    kind: words.kind,
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `${words.received} for transaction ${i.transactionId}`,
    postings,
    lines,
    metadata: { method: i.method },
  });
}

/**
 * A refund (total or partial) requested by the seller: debited from available and
 * returned through the institution. The cash-in fee is not returned.
 * Reference `refund:transaction:<transactionId>:<refundId>` (one per refund request).
 */
export function refundDebit(i: { sellerId: string; transactionId: string; refundId: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `refund:transaction:${id(i.transactionId, 'transactionId')}:${id(i.refundId, 'refundId')}`,
    kind: 'REFUND_DEBIT',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `Refund of transaction ${i.transactionId}`,
    postings: [
      { account: availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX'), amount: -amount },
      { account: PLATFORM_ACCOUNTS.providerClearing, amount },
    ],
    lines: [line('DEBIT', amount, STATEMENT_DESCRIPTIONS.refund)],
  });
}

/**
 * A refund the institution could not make (API Pix `NAO_REALIZADO`): the money debited by
 * `refundDebit` comes back to the seller's available balance, exactly once per refund.
 * Reference `refund-reversal:transaction:<transactionId>:<refundId>`.
 */
export function refundReversal(i: { sellerId: string; transactionId: string; refundId: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `refund-reversal:transaction:${id(i.transactionId, 'transactionId')}:${id(i.refundId, 'refundId')}`,
    kind: 'REFUND_REVERSAL',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `Refund ${i.refundId} of transaction ${i.transactionId} not made`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -amount },
      { account: availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX'), amount },
    ],
    lines: [line('CREDIT', amount, STATEMENT_DESCRIPTIONS.refundNotMade)],
    metadata: { refundId: i.refundId },
  });
}

/**
 * The central bank's special return (MED): immediate debit, once per transaction.
 * Reference `chargeback:transaction:<transactionId>`.
 */
export function chargebackDebit(i: { sellerId: string; transactionId: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `chargeback:transaction:${id(i.transactionId, 'transactionId')}`,
    kind: 'CHARGEBACK_DEBIT',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `Chargeback (MED) of transaction ${i.transactionId}`,
    postings: [
      { account: availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX'), amount: -amount },
      { account: PLATFORM_ACCOUNTS.providerClearing, amount },
    ],
    lines: [line('DEBIT', amount, STATEMENT_DESCRIPTIONS.chargebackMed)],
  });
}

/**
 * A chargeback decided in the seller's favour: the debited value comes back.
 * Reference `chargeback-reversal:transaction:<transactionId>`.
 */
export function chargebackReversal(i: { sellerId: string; transactionId: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `chargeback-reversal:transaction:${id(i.transactionId, 'transactionId')}`,
    kind: 'CHARGEBACK_REVERSAL',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    description: `Chargeback of transaction ${i.transactionId} reversed`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -amount },
      { account: availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX'), amount },
    ],
    lines: [line('CREDIT', amount, STATEMENT_DESCRIPTIONS.chargebackReversed)],
  });
}

/**
 * Balance retained while a dispute is analysed: available -> blocked (RETAINED).
 * Reference `block:dispute:<disputeId>`.
 */
export function block(i: { sellerId: string; disputeId: string; transactionId?: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  const sellerId = id(i.sellerId, 'sellerId');
  return entry({
    reference: `block:dispute:${id(i.disputeId, 'disputeId')}`,
    kind: 'BLOCK',
    sellerId,
    transactionId: i.transactionId,
    description: `Balance retained for dispute ${i.disputeId}`,
    postings: [
      { account: availableAccount(sellerId, i.method ?? 'PIX'), amount: -amount },
      { account: blockedAccount(sellerId), amount },
    ],
    lines: [line('RETAINED', amount, STATEMENT_DESCRIPTIONS.retained)],
    metadata: { disputeId: i.disputeId, method: i.method ?? 'PIX' },
  });
}

/**
 * A dispute decided for the seller: blocked -> available of the same method
 * (RELEASE_RETAINED). Reference `release:dispute:<disputeId>`.
 */
export function release(i: { sellerId: string; disputeId: string; transactionId?: string; amount: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  const sellerId = id(i.sellerId, 'sellerId');
  return entry({
    reference: `release:dispute:${id(i.disputeId, 'disputeId')}`,
    kind: 'RELEASE',
    sellerId,
    transactionId: i.transactionId,
    description: `Retained balance released for dispute ${i.disputeId}`,
    postings: [
      { account: blockedAccount(sellerId), amount: -amount },
      { account: availableAccount(sellerId, i.method ?? 'PIX'), amount },
    ],
    lines: [line('RELEASE_RETAINED', amount, STATEMENT_DESCRIPTIONS.retainedReleased)],
    metadata: { disputeId: i.disputeId, method: i.method ?? 'PIX' },
  });
}

/**
 * A dispute decided for the buyer: the blocked value leaves for good (DEBIT from
 * blocked). Reference `blocked-debit:dispute:<disputeId>`.
 */
export function blockedDebit(i: { sellerId: string; disputeId: string; transactionId?: string; amount: Cents }): JournalEntryDraft {
  const amount = positive(i.amount);
  const sellerId = id(i.sellerId, 'sellerId');
  return entry({
    reference: `blocked-debit:dispute:${id(i.disputeId, 'disputeId')}`,
    kind: 'BLOCKED_DEBIT',
    sellerId,
    transactionId: i.transactionId,
    description: `Dispute ${i.disputeId} decided for the buyer`,
    postings: [
      { account: blockedAccount(sellerId), amount: -amount },
      { account: PLATFORM_ACCOUNTS.providerClearing, amount },
    ],
    lines: [line('DEBIT', amount, STATEMENT_DESCRIPTIONS.disputeLost)],
    metadata: { disputeId: i.disputeId },
  });
}

/**
 * A withdrawal: amount and fee leave the available balance as two DEBIT lines.
 * Reference `debit:withdrawal:<withdrawalId>`. Withdrawals draw on one method's
 * balance (PIX while it is the only method enabled).
 */
export function withdrawalDebit(i: { sellerId: string; withdrawalId: string; amount: Cents; fee: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  const fee = nonNegative(i.fee, 'fee');
  const seller = availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX');
  const postings: Posting[] = [
    { account: seller, amount: -amount },
    { account: PLATFORM_ACCOUNTS.payouts, amount },
  ];
  const lines = [line('DEBIT', amount, STATEMENT_DESCRIPTIONS.withdrawal)];
  if (fee > 0) {
    postings.push({ account: seller, amount: -fee }, { account: PLATFORM_ACCOUNTS.fees, amount: fee });
    lines.push(line('DEBIT', fee, STATEMENT_DESCRIPTIONS.withdrawalFee, true));
  }
  return entry({
    reference: `debit:withdrawal:${id(i.withdrawalId, 'withdrawalId')}`,
    kind: 'WITHDRAWAL_DEBIT',
    sellerId: i.sellerId,
    withdrawalId: i.withdrawalId,
    description: `Withdrawal ${i.withdrawalId}`,
    postings,
    lines,
  });
}

/**
 * A withdrawal that ended REJECTED or FAILED: amount and fee come back, exactly the
 * debit reversed. Reference `refund:withdrawal:<withdrawalId>` (once per withdrawal).
 */
export function withdrawalRefund(i: { sellerId: string; withdrawalId: string; amount: Cents; fee: Cents; method?: PaymentMethod }): JournalEntryDraft {
  const amount = positive(i.amount);
  const fee = nonNegative(i.fee, 'fee');
  const seller = availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX');
  const postings: Posting[] = [
    { account: PLATFORM_ACCOUNTS.payouts, amount: -amount },
    { account: seller, amount },
  ];
  const lines = [line('CREDIT', amount, STATEMENT_DESCRIPTIONS.withdrawalRefunded)];
  if (fee > 0) {
    postings.push({ account: PLATFORM_ACCOUNTS.fees, amount: -fee }, { account: seller, amount: fee });
    lines.push(line('CREDIT', fee, STATEMENT_DESCRIPTIONS.withdrawalFeeRefunded, true));
  }
  return entry({
    reference: `refund:withdrawal:${id(i.withdrawalId, 'withdrawalId')}`,
    kind: 'WITHDRAWAL_REFUND',
    sellerId: i.sellerId,
    withdrawalId: i.withdrawalId,
    description: `Withdrawal ${i.withdrawalId} refunded`,
    postings,
    lines,
  });
}

/**
 * The institution settled a payout: payouts -> provider clearing. Platform only (no
 * seller balance changes, no statement line). Reference `settle:withdrawal:<id>`.
 */
export function withdrawalSettlement(i: { withdrawalId: string; amount: Cents }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `settle:withdrawal:${id(i.withdrawalId, 'withdrawalId')}`,
    kind: 'WITHDRAWAL_SETTLEMENT',
    sellerId: null,
    withdrawalId: i.withdrawalId,
    description: `Withdrawal ${i.withdrawalId} settled by the institution`,
    postings: [
      { account: PLATFORM_ACCOUNTS.payouts, amount: -amount },
      { account: PLATFORM_ACCOUNTS.providerClearing, amount },
    ],
    lines: [],
  });
}

/**
 * A settled payout came back (the receiving bank returned a PAID withdrawal): the
 * reverse of `withdrawalSettlement`, provider clearing -> payouts, so the
 * `withdrawalRefund` posted next takes the money from where it now is. Platform only.
 * Reference `settle-return:withdrawal:<id>`; kind WITHDRAWAL_SETTLEMENT.
 */
export function withdrawalSettlementReturn(i: { withdrawalId: string; amount: Cents }): JournalEntryDraft {
  const amount = positive(i.amount);
  return entry({
    reference: `settle-return:withdrawal:${id(i.withdrawalId, 'withdrawalId')}`,
    kind: 'WITHDRAWAL_SETTLEMENT',
    sellerId: null,
    withdrawalId: i.withdrawalId,
    description: `Withdrawal ${i.withdrawalId} returned to the institution by the receiving bank`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -amount },
      { account: PLATFORM_ACCOUNTS.payouts, amount },
    ],
    lines: [],
  });
}

export const MAX_REASON_LENGTH = 500;

/** An operator's reason: mandatory, trimmed, at most 500 characters. */
export function correctionReason(reason: unknown): string {
  const r = typeof reason === 'string' ? reason.trim() : '';
  if (r.length === 0 || r.length > MAX_REASON_LENGTH) {
    throw validationError('INVALID_REASON', `reason is required and must have at most ${MAX_REASON_LENGTH} characters`);
  }
  return r;
}

/**
 * An operator's manual correction, an ordinary entry against the adjustments account.
 * Reference `adjustment:<correctionId>`.
 */
export function operatorAdjustment(i: {
  sellerId: string;
  correctionId: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: Cents;
  method?: PaymentMethod;
  reason: string;
  operatorId: string;
}): JournalEntryDraft {
  const amount = positive(i.amount);
  const reason = correctionReason(i.reason);
  const signed = i.direction === 'CREDIT' ? amount : -amount;
  return entry({
    reference: `adjustment:${id(i.correctionId, 'correctionId')}`,
    kind: i.direction === 'CREDIT' ? 'OPERATOR_CREDIT' : 'OPERATOR_DEBIT',
    sellerId: i.sellerId,
    description: `Operator ${i.direction === 'CREDIT' ? 'credit' : 'debit'}: ${reason}`,
    postings: [
      { account: PLATFORM_ACCOUNTS.adjustments, amount: -signed },
      { account: availableAccount(id(i.sellerId, 'sellerId'), i.method ?? 'PIX'), amount: signed },
    ],
    lines: [line(i.direction, amount, `${CORRECTION_DESCRIPTION_PREFIX}${reason}`)],
    metadata: { reason, operatorId: i.operatorId, method: i.method ?? 'PIX' },
  });
}
