import type { AppealDisputeService } from '../domain/disputes/appeal-dispute';
import type { SellerOnboardingService } from '../domain/accounts/seller-onboarding.service';
import type { TwoFactorService } from '../domain/accounts/two-factor.service';
import type { CardFingerprinter } from '../domain/cards/cards.ports';
import type { LedgerService } from '../domain/ledger/ledger.service';
import type { SellerDebtStore } from '../domain/ledger/seller-debt.ports';
import type { RefundsService } from '../domain/transactions/refunds.service';
import type { RefundOutcomesService } from '../domain/transactions/refund-outcomes.service';
import type { PspReconciliation } from '../domain/reconciliation/psp-reconciliation';
import type { InstitutionChargeReportsService } from '../domain/transactions/institution-charge-reports.service';
import type { ProtectiveReports } from '../domain/transactions/transactions.ports';
import type { InstitutionPayoutReportsService } from '../domain/withdrawals/institution-payout-reports.service';
import type { PspPayouts } from '../domain/withdrawals/psp-payouts.service';
import type { DisputeDecisions } from '../domain/disputes/dispute-decisions';
import type { DisputeRepository } from '../domain/disputes/dispute.types';
import type { RetentionPurge } from '../domain/retention/retention-purge';
import type { PgTableVacuum } from '../infra/db/pg-table-vacuum';
import type { WebhookTargetGuard } from '../domain/webhooks/webhooks.ports';
import type { AbuseLimits } from '../domain/rate-limits/abuse-limits';
import type { RetainedEventMasking } from '../domain/privacy/retained-event-masking';
import type { DependencyOutage } from '../infra/health/dependency-outage';
import type { SandboxInstitution } from '../infra/institution/sandbox-institution';
import type { Logger } from '../infra/log/logger';
import type { LoadMonitor } from '../infra/overload/load-monitor';
import type { JwsSigner } from '../infra/pix/jws-signer';
import type { Services } from '../application/services';
import type { Platform } from './wiring/platform';
import type { RateLimitRuntime } from './wiring/rate-limits';
import type { WebhookRuntime } from './wiring/webhooks';

/**
 * What the composition root builds: the doors' facade (`Services`) and what only the
 * process itself uses (the worker's jobs and maintenance, start-up, shutdown, the tests):
 * the shared platform, the runtime of the adapters, and the use cases the doors reach
 * only through commands.
 */
export interface AppServices extends Services {
  /** Shared plumbing: database, outbox, jobs, idempotency, metrics, public address. */
  platform: Platform;
  /** The appeal use case behind `commands.appealDispute`. */
  appealDispute: AppealDisputeService;
  // The adapters behind the facade's narrow views (same objects, full types).
  logger: Logger;
  databaseOutage: DependencyOutage;
  pixSigner: JwsSigner;
  loadMonitor: LoadMonitor;
  sellers: SellerOnboardingService;
  twoFactor: TwoFactorService;
  /** Posts journal entries; other use cases call it inside their transaction. */
  ledger: LedgerService;
  /** The QR image renderer (its worker threads are stopped at shutdown). */
  qrRenderer: { close(): Promise<void> };
  /** The inbound path of institution status reports (callbacks, sandbox, expiry). */
  transactionReports: InstitutionChargeReportsService;
  refunds: RefundsService;
  /** What the institution says of refunds (send job, polls, callbacks, reconciliation). */
  refundOutcomes: RefundOutcomesService;
  /** Reconciliation with the PSP (INSTITUTION=apipix; null otherwise): its jobs run it, the admin command sweeps a day. */
  pspReconciliation: PspReconciliation | null;
  /** Keyed hash of card numbers (sandbox card payments; also replaces them in idempotency fingerprints). */
  cardFingerprinter: CardFingerprinter;
  /** The simulated institution behind the sandbox-only endpoints. */
  sandboxInstitution: SandboxInstitution;
  /** The inbound path of payout status reports (callbacks, sandbox). */
  withdrawalReports: InstitutionPayoutReportsService;
  /** Payouts through a PSP (PAYOUT_PROVIDER other than simulated), or null. */
  pspPayouts: PspPayouts | null;
  /** SSRF check for URLs we will POST to (webhooks, a transaction's postbackUrl). */
  webhookTargets: WebhookTargetGuard;
  /** Relay, workers and connections of the webhook backend (shutdown, tests). */
  webhookRuntime: WebhookRuntime;
  /** The purge of finished rows past their retention window, table by table (the worker's maintenance pass runs it). */
  retentionPurge: RetentionPurge;
  /** VACUUM of the tables due after each purge run, where the database runs no autovacuum (RETENTION_VACUUM). */
  tableVacuum: PgTableVacuum;
  /** Brute-force guards of log-in and TOTP codes. */
  abuseLimits: AbuseLimits;
  /** The limiter's Redis connection and the load monitor's timer. */
  rateLimitRuntime: RateLimitRuntime;
  /** Seller debts left by returns the balance could not cover. */
  debts: SellerDebtStore;
  /** The money of DISPUTE / CHARGEDBACK / PENDING_REVIEW / BLOCKED reports and the institution's decisions. */
  protectiveReports: ProtectiveReports;
  /** The one path that decides a dispute (operator, institution, appeal window). */
  disputeDecisions: DisputeDecisions;
  disputeRepository: DisputeRepository;
  /** Masks the personal data of events kept past the retention window (the worker's maintenance pass runs it). */
  retainedEventMasking: RetainedEventMasking;
}
