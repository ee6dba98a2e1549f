import type { BoletoPages } from '../domain/boleto/boleto-pages';
import type { ApiPixCallbacks } from '../infra/apipix/apipix-callbacks';
import type { SubscriptionSlots } from '../domain/rate-limits/subscription-slots';
import type { ApiKeysService } from '../domain/accounts/api-keys.service';
import type { IdentityService } from '../domain/accounts/identity.service';
import type { SellerOnboardingService } from '../domain/accounts/seller-onboarding.service';
import type { TwoFactorService } from '../domain/accounts/two-factor.service';
import type { DeploymentMode } from '../domain/accounts/accounts.types';
import type { CardFingerprinter } from '../domain/cards/cards.ports';
import type { LedgerAdminService } from '../domain/ledger/ledger-admin.service';
import type { LedgerService } from '../domain/ledger/ledger.service';
import type { WalletService } from '../domain/ledger/wallet.service';
import type { RefundsService } from '../domain/transactions/refunds.service';
import type { InstitutionChargeReportsService } from '../domain/transactions/institution-charge-reports.service';
import type { TransactionsService } from '../domain/transactions/transactions.service';
import type { QrImagesService } from '../domain/transactions/qr-images.service';
import type { InstitutionPayoutReportsService } from '../domain/withdrawals/institution-payout-reports.service';
import type { WithdrawalsService } from '../domain/withdrawals/withdrawals.service';
import type { DisputeDecisions } from '../domain/disputes/dispute-decisions';
import type { DisputeRepository } from '../domain/disputes/dispute.types';
import type { DisputeQueries } from '../domain/disputes/dispute-queries';
import type { SellerDebtStore } from '../domain/ledger/seller-debt.ports';
import type { ProtectiveReports } from '../domain/transactions/transactions.ports';
import type { SandboxInstitution } from '../infra/institution/sandbox-institution';
import type { JwsSigner } from '../infra/pix/jws-signer';
import type { Clock } from '../domain/shared/clock';
import type { LiveEventFeed, LiveEvents } from '../domain/shared/live-events';
import type { DependencyOutage } from '../infra/health/dependency-outage';
import type { Logger } from '../infra/log/logger';
import type { Lifecycle } from './lifecycle';
import type { Commands } from './wiring/commands';
import type { WebhookManagementService } from '../domain/webhooks/webhook-management.service';
import type { WebhookReplayService } from '../domain/webhooks/webhook-replay.service';
import type { WebhookRetention } from '../domain/webhooks/webhook-retention';
import type { WebhookTargetGuard } from '../domain/webhooks/webhooks.ports';
import type { WebhookRuntime } from './wiring/webhooks';
import type { AbuseLimits } from '../domain/rate-limits/abuse-limits';
import type { RateLimitService } from '../domain/rate-limits/rate-limit.service';
import type { LoadMonitor } from '../infra/overload/load-monitor';
import type { RateLimitRuntime } from './wiring/rate-limits';
import type { DataExportService } from '../domain/privacy/data-export.service';
import type { ErasureService } from '../domain/privacy/erasure.service';
import type { RetainedEventMasking } from '../domain/privacy/retained-event-masking';

export interface HealthProbe {
  database(): Promise<boolean>;
  cache(): Promise<boolean>;
  /** Present when a broker (AMQP_URL) is configured: is this process connected to it? */
  broker?: () => Promise<boolean>;
  /** Present with INSTITUTION=apipix: can a token be had from the PSP? */
  institution?: () => Promise<boolean>;
}

/** What the doors record and serve of the process's Prometheus metrics. */
export interface DoorMetrics {
  /** Starts timing an HTTP request; the returned function ends it with the request's labels. */
  httpTimer(): (labels: { method: string; route: string; status_class: string }) => void;
  /** The metrics in Prometheus text format. */
  render(): Promise<{ contentType: string; body: string }>;
  /** The gauge of live GraphQL subscriptions reads this count. */
  countLiveSubscriptionsWith(count: () => number): void;
}

/** Everything the doors need: the commands, the use cases and a few facts of the process (never the platform). */
export interface Services {
  mode: DeploymentMode;
  clock: Clock;
  live: LiveEvents & LiveEventFeed;
  logger: Logger;
  startedAt: Date;
  /** package.json's version, reported by /health. */
  version: string;
  /** Every write both doors call; the sandbox simulations and the institution's reports among them. */
  commands: Commands;
  /** This process's metrics, as far as the doors observe and expose them. */
  metrics: DoorMetrics;
  /** METRICS_TOKEN: GET /metrics exists only when it is set. */
  metricsToken: string | undefined;
  /** Where clients reach this service: PUBLIC_BASE_URL, or the address listened on once it is known. */
  publicBaseUrl(): string;
  health: HealthProbe;
  /** Draining (shutting down) or serving. */
  lifecycle: Lifecycle;
  /** Requests failing because PostgreSQL is unreachable: 503, logged once per outage. */
  databaseOutage: DependencyOutage;
  identity: IdentityService;
  sellers: SellerOnboardingService;
  twoFactor: TwoFactorService;
  apiKeys: ApiKeysService;
  /** Posts journal entries; other use cases call it inside their transaction. */
  ledger: LedgerService;
  wallet: WalletService;
  ledgerAdmin: LedgerAdminService;
  transactions: TransactionsService;
  /** QR images of charges by URL (rendered on first request, cached). */
  qrImages: QrImagesService;
  /** The QR image renderer (its worker threads are stopped at shutdown). */
  qrRenderer: { close(): Promise<void> };
  /** The inbound path of institution status reports (callbacks, sandbox, expiry). */
  transactionReports: InstitutionChargeReportsService;
  refunds: RefundsService;
  /** Keyed hash of card numbers (sandbox card payments; also replaces them in idempotency fingerprints). */
  cardFingerprinter: CardFingerprinter;
  /** The simulated institution behind the sandbox-only endpoints. */
  sandboxInstitution: SandboxInstitution;
  pixSigner: JwsSigner;
  /** The callbacks of a PSP speaking API Pix (INSTITUTION=apipix); null otherwise. */
  apiPixCallbacks: ApiPixCallbacks | null;
  /** Every secret the institution may sign its callbacks with: INSTITUTION_CALLBACK_SECRET and, while rotating, the accepted one. */
  institutionCallbackSecrets: string[];
  /** PIX payouts: create (debit + 2FA), get, list, export, submission. */
  withdrawals: WithdrawalsService;
  /** The inbound path of payout status reports (callbacks, sandbox). */
  withdrawalReports: InstitutionPayoutReportsService;
  /** Webhook registrations, secrets and test events. */
  webhooks: WebhookManagementService;
  /** Webhook delivery log, manual resend and replay. */
  webhookReplay: WebhookReplayService;
  /** SSRF check for URLs we will POST to (webhooks, a transaction's postbackUrl). */
  webhookTargets: WebhookTargetGuard;
  /** Relay, workers and connections of the webhook backend (shutdown, tests). */
  webhookRuntime: WebhookRuntime;
  /** Purge of finished deliveries and superseded events (the worker's maintenance pass runs it). */
  webhookRetention: WebhookRetention;
  /** Per-seller and per-address request budgets; operators' per-seller limits. */
  rateLimits: RateLimitService;
  /** Brute-force guards of log-in and TOTP codes. */
  abuseLimits: AbuseLimits;
  /** Overload signal (event-loop lag, database pool queue) for load shedding. */
  loadMonitor: LoadMonitor;
  /** The limiter's Redis connection and the load monitor's timer. */
  rateLimitRuntime: RateLimitRuntime;
  /** Open GraphQL subscription sockets per seller, across the instances sharing Redis. */
  subscriptionSlots: SubscriptionSlots;
  /** Seller debts left by returns the balance could not cover. */
  debts: SellerDebtStore;
  /** The money of DISPUTE / CHARGEDBACK / PENDING_REVIEW / BLOCKED reports and the institution's decisions. */
  protectiveReports: ProtectiveReports;
  /** The one path that decides a dispute (operator, institution, appeal window). */
  disputeDecisions: DisputeDecisions;
  disputeRepository: DisputeRepository;
  /** The seller's reads of its disputes. */
  disputeQueries: DisputeQueries;
  /** The printable boleto pages behind `boleto.url`. */
  boletoPages: BoletoPages;
  /** Data-subject access: the export, direct or queued and mailed. */
  dataExport: DataExportService;
  /** Data-subject erasure requests, their execution and the retention job. */
  erasure: ErasureService;
  /** Masks the personal data of events kept past the retention window (the worker's maintenance pass runs it). */
  retainedEventMasking: RetainedEventMasking;
}
