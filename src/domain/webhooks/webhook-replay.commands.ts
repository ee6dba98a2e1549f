import type { Seller } from '../accounts/accounts.types';
import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { parseReplayFailed, parseResendTransactionEvents, parseResendWithdrawalEvents } from './webhook-replay-input';
import type { ResendResult, WebhookReplayService } from './webhook-replay.service';

interface SellerInput {
  seller: Seller;
  /** The body as the client sent it (REST body; GraphQL arguments as one object). */
  input: unknown;
}

export type ResendEvents = (r: SellerInput) => Promise<CommandResult<{ results: ResendResult[] }>>;
export type ReplayFailedDeliveries = (r: SellerInput) => Promise<CommandResult<{ replayed: number }>>;

export interface WebhookReplayCommands {
  /** `{ transactionIds }`: the latest event of each transaction, again. */
  resendTransactionEvents: ResendEvents;
  /** `{ withdrawalIds }`: the latest event of each withdrawal, again. */
  resendWithdrawalEvents: ResendEvents;
  /** `{ from, to?, webhookId? }`: new deliveries for the failed ones of that range. */
  replayFailedWebhookDeliveries: ReplayFailedDeliveries;
}

/** Manual resend and replay of webhook deliveries. */
export function webhookReplayCommands(d: { webhookReplay: WebhookReplayService }): WebhookReplayCommands {
  const { webhookReplay } = d;
  return {
    resendTransactionEvents: async ({ seller, input }) =>
      answered({ results: await webhookReplay.resendLatest(seller.id, 'TRANSACTION', parseResendTransactionEvents(input)) }),
    resendWithdrawalEvents: async ({ seller, input }) =>
      answered({ results: await webhookReplay.resendLatest(seller.id, 'WITHDRAWAL', parseResendWithdrawalEvents(input)) }),
    replayFailedWebhookDeliveries: async ({ seller, input }) => answered(await webhookReplay.replayFailed(seller.id, parseReplayFailed(input))),
  };
}
