import { identityCommands } from '../../domain/accounts/identity.commands';
import type { IdentityService } from '../../domain/accounts/identity.service';
import { sellerOnboardingCommands } from '../../domain/accounts/seller-onboarding.commands';
import type { SellerOnboardingService } from '../../domain/accounts/seller-onboarding.service';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import { decideDisputeCommand } from '../../domain/disputes/decide-dispute.command';
import type { DisputeDecisions } from '../../domain/disputes/dispute-decisions';
import type { LedgerAdminService } from '../../domain/ledger/ledger-admin.service';
import { ledgerCorrectionCommands } from '../../domain/ledger/ledger-correction.commands';
import type { DataExportService } from '../../domain/privacy/data-export.service';
import { requestDataExportCommand } from '../../domain/privacy/request-data-export.command';
import type { AbuseLimits } from '../../domain/rate-limits/abuse-limits';
import type { RateLimitService } from '../../domain/rate-limits/rate-limit.service';
import { setSellerRateLimitCommand } from '../../domain/rate-limits/set-seller-rate-limit.command';
import type { SandboxActions } from '../../domain/sandbox/sandbox-actions';
import { sandboxCommands } from '../../domain/sandbox/sandbox.commands';
import { applyInstitutionReportCommand } from '../../domain/transactions/apply-institution-report.command';
import { receivePspCallbackCommand } from '../../domain/transactions/receive-psp-callback.command';
import type { PspCallbackConfirmations } from '../../domain/transactions/transactions.ports';
import type { OperatorAndSandboxCommands } from '../../application/commands';
import type { ApplyPspPix, PspPixOutcome } from '../../domain/transactions/apply-psp-pix';
import type { Logger } from '../../infra/log/logger';
import type { Clock } from '../../domain/shared/clock';
import type { PspPayouts } from '../../domain/withdrawals/psp-payouts.service';
import { efiWebhookPayoutIds } from '../../infra/payouts/efi/efi-payout-transformers';
import type { InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';

/** The use cases these commands call. */
export interface OperatorAndSandboxServices {
  identity: IdentityService;
  twoFactor: TwoFactorService;
  sellers: SellerOnboardingService;
  abuseLimits: AbuseLimits;
  disputeDecisions: DisputeDecisions;
  ledgerAdmin: LedgerAdminService;
  rateLimits: RateLimitService;
  dataExport: DataExportService;
  transactionReports: InstitutionChargeReportsService;
  /** The PSP's callbacks (INSTITUTION=apipix), or null. */
  apiPixCallbacks: PspCallbackConfirmations | null;
  /** Applies a Pix the PSP confirmed (callbacks and reconciliation alike). */
  applyPspPix: ApplyPspPix;
  logger: Pick<Logger, 'warn' | 'error'>;
  sandbox: SandboxActions;
  /** Payouts through a PSP (PAYOUT_PROVIDER), or null: its webhooks are hints read back by our identifier. */
  pspPayouts?: Pick<PspPayouts, 'hint'> | null;
  /** Which payouts a webhook of the payout PSP names (Efí's by default). */
  payoutWebhookIds?: (input: unknown) => string[];
}

export function operatorAndSandboxCommands(d: OperatorAndSandboxServices, clock: Clock): OperatorAndSandboxCommands {
  const applyReport = applyInstitutionReportCommand(d);
  return {
    ...identityCommands(d),
    ...sellerOnboardingCommands(d),
    ...ledgerCorrectionCommands(d),
    ...sandboxCommands(d),
    decideDispute: decideDisputeCommand(d),
    setSellerRateLimit: setSellerRateLimitCommand(d),
    requestDataExport: requestDataExportCommand(d),
    applyInstitutionReport: applyReport,
    receivePspCallback: receivePspCallbackCommand({
      confirmations: d.apiPixCallbacks,
      applyPix: d.applyPspPix,
      payouts: d.pspPayouts ? { named: (input) => (d.payoutWebhookIds ?? efiWebhookPayoutIds)(input), hint: (id) => d.pspPayouts!.hint(id) } : null,
      now: () => clock.now(),
      ignored: logIgnoredPix(d.logger),
    }),
  };
}

/** A Pix a callback named that was not a payment of ours: the operator's log says why (reconciliation reports it too). */
const logIgnoredPix = (logger: Pick<Logger, 'warn' | 'error'>) => (e2eid: string, outcome: PspPixOutcome | null) => {
  const v = outcome?.verdict;
  if (!v) logger.warn({ e2eid }, 'a callback named a Pix the PSP does not have; ignored');
  else if (v.kind === 'amount-differs') logger.error({ e2eid, transactionId: v.transactionId, paid: v.paid, amount: v.amount }, 'a Pix paid another amount than its charge; left for reconciliation');
  else logger.warn({ e2eid }, 'a Pix without a charge of ours; left for reconciliation');
};
