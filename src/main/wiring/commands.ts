import type { CardFingerprinter } from '../../domain/cards/cards.ports';
import type { AbuseLimits } from '../../domain/rate-limits/abuse-limits';
import { createChargeCommand } from '../../domain/transactions/create-charge.command';
import { refundCommand } from '../../domain/transactions/refund.command';
import type { RefundsService } from '../../domain/transactions/refunds.service';
import type { TransactionsService } from '../../domain/transactions/transactions.service';
import { createWithdrawalCommand } from '../../domain/withdrawals/create-withdrawal.command';
import type { WithdrawalsService } from '../../domain/withdrawals/withdrawals.service';
import type { Platform } from './platform';
import type { AppealDisputeService } from '../../domain/disputes/appeal-dispute';
import { appealDisputeCommand } from '../../domain/disputes/appeal-dispute.command';
import type { ErasureService } from '../../domain/privacy/erasure.service';
import { executeErasureCommand } from '../../domain/privacy/execute-erasure.command';
import { rejectErasureCommand } from '../../domain/privacy/reject-erasure.command';
import { requestErasureCommand } from '../../domain/privacy/request-erasure.command';
import type { StepUpDeps } from '../../domain/accounts/api-key-step-up';

import { apiKeyCommands } from '../../domain/accounts/api-key.commands';
import type { ApiKeysService } from '../../domain/accounts/api-keys.service';
import { twoFactorCommands } from '../../domain/accounts/two-factor.commands';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import { webhookManagementCommands } from '../../domain/webhooks/webhook-management.commands';
import type { WebhookManagementService } from '../../domain/webhooks/webhook-management.service';
import { webhookReplayCommands } from '../../domain/webhooks/webhook-replay.commands';
import type { WebhookReplayService } from '../../domain/webhooks/webhook-replay.service';
import { endpointHealthCommands } from '../../domain/webhooks/endpoint-health.commands';
import type { EndpointHealthService } from '../../domain/webhooks/endpoint-health.service';
import { operatorAndSandboxCommands, type OperatorAndSandboxServices } from './operator-commands';
import type { Commands } from '../../application/commands';
import { recurrenceCommands } from '../../domain/recurrences/recurrence.commands';
import type { RecurrencesService } from '../../domain/recurrences/recurrences.service';
import { recurrenceCycleCommands } from '../../domain/recurrences/recurrence-cycle.commands';
import type { RecurrenceCyclesService } from '../../domain/recurrences/recurrence-cycles.service';
import { receiveRecurrenceCallbackCommand, type RecurrenceCallbackConfirmations } from '../../domain/recurrences/receive-recurrence-callback.command';
import { marketplaceLinkCommands } from '../../domain/splits/marketplace-link.commands';
import type { MarketplaceLinksService } from '../../domain/splits/marketplace-links.service';
import type { SplitCharges } from '../../domain/splits/split-charges';

/** The services the webhook, API key and 2FA commands call. */
interface AccountAndWebhookServices {
  webhooks: WebhookManagementService;
  webhookReplay: WebhookReplayService;
  webhookHealth: EndpointHealthService;
  apiKeys: ApiKeysService;
  twoFactor: TwoFactorService;
}

export function wireCommands(
  p: Platform,
  d: { transactions: TransactionsService; refunds: RefundsService; cardFingerprinter: CardFingerprinter; withdrawals: WithdrawalsService; abuseLimits: AbuseLimits; recurrences: RecurrencesService; recurrenceCycles: RecurrenceCyclesService; recurrenceCallbacks: RecurrenceCallbackConfirmations | null; marketplaceLinks: MarketplaceLinksService; splitCharges: SplitCharges } & AppealAndErasureServices &
    AccountAndWebhookServices &
    OperatorAndSandboxServices,
): Commands {
  const sandbox = p.config.MODE === 'sandbox';
  const { uow, idempotency } = p;
  return {
    createCharge: createChargeCommand({ uow, idempotency, transactions: d.transactions, cardFingerprinter: d.cardFingerprinter, sandbox, splits: d.splitCharges }),
    refund: refundCommand({ uow, idempotency, refunds: d.refunds }),
    createWithdrawal: createWithdrawalCommand({ uow, idempotency, withdrawals: d.withdrawals, abuseLimits: d.abuseLimits, sandbox }),
    ...recurrenceCommands({ uow, idempotency, recurrences: d.recurrences, sandbox }),
    ...recurrenceCycleCommands({ cycles: d.recurrenceCycles, view: (r) => d.recurrences.view(r) }),
    receiveRecurrenceCallback: receiveRecurrenceCallbackCommand({
      confirmations: d.recurrenceCallbacks,
      applyRecurrence: (observed) => d.recurrences.applyInstitution(observed),
      applyCycleCharge: (observed) => d.recurrenceCycles.applyInstitution(observed),
    }),
    ...appealAndErasureCommands(p, d),
    ...webhookManagementCommands(d),
    ...webhookReplayCommands(d),
    ...endpointHealthCommands(d),
    ...apiKeyCommands(d),
    ...twoFactorCommands(d),
    ...operatorAndSandboxCommands(d, p.clock),
    ...marketplaceLinkCommands(d.marketplaceLinks),
  };
}

interface AppealAndErasureServices {
  appealDispute: AppealDisputeService;
  erasure: ErasureService;
}

function appealAndErasureCommands(p: Platform, d: AppealAndErasureServices & StepUpDeps) {
  return {
    appealDispute: appealDisputeCommand({ uow: p.uow, idempotency: p.idempotency, appeals: d.appealDispute }),
    requestErasure: requestErasureCommand(d),
    executeErasure: executeErasureCommand(d),
    rejectErasure: rejectErasureCommand(d),
  };
}
