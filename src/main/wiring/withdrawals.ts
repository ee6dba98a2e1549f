import { createId } from '@paralleldrive/cuid2';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import { InstitutionPayoutReportsService } from '../../domain/withdrawals/institution-payout-reports.service';
import { PspPayouts } from '../../domain/withdrawals/psp-payouts.service';
import { withdrawalJobs } from '../../domain/withdrawals/withdrawal-jobs';
import { WithdrawalsService } from '../../domain/withdrawals/withdrawals.service';
import { ApiPixClient } from '../../infra/apipix/apipix-client';
import type { ApiPixTokens } from '../../infra/apipix/apipix-tokens';
import { sandboxPayoutJobs } from '../../infra/institution/sandbox-jobs';
import { SandboxPayouts } from '../../infra/institution/sandbox-payouts';
import { UnconfiguredInstitution } from '../../infra/institution/unconfigured-institution';
import { EfiPayouts } from '../../infra/payouts/efi/efi-payouts';
import { efiWebhookPayoutIds } from '../../infra/payouts/efi/efi-payout-transformers';
import { InterPayouts } from '../../infra/payouts/inter/inter-payouts';
import { interWebhookPayoutIds } from '../../infra/payouts/inter/inter-payout-transformers';
import { PgPayoutReferences } from '../../infra/withdrawals/pg-payout-references';
import { PgPayoutProgress } from '../../infra/withdrawals/pg-payout-progress';
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
  const sandboxPayouts = new SandboxPayouts({ uow, scheduler, clock, logger, report: (r) => withdrawalReports.apply(r) });
  const pspPayouts = config.PAYOUT_PROVIDER !== 'simulated' && deps.apiPix ? wirePspPayouts(p, deps.apiPix, withdrawalReports, repo) : null;
  const withdrawals = new WithdrawalsService({
    uow,
    repo,
    ledger: deps.ledger,
    outbox,
    live,
    scheduler,
    twoFactor: deps.twoFactor,
    // A payout PSP in either mode; else the sandbox simulates payouts and production refuses them.
    institution: pspPayouts ?? (config.MODE === 'sandbox' ? sandboxPayouts : new UnconfiguredInstitution()),
    clock,
    newId: createId,
  });

  jobs.registerAll(withdrawalJobs({ submit: (id) => withdrawals.submit(id), followPayout: pspPayouts ? (id) => pspPayouts.follow(id) : undefined }));
  jobs.registerAll(sandboxPayoutJobs(sandboxPayouts));

  // Which payouts a PSP's webhook names: Efí's on the paying key's webhook, Inter's on `pix-pagamento`.
  const payoutWebhookIds = config.PAYOUT_PROVIDER === 'inter' ? interWebhookPayoutIds : efiWebhookPayoutIds;
  return { withdrawals, withdrawalReports, pspPayouts, payoutWebhookIds };
}

/**
 * Inter's statement may list a Pix a little after its send: a payout not listed within this
 * time of its last send is no answer yet (docs/operate/going-live.md, Payouts, Banco Inter).
 */
export const INTER_LISTING_GRACE_MS = 60_000;

function wirePspPayouts(p: Platform, apiPix: PayoutConnection, reports: InstitutionPayoutReportsService, repo: PgWithdrawalRepository) {
  const { config } = p;
  const client = new ApiPixClient({
    baseUrl: config.PAYOUT_BASE_URL ?? new URL(config.APIPIX_BASE_URL!).origin,
    tokens: apiPix.tokens,
    dispatcher: apiPix.dispatcher,
    timeoutMs: config.APIPIX_TIMEOUT_MS,
  });
  const payerKey = config.PAYOUT_PIX_KEY ?? config.APIPIX_PIX_KEY!;
  const psp =
    config.PAYOUT_PROVIDER === 'inter'
      ? new InterPayouts({ client, references: new PgPayoutReferences(p.sql), now: () => p.clock.now(), listingGraceMs: INTER_LISTING_GRACE_MS })
      : new EfiPayouts({ client, payerKey });
  return new PspPayouts({
    uow: p.uow,
    repo,
    progress: new PgPayoutProgress(p.sql),
    psp,
    reports,
    scheduler: p.scheduler,
    clock: p.clock,
    followEveryMs: config.PAYOUT_POLL_SECONDS * 1_000,
    waiting: (withdrawalId, reason) => p.logger.warn({ withdrawalId, reason }, 'a payout waits for an answer from the PSP'),
  });
}
