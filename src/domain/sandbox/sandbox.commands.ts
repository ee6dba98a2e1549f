import type { Seller } from '../accounts/accounts.types';
import { disputeView } from '../disputes/dispute-view';
import { answered, type CommandResult, type View } from '../idempotency/idempotent-command';
import { asObject, parseWith } from '../shared/zod-input';
import { transactionView } from '../transactions/transaction-view';
import { withdrawalDetailView } from '../withdrawals/withdrawal-view';
import type { SandboxActions } from './sandbox-actions';
import { SandboxDisputeDecision, SandboxPayRequest, SandboxWithdrawalReport } from './sandbox-report-request';

type Answer<V extends View = View> = Promise<CommandResult<V>>;
/** The charge's view, and whether the simulated report changed it. */
export type ReportedCharge = { applied: boolean; transaction: View };

export interface SandboxCommands {
  /** The simulated payer pays the charge now (`input`: `{ paymentDate }` as sent, for a charge with a due date): the charge's view. */
  sandboxPayCharge(r: { seller: Seller; transactionId: string; input?: unknown }): Answer;
  /** The simulated institution reports any status for a charge (`input`: `{ status, refusedReason }` as sent). */
  sandboxReportCharge(r: { seller: Seller; transactionId: string; input: unknown }): Answer<ReportedCharge>;
  /** The same for a withdrawal (`input`: `{ status, reason }` as sent). */
  sandboxReportWithdrawal(r: { seller: Seller; withdrawalId: string; input: unknown }): Answer;
  /** A contestation (DISPUTE) or a MED return (CHARGEDBACK) of a paid charge, and the dispute it opened. */
  sandboxOpenDispute(r: { seller: Seller; transactionId: string; kind: 'DISPUTE' | 'CHARGEDBACK' }): Answer;
  /** The simulated institution decides a dispute (`input`: `{ outcome }` as sent). */
  sandboxDecideDispute(r: { seller: Seller; disputeId: string; input: unknown }): Answer;
}

/** The sandbox simulations, each through the one institution report path (the sandbox use cases). */
export function sandboxCommands(d: { sandbox: SandboxActions }): SandboxCommands {
  const { sandbox } = d;
  return {
    sandboxPayCharge: async ({ seller, transactionId, input }) => {
      const { paymentDate } = parseWith(SandboxPayRequest, input ?? {});
      return answered(transactionView(await sandbox.payCharge(seller.id, transactionId, paymentDate ?? undefined)));
    },
    sandboxReportCharge: async ({ seller, transactionId, input }) => {
      const outcome = await sandbox.reportCharge(seller.id, transactionId, reportFields(input));
      return answered({ applied: outcome.applied, transaction: transactionView(outcome.transaction) });
    },
    sandboxReportWithdrawal: async ({ seller, withdrawalId, input }) => {
      const outcome = await sandbox.reportWithdrawal(seller.id, withdrawalId, parseWith(SandboxWithdrawalReport, input));
      return answered({ applied: outcome.applied, transitions: outcome.transitions, withdrawal: withdrawalDetailView(outcome.withdrawal) });
    },
    sandboxOpenDispute: async ({ seller, transactionId, kind }) => {
      const { applied, dispute } = await sandbox.openDispute(seller.id, transactionId, kind);
      return answered({ applied, dispute: dispute ? disputeView(dispute) : null });
    },
    sandboxDecideDispute: async ({ seller, disputeId, input }) => {
      const { outcome } = parseWith(SandboxDisputeDecision, input);
      const { applied, dispute } = await sandbox.decideDispute(seller.id, disputeId, outcome);
      return answered({ applied, dispute: disputeView(dispute) });
    },
  };
}

/** The report's fields of a body that may be anything (checked once the charge is found). */
function reportFields(input: unknown): { status: unknown; refusedReason?: unknown } {
  const body = asObject(input) as Record<string, unknown>;
  return { status: body.status, refusedReason: body.refusedReason };
}
