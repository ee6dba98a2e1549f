import type { Cents } from '../shared/money';
import type { PspPixVerdict } from '../transactions/psp-pix';

/** What a received Pix meant for our charges, as stored (from `judgePspPix`'s verdict). */
export type StoredVerdict = 'PAYMENT' | 'NOT_OURS' | 'AMOUNT_DIFFERS';

export const storedVerdict = (v: PspPixVerdict): StoredVerdict => (v.kind === 'payment' ? 'PAYMENT' : v.kind === 'not-ours' ? 'NOT_OURS' : 'AMOUNT_DIFFERS');

export type DifferenceKind = 'NOT_CREDITED' | 'CREDITED_TWICE' | 'AMOUNT_DIFFERS' | 'NOT_OURS';

/** A Pix the PSP listed as received that day. */
export interface ReceivedPixRow {
  endToEndId: string;
  txid: string | null;
  cents: Cents;
  transactionId: string | null;
  verdict: StoredVerdict;
}

/** A charge the ledger credited that day (PIX through the PSP), with its journal entries. */
export interface CreditRow {
  endToEndId: string | null;
  transactionId: string;
  cents: Cents;
  /** Credit entries of the charge (one in a sound ledger). */
  entries: number;
}

export interface ReconciliationDifference {
  endToEndId: string;
  kind: DifferenceKind;
  txid: string | null;
  transactionId: string | null;
  /** What the PSP received (for CREDITED_TWICE, what the ledger credited each time). */
  cents: Cents;
}

export interface ReconciliationReport {
  date: string;
  psp: { count: number; cents: Cents };
  credited: { count: number; cents: Cents };
  differences: ReconciliationDifference[];
}

/**
 * The day's reconciliation: the PSP's received Pix against the ledger's credits, each
 * difference named by end-to-end id. A Pix not ours or of another amount is never credited
 * by itself; a payment of ours the ledger did not credit (or credited more than once) is
 * money to look at.
 */
export function reconciliationReport(date: string, received: readonly ReceivedPixRow[], credits: readonly CreditRow[]): ReconciliationReport {
  const creditedEntries = new Map<string, number>();
  for (const c of credits) if (c.endToEndId) creditedEntries.set(c.endToEndId, (creditedEntries.get(c.endToEndId) ?? 0) + c.entries);
  const differences: ReconciliationDifference[] = [];
  const atPsp = new Set<string>();
  for (const r of received) {
    atPsp.add(r.endToEndId);
    const kind = differenceOf(r, creditedEntries.get(r.endToEndId) ?? 0);
    if (kind) differences.push({ endToEndId: r.endToEndId, kind, txid: r.txid, transactionId: r.transactionId, cents: r.cents });
  }
  for (const c of credits) {
    if (!c.endToEndId || atPsp.has(c.endToEndId) || (creditedEntries.get(c.endToEndId) ?? 0) < 2) continue;
    atPsp.add(c.endToEndId);
    differences.push({ endToEndId: c.endToEndId, kind: 'CREDITED_TWICE', txid: null, transactionId: c.transactionId, cents: c.cents });
  }
  differences.sort((a, b) => (a.endToEndId < b.endToEndId ? -1 : a.endToEndId > b.endToEndId ? 1 : 0));
  return {
    date,
    psp: { count: received.length, cents: sum(received.map((r) => r.cents)) },
    credited: { count: sum(credits.map((c) => c.entries)), cents: sum(credits.map((c) => c.cents * c.entries)) },
    differences,
  };
}

function differenceOf(r: ReceivedPixRow, entries: number): DifferenceKind | null {
  if (r.verdict === 'NOT_OURS') return 'NOT_OURS';
  if (r.verdict === 'AMOUNT_DIFFERS') return 'AMOUNT_DIFFERS';
  if (entries === 0) return 'NOT_CREDITED';
  return entries > 1 ? 'CREDITED_TWICE' : null;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
