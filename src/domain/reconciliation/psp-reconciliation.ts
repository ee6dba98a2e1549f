import { IDEMPOTENCY_RETENTION_MS } from '../idempotency/idempotency.types';
import type { Clock } from '../shared/clock';
import { PSP_CHARGE_KINDS, type PspChargeKind } from '../transactions/psp-charge-kind';
import type { PspPix } from '../transactions/psp-pix';
import { civilDay, remainingOfDay, slidingWindow, type TimeWindow } from './reconcile-window';
import type { PspCobs, ReceivedPixList, ReconciliationStore } from './reconciliation.ports';
import { type ReconciliationReport, reconciliationReport } from './reconciliation-report';

/** The cursor of the sliding window (the reconciliation lag is now minus it). */
export const WINDOW_CURSOR = 'window';
const dayCursor = (date: string) => `day:${date}`;
const ORPHAN_CURSOR = 'orphan-cobs';

/**
 * A create retried with the same Idempotency-Key asks for the same txid for as long as the
 * key is kept; a cob removed before then would refuse that retry. An orphan cob is removed
 * only once it is older than the key's retention, with an hour to spare for a retry that
 * began just before the key expired.
 */
export const MIN_ORPHAN_GRACE_MS = IDEMPOTENCY_RETENTION_MS['transactions.create'] + 3_600_000;

/** How far back the first scan for orphan cobs looks (the day before the grace). */
const FIRST_ORPHAN_SCAN_MS = 86_400_000;

export interface PspReconciliationDeps {
  list: ReceivedPixList;
  cobs: PspCobs;
  store: ReconciliationStore;
  clock: Clock;
  /** Applies one page of received Pix (reconcilePixPage). */
  applyPage(page: readonly PspPix[]): Promise<{ applied: number }>;
  overlapMs: number;
  orphanGraceMs: number;
}

/** How a reading ended: `done` when the range was read to its end, else the time budget ran out (a cursor says where). */
export interface ReadOutcome {
  done: boolean;
  pages: number;
  pix: number;
  applied: number;
}

/**
 * Reconciliation with the PSP: its list of received Pix is read page by page and every Pix
 * of ours the callbacks missed is applied; a cursor advances only after a page is applied,
 * so a run killed at any point is taken up again without losing or doubling anything.
 */
export class PspReconciliation {
  constructor(private readonly d: PspReconciliationDeps) {}

  /** The sliding window: [cursor - overlap, now]. */
  async runWindow(deadline: Date): Promise<ReadOutcome> {
    const now = this.d.clock.now();
    const window = slidingWindow(await this.d.store.cursor(WINDOW_CURSOR), now, this.d.overlapMs);
    return this.read(WINDOW_CURSOR, window, deadline);
  }

  /**
   * The sweep of a civil day (America/Sao_Paulo), from where an earlier sweep of it stopped
   * (up to now while the day lasts), or from the day's start again (`fromStart`: an operator's
   * check reads the PSP afresh; reading twice applies nothing twice).
   */
  async sweepDay(date: string, deadline: Date, o: { fromStart?: boolean } = {}): Promise<ReadOutcome> {
    const name = dayCursor(date);
    if (o.fromStart) await this.d.store.forget(name);
    const window = remainingOfDay(date, await this.d.store.cursor(name), this.d.clock.now());
    if (!window) return { done: true, pages: 0, pix: 0, applied: 0 };
    return this.read(name, window, deadline);
  }

  /** The day's report from what the sweeps recorded and what the ledger credited. */
  async report(date: string): Promise<ReconciliationReport> {
    const day = civilDay(date);
    const rows = await this.d.store.dayRows(day.start, day.end);
    return reconciliationReport(date, rows.received, rows.credits);
  }

  /**
   * Cobs and cobvs at the PSP whose txid is no charge of ours (a create that failed and was
   * never retried), created more than the grace ago, are removed. Answers the txids removed.
   * The cursor moves once both lists were read to their end.
   */
  async removeOrphanCobs(deadline: Date): Promise<string[]> {
    const upTo = new Date(this.d.clock.now().getTime() - this.d.orphanGraceMs);
    const cursor = await this.d.store.cursor(ORPHAN_CURSOR);
    const from = cursor ?? new Date(upTo.getTime() - FIRST_ORPHAN_SCAN_MS);
    if (from.getTime() >= upTo.getTime()) return [];
    const removed: string[] = [];
    for (const kind of PSP_CHARGE_KINDS) {
      const done = await this.removeOrphansOf(kind, { from, to: upTo }, deadline, removed);
      if (!done) return removed;
    }
    await this.d.store.advance(ORPHAN_CURSOR, upTo);
    return removed;
  }

  /** One kind's list, page by page; false when the deadline came first. */
  private async removeOrphansOf(kind: PspChargeKind, window: TimeWindow, deadline: Date, removed: string[]): Promise<boolean> {
    for (let index = 0; ; index++) {
      const page = await this.d.cobs.cobPage(kind, window, index);
      const active = page.cobs.filter((c) => c.status === 'ATIVA' && c.createdAt.getTime() <= window.to.getTime());
      const ours = await this.d.store.knownTxids(active.map((c) => c.txid));
      for (const cob of active) {
        if (ours.has(cob.txid)) continue;
        await this.d.cobs.remove(kind, cob.txid);
        removed.push(cob.txid);
      }
      if (page.last) return true;
      if (this.d.clock.now() >= deadline) return false;
    }
  }

  private async read(name: string, window: TimeWindow, deadline: Date): Promise<ReadOutcome> {
    const outcome: ReadOutcome = { done: false, pages: 0, pix: 0, applied: 0 };
    for (let index = 0; ; index++) {
      const page = await this.d.list.pixPage(window, index);
      const { applied } = await this.d.applyPage(page.pix);
      outcome.pages += 1;
      outcome.pix += page.pix.length;
      outcome.applied += applied;
      if (page.last) {
        await this.d.store.advance(name, window.to);
        return { ...outcome, done: true };
      }
      // Oldest first: everything up to this page's last Pix has been applied.
      const lastAt = page.pix.at(-1)?.at;
      if (lastAt) await this.d.store.advance(name, lastAt);
      if (this.d.clock.now() >= deadline) return outcome;
    }
  }
}
