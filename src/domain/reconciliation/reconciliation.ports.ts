import type { PspChargeKind } from '../transactions/psp-charge-kind';
import type { PspPix } from '../transactions/psp-pix';
import type { Transaction } from '../transactions/transaction.types';
import type { TimeWindow } from './reconcile-window';
import type { CreditRow, DifferenceKind, ReceivedPixRow, StoredVerdict } from './reconciliation-report';

/** One page of the PSP's received Pix (`GET /pix?inicio&fim`), oldest first. */
export interface ReceivedPixPage {
  pix: PspPix[];
  /** No page comes after this one. */
  last: boolean;
}

/** The PSP's list of received Pix; a PSP that cannot answer throws (the run is retried). */
export interface ReceivedPixList {
  pixPage(window: TimeWindow, index: number): Promise<ReceivedPixPage>;
}

/** A cob or a cobv as the PSP lists it (`GET /cob?inicio&fim`, `GET /cobv?inicio&fim`). */
export interface PspCob {
  txid: string;
  status: string;
  createdAt: Date;
}

export interface PspCobs {
  cobPage(kind: PspChargeKind, window: TimeWindow, index: number): Promise<{ cobs: PspCob[]; last: boolean }>;
  /** `PATCH /cob/{txid}` (`/cobv/{txid}`) with status `REMOVIDA_PELO_USUARIO_RECEBEDOR`. */
  remove(kind: PspChargeKind, txid: string): Promise<void>;
}

/** A received Pix as recorded for the daily report. */
export interface SeenPix extends ReceivedPixRow {
  at: Date;
  verdict: StoredVerdict;
}

/** What the reconciliation keeps: how far each reading got, and every Pix the PSP listed. */
export interface ReconciliationStore {
  cursor(name: string): Promise<Date | null>;
  /** Drops a cursor: the next reading starts over. */
  forget(name: string): Promise<void>;
  /** Moves a cursor forward to `to` (never back). */
  advance(name: string, to: Date): Promise<void>;
  /** Our charges among these txids, by txid (one statement). */
  chargesByTxid(txids: string[]): Promise<Map<string, Pick<Transaction, 'id' | 'amount' | 'dueDateCharge'>>>;
  /** Which of these institution report ids are recorded already (one statement). */
  recordedReports(reportIds: string[]): Promise<Set<string>>;
  /** Records the Pix of a page (one statement); answers the end-to-end ids seen for the first time. */
  recordSeen(rows: SeenPix[]): Promise<Set<string>>;
  /** Which of these txids are charges of ours (one statement). */
  knownTxids(txids: string[]): Promise<Set<string>>;
  /** The day's rows for the report: what the PSP listed in [start, end), what the ledger credited. */
  dayRows(start: Date, end: Date): Promise<{ received: ReceivedPixRow[]; credits: CreditRow[] }>;
}

/** What the metrics count. */
export interface ReconciliationObserver {
  /** Pix of ours the callbacks had missed, credited by the reconciliation. */
  applied(count: number): void;
  /** Differences found, counted when a Pix is first seen. */
  differences(kind: DifferenceKind, count: number): void;
}
