import { createId } from '@paralleldrive/cuid2';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import { InstitutionPayoutReportsService } from '../../domain/withdrawals/institution-payout-reports.service';
import { PayoutFloat } from '../../domain/withdrawals/payout-float';
import { PayoutFloatQueries } from '../../domain/withdrawals/payout-float-queries';
import { PspPayouts } from '../../domain/withdrawals/psp-payouts.service';
import { withdrawalJobs } from '../../domain/withdrawals/withdrawal-jobs';
import { WithdrawalsService } from '../../domain/withdrawals/withdrawals.service';
import { ApiPixClient } from '../../infra/apipix/apipix-client';
import { SimulatorControl } from '../../infra/apipix/simulator-control';
import { PspSimulatorPayouts } from '../../domain/sandbox/psp-simulator-payouts';
import type { ApiPixTokens } from '../../infra/apipix/apipix-tokens';
import { sandboxPayoutJobs } from '../../infra/institution/sandbox-jobs';
import { SandboxPayouts } from '../../infra/institution/sandbox-payouts';
import { UnconfiguredInstitution } from '../../infra/institution/unconfigured-institution';
import { EfiPayouts } from '../../infra/payouts/efi/efi-payouts';
import { efiWebhookPayoutIds } from '../../infra/payouts/efi/efi-payout-transformers';
import { InterPayouts } from '../../infra/payouts/inter/inter-payouts';
import { InterSentPayouts } from '../../infra/payouts/inter/inter-sent-payouts';
import { interWebhookPayoutIds } from '../../infra/payouts/inter/inter-payout-transformers';
import { PgPayoutReferences } from '../../infra/withdrawals/pg-payout-references';
import { PAYOUT_PROFILES } from '../../infra/payouts/payout-profiles';
import { PgLedgerPayouts } from '../../infra/withdrawals/pg-ledger-payouts';
import { PgPayoutProgress } from '../../infra/withdrawals/pg-payout-progress';
import { PayoutReconciliation, type SentPayoutList } from '../../domain/reconciliation/payout-reconciliation.service';
import { PgWithdrawalRepository } from '../../infra/withdrawals/pg-withdrawal-repository';
import type { Dispatcher } from 'undici';
import type { Platform } from './platform';

/** The API Pix connection payouts reuse: its tokens (OAuth2) and its mTLS agent. */
export interface PayoutConnection {
  tokens: ApiPixTokens;
  dispatcher: Dispatcher;
}

/** Withdrawals (PIX payouts): use cases, the payout side of the institution and their durable jobs. */
export function wireWithdrawals(p: Platform, deps: { ledger: LedgerService; twoFactor: TwoFactorService; apiPix?: PayoutConnection | null }) {
  const { uow, clock, scheduler, outbox, live, jobs, logger, config } = p;
  const repo = new PgWithdrawalRepository(p.sql);
  const withdrawalReports = new InstitutionPayoutReportsService({ uow, repo, ledger: deps.ledger, outbox, live, clock });
  const progress = new PgPayoutProgress(p.sql);
  // A sandbox with a payout PSP and the simulator's control API: the sandbox's script and reports act at the PSP.
  const controlUrl = config.MODE === 'sandbox' ? config.APIPIX_SIMULATOR_CONTROL_URL : undefined;
  const psp = config.PAYOUT_PROVIDER !== 'simulated' && deps.apiPix ? wirePspPayouts(p, deps.apiPix, withdrawalReports, repo, progress, { scripted: controlUrl !== undefined }) : null;
  const pspPayouts = psp?.service ?? null;
  const pspSimulatorPayouts =
    psp && deps.apiPix && controlUrl
      ? new PspSimulatorPayouts({
          control: new SimulatorControl({ baseUrl: controlUrl, dispatcher: deps.apiPix.dispatcher, timeoutMs: config.APIPIX_TIMEOUT_MS }),
          payouts: psp.service,
          progress,
          withdrawals: repo,
          pspCodeOf: psp.pspCodeOf,
        })
      : null;
  const sandboxPayouts = new SandboxPayouts({ uow, scheduler, clock, logger, report: (r) => withdrawalReports.apply(r), psp: pspSimulatorPayouts ?? undefined });
  const payoutFloat = new PayoutFloatQueries({ provider: config.PAYOUT_PROVIDER, float: psp?.float ?? null, pending: () => progress.pendingSums() });
  // Without a payout PSP nothing is ever sent to one: no gauge, and no query at each scrape of /metrics.
  if (psp) registerPayoutGauges(p, payoutFloat, psp.float);
  const withdrawals = new WithdrawalsService({
    uow,
    repo,
    ledger: deps.ledger,
    outbox,
    live,
    scheduler,
    twoFactor: deps.twoFactor,
    // The sandbox's script (at the PSP when its simulator is there), else a payout PSP in either mode; production without one refuses payouts.
    institution: pspSimulatorPayouts ? sandboxPayouts : (pspPayouts ?? (config.MODE === 'sandbox' ? sandboxPayouts : new UnconfiguredInstitution())),
    clock,
    newId: createId,
  });

  jobs.registerAll(withdrawalJobs({ submit: (id) => withdrawals.submit(id), followPayout: pspPayouts ? (id) => pspPayouts.follow(id) : undefined }));
  jobs.registerAll(sandboxPayoutJobs(sandboxPayouts));

  // Which payouts a PSP's webhook names: Efí's on the paying key's webhook, Inter's on `pix-pagamento`.
  const payoutWebhookIds = config.PAYOUT_PROVIDER === 'inter' ? interWebhookPayoutIds : efiWebhookPayoutIds;
  return { withdrawals, withdrawalReports, pspPayouts, payoutFloat, pspSimulatorPayouts, payoutReconciliation: psp?.reconciliation ?? null, payoutWebhookIds };
}

/**
 * Inter's statement may list a Pix a little after its send: a payout not listed within this
 * time of its last send is no answer yet (docs/operate/going-live.md, Payouts, Banco Inter).
 */
export const INTER_LISTING_GRACE_MS = 60_000;

/**
 * The payout PSP behind the exactly-once core. Its balance (Efí `GET /v2/gn/saldo`, Inter
 * `GET /banking/v2/saldo`) makes the float check, and its listing (Efí's sent Pix, Inter's
 * statement) the payouts' reconciliation (docs/operate/going-live.md, Payouts).
 */
function wirePspPayouts(p: Platform, apiPix: PayoutConnection, reports: InstitutionPayoutReportsService, repo: PgWithdrawalRepository, progress: PgPayoutProgress, o: { scripted: boolean }) {
  const { config, clock, logger, metrics } = p;
  const profile = PAYOUT_PROFILES[config.PAYOUT_PROVIDER === 'inter' ? 'inter' : 'efi'];
  // The sandbox's script settles each payout a second after its send: a queue per paying key
  // would stretch its documented timings, so there it applies only when set explicitly.
  const keyConcurrency = config.PAYOUT_KEY_CONCURRENCY ?? (o.scripted ? undefined : profile.keyConcurrency);
  const client = payoutClient(config, apiPix);
  const references = new PgPayoutReferences(p.sql);
  const psp =
    config.PAYOUT_PROVIDER === 'inter'
      ? new InterPayouts({ client, references, now: () => clock.now(), listingGraceMs: INTER_LISTING_GRACE_MS })
      : new EfiPayouts({ client, payerKey: config.PAYOUT_PIX_KEY ?? config.APIPIX_PIX_KEY! });
  const float = new PayoutFloat({ psp, clock, readEveryMs: config.PAYOUT_FLOAT_READ_SECONDS * 1_000 });
  const service = new PspPayouts({
    uow: p.uow,
    repo,
    progress,
    psp,
    reports,
    scheduler: p.scheduler,
    clock,
    followEveryMs: config.PAYOUT_POLL_SECONDS * 1_000,
    waiting: (withdrawalId, reason) => logger.warn({ withdrawalId, reason }, 'a payout waits for an answer from the PSP'),
    float,
    floatShort: (withdrawalId, amount, balance) => {
      metrics.payoutFloatShort();
      logger.warn({ withdrawalId, amount, balance }, "a withdrawal waits in APPROVED: the platform's balance at the payout PSP does not cover it");
    },
    keyConcurrency,
    retryWaitingMs: config.PAYOUT_FLOAT_READ_SECONDS * 1_000,
    keyFreed: keyConcurrency === undefined ? undefined : () => progress.wakeWaiting(keyConcurrency, clock.now()),
  });
  // The PSP's own code of a payout: Efí knows it by our idEnvio, Inter by its codigoSolicitacao.
  const pspCodeOf = async (pspPayoutId: string) => (psp instanceof EfiPayouts ? pspPayoutId : references.reference(pspPayoutId));
  return { service, float, reconciliation: payoutReconciliation(p, psp instanceof EfiPayouts ? psp : new InterSentPayouts({ client })), pspCodeOf };
}

/** The payout PSP's endpoints on the collection adapter's connection (its tokens, its mTLS agent, its deadline). */
function payoutClient(config: Platform['config'], apiPix: PayoutConnection): ApiPixClient {
  return new ApiPixClient({
    baseUrl: config.PAYOUT_BASE_URL ?? new URL(config.APIPIX_BASE_URL!).origin,
    tokens: apiPix.tokens,
    dispatcher: apiPix.dispatcher,
    timeoutMs: config.APIPIX_TIMEOUT_MS,
  });
}

/** The payout PSP's list of a day's payouts (the standalone reconciliation): Efí lists its sent Pix; Inter's are read from its statement. */
export function pspSentPayouts(config: Platform['config'], apiPix: PayoutConnection): SentPayoutList {
  const client = payoutClient(config, apiPix);
  return config.PAYOUT_PROVIDER === 'inter' ? new InterSentPayouts({ client }) : new EfiPayouts({ client, payerKey: config.PAYOUT_PIX_KEY ?? config.APIPIX_PIX_KEY! });
}

/** The payouts part of the daily reconciliation: the PSP's list of the day against the ledger. */
export function payoutReconciliation(p: Platform, psp: SentPayoutList): PayoutReconciliation {
  return new PayoutReconciliation({
    psp,
    ledger: new PgLedgerPayouts(p.sql),
    unreadable: (count) => p.logger.warn({ unreadable: count }, 'the PSP listed payouts PixPay cannot read; they are left out of the reconciliation'),
  });
}

/** The payout float and what waits to be sent, on /metrics (read at scrape time; the float from its cache). */
function registerPayoutGauges(p: Platform, queries: PayoutFloatQueries, float: PayoutFloat): void {
  p.metrics.gauge('pixpay_payout_float_cents', "The platform's balance at the payout PSP, less what was sent since it was read (absent while unknown)", [], async () => {
    const available = float.snapshot().available;
    return available === null ? [] : [{ value: available }];
  });
  p.metrics.gauge('pixpay_payouts_pending_cents', 'Withdrawals not finished, in cents, by stage (to_send: PENDING or APPROVED; at_psp: PROCESSING)', ['stage'], async () => {
    const { toSend, atPsp } = await queries.pendingPayouts();
    return [
      { labels: { stage: 'to_send' }, value: toSend.amount },
      { labels: { stage: 'at_psp' }, value: atPsp.amount },
    ];
  });
}
