import type { Cents } from '../shared/money';

/** A payout as the PSP lists it (Efí `GET /v2/gn/pix/enviados?inicio&fim`). */
export interface PspSentPayout {
  /** Our identifier at the PSP (Efí's `idEnvio`). */
  pspPayoutId: string;
  endToEndId: string | null;
  cents: Cents;
  status: 'PROCESSING' | 'PAID' | 'FAILED';
}

/** One of our withdrawals sent to the PSP, with what the ledger holds for it. */
export interface LedgerPayoutRow {
  withdrawalId: string;
  pspPayoutId: string;
  /** The withdrawal's amount (the fee is ours, never sent). */
  cents: Cents;
  end2end: string | null;
  /** WITHDRAWAL_DEBIT entries (one in a sound ledger). */
  debits: number;
  /** WITHDRAWAL_SETTLEMENT entries: the payout recorded as made (a return adds one more). */
  settlements: number;
  /** WITHDRAWAL_REFUND entries: the seller given the money back. */
  refunds: number;
}

export type PayoutDifferenceKind = 'NOT_OURS' | 'NOT_AT_PSP' | 'AMOUNT_DIFFERS' | 'PAID_NOT_SETTLED' | 'SETTLED_NOT_PAID' | 'FAILED_NOT_REFUNDED' | 'NOT_DEBITED' | 'DEBITED_TWICE';

export interface PayoutDifference {
  /** The PSP's end-to-end id, or ours; null when neither side has one yet. */
  endToEndId: string | null;
  pspPayoutId: string;
  withdrawalId: string | null;
  kind: PayoutDifferenceKind;
  /** What the PSP holds (ours when the PSP holds nothing). */
  cents: Cents;
}

export interface Totals {
  count: number;
  cents: Cents;
}

export interface PayoutReconciliationReport {
  /** At the PSP: every payout listed that day, and by its status. */
  psp: { sent: Totals; paid: Totals; failed: Totals; pending: Totals };
  /** The ledger: our payouts sent that day, debited (amounts), recorded as made, refunded. */
  ledger: { debited: Totals; settled: Totals; refunded: Totals };
  differences: PayoutDifference[];
}

/**
 * The day's payouts: what the PSP says it sent against what the ledger debited, settled and
 * refunded, each difference named by end-to-end id. A payout the PSP made must be settled in
 * the ledger and not refunded; one it did not make must be refunded; every payout of ours
 * debited once.
 */
export function payoutReconciliation(atPsp: readonly PspSentPayout[], ours: readonly LedgerPayoutRow[]): PayoutReconciliationReport {
  const byId = new Map(ours.map((o) => [o.pspPayoutId, o]));
  const listed = new Map<string, PspSentPayout>();
  const differences: PayoutDifference[] = [];
  for (const p of atPsp) {
    listed.set(p.pspPayoutId, p);
    const o = byId.get(p.pspPayoutId);
    const add = (kind: PayoutDifferenceKind) => differences.push({ endToEndId: p.endToEndId ?? o?.end2end ?? null, pspPayoutId: p.pspPayoutId, withdrawalId: o?.withdrawalId ?? null, kind, cents: p.cents });
    if (!o) {
      add('NOT_OURS');
      continue;
    }
    if (o.cents !== p.cents) add('AMOUNT_DIFFERS');
    const kind = outcomeDifference(p.status, o);
    if (kind) add(kind);
  }
  for (const o of ours) {
    const p = listed.get(o.pspPayoutId);
    const add = (kind: PayoutDifferenceKind) => differences.push({ endToEndId: p?.endToEndId ?? o.end2end, pspPayoutId: o.pspPayoutId, withdrawalId: o.withdrawalId, kind, cents: p?.cents ?? o.cents });
    if (!listed.has(o.pspPayoutId)) add('NOT_AT_PSP');
    if (o.debits === 0) add('NOT_DEBITED');
    if (o.debits > 1) add('DEBITED_TWICE');
  }
  const keyed = differences.map((d) => [payoutDifferenceKey(d), d] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const of = (status: PspSentPayout['status']) => totals(atPsp.filter((p) => p.status === status).map((p) => p.cents));
  return {
    psp: { sent: totals(atPsp.map((p) => p.cents)), paid: of('PAID'), failed: of('FAILED'), pending: of('PROCESSING') },
    ledger: {
      debited: totals(ours.flatMap((o) => Array<Cents>(o.debits).fill(o.cents))),
      settled: totals(ours.filter((o) => settled(o)).map((o) => o.cents)),
      refunded: totals(ours.filter((o) => o.refunds > 0).map((o) => o.cents)),
    },
    differences: keyed.map(([, d]) => d),
  };
}

/** Separates the parts of a difference's key: it sorts below every character of an identifier. */
export const PAYOUT_KEY_SEPARATOR = '\u0000';

/**
 * What the report's payout differences are sorted by (code unit order), each one's own: the
 * end-to-end id (our identifier at the PSP when there is none yet), that identifier, the kind.
 * A page of differences starts after such a key.
 */
export function payoutDifferenceKey(d: Pick<PayoutDifference, 'endToEndId' | 'pspPayoutId' | 'kind'>): string {
  return [d.endToEndId ?? d.pspPayoutId, d.pspPayoutId, d.kind].join(PAYOUT_KEY_SEPARATOR);
}

/** Made and not returned: one settlement more than returns (a return settles back and refunds). */
const settled = (o: LedgerPayoutRow) => o.settlements > 0 && o.settlements % 2 === 1;

function outcomeDifference(status: PspSentPayout['status'], o: LedgerPayoutRow): PayoutDifferenceKind | null {
  if (status === 'PAID') return o.settlements === 0 ? 'PAID_NOT_SETTLED' : null;
  if (status === 'FAILED') {
    if (settled(o)) return 'SETTLED_NOT_PAID';
    return o.refunds === 0 ? 'FAILED_NOT_REFUNDED' : null;
  }
  // Still processing at the PSP: the ledger must not have settled it yet.
  return settled(o) ? 'SETTLED_NOT_PAID' : null;
}

function totals(cents: Cents[]): Totals {
  return { count: cents.length, cents: cents.reduce((a, b) => a + b, 0) };
}
