import type { AppealDispute } from '../domain/disputes/appeal-dispute.command';
import type { DecideDispute } from '../domain/disputes/decide-dispute.command';
import type { ApiKeyCommands } from '../domain/accounts/api-key.commands';
import type { IdentityCommands } from '../domain/accounts/identity.commands';
import type { SellerOnboardingCommands } from '../domain/accounts/seller-onboarding.commands';
import type { TwoFactorCommands } from '../domain/accounts/two-factor.commands';
import type { LedgerCorrectionCommands } from '../domain/ledger/ledger-correction.commands';
import type { ExecuteErasure } from '../domain/privacy/execute-erasure.command';
import type { RejectErasure } from '../domain/privacy/reject-erasure.command';
import type { RequestDataExport } from '../domain/privacy/request-data-export.command';
import type { RequestErasure } from '../domain/privacy/request-erasure.command';
import type { SetSellerRateLimit } from '../domain/rate-limits/set-seller-rate-limit.command';
import type { SandboxCommands } from '../domain/sandbox/sandbox.commands';
import type { ApplyInstitutionReport } from '../domain/transactions/apply-institution-report.command';
import type { ReceivePspCallback } from '../domain/transactions/receive-psp-callback.command';
import type { CreateCharge } from '../domain/transactions/create-charge.command';
import type { Refund } from '../domain/transactions/refund.command';
import type { WebhookManagementCommands } from '../domain/webhooks/webhook-management.commands';
import type { WebhookReplayCommands } from '../domain/webhooks/webhook-replay.commands';
import type { EnableWebhookCommand } from '../domain/webhooks/endpoint-health.commands';
import type { CreateWithdrawal } from '../domain/withdrawals/create-withdrawal.command';
import type { RecurrenceCommands } from '../domain/recurrences/recurrence.commands';
import type { ReceiveRecurrenceCallback } from '../domain/recurrences/receive-recurrence-callback.command';
import type { RecurrenceCycleCommands } from '../domain/recurrences/recurrence-cycle.commands';
import type { MarketplaceLinkCommands } from '../domain/splits/marketplace-link.commands';

/** Sign-up and sessions, sellers, the operators' tools, the data export, the institution's reports and the sandbox simulations. */
export interface OperatorAndSandboxCommands extends IdentityCommands, SellerOnboardingCommands, LedgerCorrectionCommands, SandboxCommands {
  decideDispute: DecideDispute;
  setSellerRateLimit: SetSellerRateLimit;
  requestDataExport: RequestDataExport;
  applyInstitutionReport: ApplyInstitutionReport;
  /** A PSP's payment callback (INSTITUTION=apipix): read back, then applied as reports. */
  receivePspCallback: ReceivePspCallback;
}

/** The writes both doors call: each parses its raw input, runs the one idempotency mechanism (the creates) and answers a domain view. */
export interface Commands extends OperatorAndSandboxCommands, RecurrenceCommands, RecurrenceCycleCommands, MarketplaceLinkCommands {
  createCharge: CreateCharge;
  refund: Refund;
  /** A PSP's PIX Automático callback (`webhookrec`, `webhookcobr`): read back, then applied. */
  receiveRecurrenceCallback: ReceiveRecurrenceCallback;
  createWithdrawal: CreateWithdrawal;
  // The dispute appeal and the data-subject erasure requests.
  appealDispute: AppealDispute;
  requestErasure: RequestErasure;
  executeErasure: ExecuteErasure;
  rejectErasure: RejectErasure;
  // Webhooks, API keys and 2FA: writes without an idempotency key, never replayed.
  registerWebhook: WebhookManagementCommands['registerWebhook'];
  updateWebhook: WebhookManagementCommands['updateWebhook'];
  deleteWebhook: WebhookManagementCommands['deleteWebhook'];
  rotateWebhookSecret: WebhookManagementCommands['rotateWebhookSecret'];
  sendWebhookTestEvent: WebhookManagementCommands['sendWebhookTestEvent'];
  rotatePostbackSecret: WebhookManagementCommands['rotatePostbackSecret'];
  resendTransactionEvents: WebhookReplayCommands['resendTransactionEvents'];
  resendWithdrawalEvents: WebhookReplayCommands['resendWithdrawalEvents'];
  replayFailedWebhookDeliveries: WebhookReplayCommands['replayFailedWebhookDeliveries'];
  enableWebhook: EnableWebhookCommand;
  createApiKey: ApiKeyCommands['createApiKey'];
  revokeApiKey: ApiKeyCommands['revokeApiKey'];
  enrolTwoFactor: TwoFactorCommands['enrolTwoFactor'];
  confirmTwoFactor: TwoFactorCommands['confirmTwoFactor'];
  disableTwoFactor: TwoFactorCommands['disableTwoFactor'];
}

