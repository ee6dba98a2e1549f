import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventName } from '../../domain/events/event-catalogue';

/** Seconds buckets for request and attempt latencies (5 ms to 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Withdrawal statuses that are worth a counter of their own; anything else is `other` (bounded labels). */
const WITHDRAWAL_OUTCOMES = new Set(['CREATED', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED', 'CANCELED', 'BLOCKED', 'REFUNDED']);
const IDEMPOTENT_OPERATIONS = new Set(['transactions.create', 'transactions.refund', 'withdrawals.create', 'disputes.appeal']);

export type IdempotencyOutcome = 'created' | 'replayed' | 'conflict' | 'in_flight';

/**
 * The process's Prometheus metrics (one registry per process; names follow Prometheus
 * conventions: `pixpay_` prefix, unit suffixes, `_total` counters, labels from small
 * fixed sets, never ids). Gauges read from PostgreSQL are computed at scrape time.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'pixpay_http_request_duration_seconds',
    help: 'HTTP request duration by route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly idempotency = new Counter({
    name: 'pixpay_idempotent_requests_total',
    help: 'Idempotent creates by operation and outcome (created, replayed, conflict, in_flight)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly chargesCreated = new Counter({ name: 'pixpay_charges_created_total', help: 'PIX charges created', registers: [this.registry] });
  private readonly chargesPaid = new Counter({ name: 'pixpay_charges_paid_total', help: 'PIX charges paid (committed TRANSACTION_PAID)', registers: [this.registry] });
  private readonly chargesExpired = new Counter({ name: 'pixpay_charges_expired_total', help: 'PIX charges expired unpaid', registers: [this.registry] });

  private readonly withdrawals = new Counter({
    name: 'pixpay_withdrawals_total',
    help: 'Withdrawal status changes committed, by the status entered',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly ledgerEntries = new Counter({
    name: 'pixpay_ledger_entries_posted_total',
    help: 'Journal entries committed, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly webhookAttempts = new Counter({
    name: 'pixpay_webhook_attempts_total',
    help: 'Webhook attempts by outcome (success, failure)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly webhookAttemptDuration = new Histogram({
    name: 'pixpay_webhook_attempt_duration_seconds',
    help: 'Duration of one webhook attempt (connect to last byte)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly webhookFinished = new Counter({
    name: 'pixpay_webhook_deliveries_finished_total',
    help: 'Webhook deliveries that reached a final status (delivered, expired, canceled)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  private readonly reconcileApplied = new Counter({
    name: 'pixpay_apipix_reconcile_applied_total',
    help: 'Pix of ours the PSP callbacks had missed, credited by the reconciliation',
    registers: [this.registry],
  });

  private readonly reconcileDifferences = new Counter({
    name: 'pixpay_apipix_reconcile_differences_total',
    help: 'Received Pix the reconciliation found not creditable, by kind (not_ours, amount_differs), counted when first seen',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly retentionPurged = new Counter({
    name: 'pixpay_retention_purged_rows_total',
    help: 'Rows the retention purge deleted, by table',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });

  private readonly retentionFailures = new Counter({
    name: 'pixpay_retention_purge_failures_total',
    help: 'Purge runs in which a table failed (retried at the next run), by table',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });

  private readonly payoutFloatShortCount = new Counter({
    name: 'pixpay_payouts_float_short_total',
    help: "Withdrawals held in APPROVED because the platform's balance at the payout PSP did not cover them (the operator alert)",
    registers: [this.registry],
  });

  /** Counts the open GraphQL subscriptions (set by the GraphQL door). */
  private liveSubscriptions: () => number = () => 0;

  /** Reads the reconciliation lag in seconds (set with INSTITUTION=apipix; null: no value). */
  private reconcileLag: () => Promise<number | null> = async () => null;

  constructor(o: { defaultMetrics?: boolean } = {}) {
    // Process metrics: CPU, memory, GC, and the event-loop lag (nodejs_eventloop_lag_seconds).
    if (o.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    const self = this;
    new Gauge({
      name: 'pixpay_live_subscriptions',
      help: 'GraphQL subscriptions open on this instance',
      registers: [this.registry],
      collect() {
        this.set(self.liveSubscriptions());
      },
    });
    new Gauge({
      name: 'pixpay_apipix_reconcile_lag_seconds',
      help: "How far behind now the reconciliation has read the PSP's received Pix (now minus its cursor); absent without a PSP",
      registers: [this.registry],
      async collect() {
        this.reset();
        const lag = await self.reconcileLag().catch(() => null);
        if (lag !== null) this.set(lag);
      },
    });
  }

  idempotentRequest(operation: string, outcome: IdempotencyOutcome): void {
    const op = IDEMPOTENT_OPERATIONS.has(operation) ? operation : 'other';
    this.idempotency.inc({ operation: op, outcome });
    if (op === 'transactions.create' && outcome === 'created') this.chargesCreated.inc();
  }

  /** A business event committed (outbox). */
  eventCommitted(eventType: EventName): void {
    if (eventType === 'TRANSACTION_PAID') this.chargesPaid.inc();
    else if (eventType === 'TRANSACTION_EXPIRED') this.chargesExpired.inc();
    else if (eventType.startsWith('WITHDRAWAL_')) {
      const status = eventType.slice('WITHDRAWAL_'.length);
      this.withdrawals.inc({ outcome: WITHDRAWAL_OUTCOMES.has(status) ? status.toLowerCase() : 'other' });
    }
  }

  ledgerEntryPosted(kind: string): void {
    this.ledgerEntries.inc({ kind: /^[A-Z_]{1,40}$/.test(kind) ? kind.toLowerCase() : 'other' });
  }

  webhookAttempt(success: boolean, latencyMs: number): void {
    const outcome = success ? 'success' : 'failure';
    this.webhookAttempts.inc({ outcome });
    this.webhookAttemptDuration.observe({ outcome }, latencyMs / 1000);
  }

  /** One purge run's figures for a table (the table names are the purge's fixed list). */
  retentionRun(table: string, rows: number, failed: boolean): void {
    this.retentionPurged.inc({ table }, rows);
    if (failed) this.retentionFailures.inc({ table });
  }

  webhookDeliveryFinished(status: 'DELIVERED' | 'EXPIRED' | 'CANCELED'): void {
    this.webhookFinished.inc({ status: status.toLowerCase() });
  }

  readReconcileLagWith(read: () => Promise<number | null>): void {
    this.reconcileLag = read;
  }

  reconcileAppliedPix(count: number): void {
    this.reconcileApplied.inc(count);
  }

  reconcileDifference(kind: string, count: number): void {
    this.reconcileDifferences.inc({ kind: kind.toLowerCase() }, count);
  }

  payoutFloatShort(): void {
    this.payoutFloatShortCount.inc();
  }

  countLiveSubscriptionsWith(count: () => number): void {
    this.liveSubscriptions = count;
  }

  /** A gauge whose value is read when Prometheus scrapes (a failed read leaves it unset). */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<{ labels?: Record<string, string>; value: number }[]>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        try {
          const values = await read();
          this.reset();
          for (const v of values) (v.labels ? this.set(v.labels, v.value) : this.set(v.value));
        } catch {
          this.reset(); // dependency down: no stale value (the health checks say why)
        }
      },
    });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** `2xx`, `4xx`...: the bounded form of an HTTP status for labels. */
