import type { BoletoPages } from '../domain/boleto/boleto-pages';
import type { SubscriptionSlots } from '../domain/rate-limits/subscription-slots';
import type { ApiKeysService } from '../domain/accounts/api-keys.service';
import type { IdentityService } from '../domain/accounts/identity.service';
import type { DeploymentMode } from '../domain/accounts/accounts.types';
import type { LedgerAdminService } from '../domain/ledger/ledger-admin.service';
import type { WalletService } from '../domain/ledger/wallet.service';
import type { TransactionsService } from '../domain/transactions/transactions.service';
import type { QrImagesService } from '../domain/transactions/qr-images.service';
import type { ReconciliationReports } from '../domain/reconciliation/reconciliation-reports';
import type { PayoutFloatQueries } from '../domain/withdrawals/payout-float-queries';
import type { WithdrawalsService } from '../domain/withdrawals/withdrawals.service';
import type { DisputeQueries } from '../domain/disputes/dispute-queries';
import type { RecurrenceQueries } from '../domain/recurrences/recurrence-queries';
import type { Clock } from '../domain/shared/clock';
import type { LiveEventFeed, LiveEvents } from '../domain/shared/live-events';
import type { Lifecycle } from './lifecycle';
import type { Commands } from './commands';
import type { WebhookManagementService } from '../domain/webhooks/webhook-management.service';
import type { WebhookReplayService } from '../domain/webhooks/webhook-replay.service';
import type { EndpointHealthService } from '../domain/webhooks/endpoint-health.service';
import type { WebhookStatsQuery } from '../domain/webhooks/webhook-stats';
import type { UnauthenticatedBudget } from '../domain/rate-limits/unauthenticated-budget';
import type { RateLimitService } from '../domain/rate-limits/rate-limit.service';
import type { DataExportService } from '../domain/privacy/data-export.service';
import type { ErasureService } from '../domain/privacy/erasure.service';
import type { MarketplaceLinksService } from '../domain/splits/marketplace-links.service';
import type { SplitChargeQueries } from '../domain/splits/split-charge-queries';
import type { SplitShareQueries } from '../domain/splits/split-share-queries';
import type { Logger } from 'pino';
import type { LocationSigner, OutageAbsorber, OverloadSignal } from './door-ports';

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
  /** pino: the doors log their requests and unexpected errors with it. */
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
  databaseOutage: OutageAbsorber;
  identity: IdentityService;
  apiKeys: ApiKeysService;
  wallet: WalletService;
  ledgerAdmin: LedgerAdminService;
  transactions: TransactionsService;
  /** QR images of charges by URL (rendered on first request, cached). */
  qrImages: QrImagesService;
  pixSigner: LocationSigner;
  /** Every secret the institution may sign its callbacks with: INSTITUTION_CALLBACK_SECRET and, while rotating, the accepted one. */
  institutionCallbackSecrets: string[];
  /** Operators' daily reconciliation of the PSP's received Pix against the ledger. */
  reconciliationReports: ReconciliationReports;
  /** Operators' view of the platform's balance at the payout PSP and the payouts it must cover. */
  payoutFloat: PayoutFloatQueries;
  /** PIX payouts: create (debit + 2FA), get, list, export, submission. */
  withdrawals: WithdrawalsService;
  /** Webhook registrations, secrets and test events. */
  webhooks: WebhookManagementService;
  /** Webhook delivery log, manual resend and replay. */
  webhookReplay: WebhookReplayService;
  /** Webhook registrations' health: states, their history, re-enabling. */
  webhookHealth: EndpointHealthService;
  /** Per-webhook attempts, success rate, latency and last error over 24 h and 7 days. */
  webhookStats: WebhookStatsQuery;
  /** Per-seller and per-address request budgets; operators' per-seller limits. */
  rateLimits: RateLimitService;
  /** Per-address budget of requests without a credential or with a bad one, counted before parsing. */
  unauthenticatedBudget: UnauthenticatedBudget;
  /** Overload signal (event-loop lag, database pool queue) for load shedding. */
  loadMonitor: OverloadSignal;
  /** Open GraphQL subscription sockets per seller, across the instances sharing Redis. */
  subscriptionSlots: SubscriptionSlots;
  /** The seller's reads of its disputes. */
  disputeQueries: DisputeQueries;
  /** The seller's reads of its PIX Automático recurrences. */
  recurrenceQueries: RecurrenceQueries;
  /** The printable boleto pages behind `boleto.url`. */
  boletoPages: BoletoPages;
  /** Data-subject access: the export, direct or queued and mailed. */
  dataExport: DataExportService;
  /** Data-subject erasure requests, their execution and the retention job. */
  erasure: ErasureService;
  /** Marketplaces: the links between a marketplace and its recipients (writes go through commands). */
  marketplaceLinks: MarketplaceLinksService;
  /** A recipient's reads of its parts of split charges. */
  splitShares: SplitShareQueries;
  /** A marketplace's read of the split of its charges (on a charge's GET). */
  splitChargeQueries: SplitChargeQueries;
}
