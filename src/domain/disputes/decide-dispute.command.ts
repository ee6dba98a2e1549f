import type { User } from '../accounts/accounts.types';
import { answered, type CommandResult, type View } from '../idempotency/idempotent-command';
import type { DisputeDecisions } from './dispute-decisions';
import { disputeView } from './dispute-view';

/** `disputeId` and `outcome` as the operator sent them (the use case checks them: WON or LOST). */
export type DecideDispute = (r: { operator: User; disputeId: unknown; outcome: unknown }) => Promise<CommandResult<View>>;

/** An operator decides an OPEN or UNDER_REVIEW dispute: the same path as the institution's decision. */
export function decideDisputeCommand(d: { disputeDecisions: Pick<DisputeDecisions, 'decideByOperator'> }): DecideDispute {
  return async ({ operator, disputeId, outcome }) => answered(disputeView(await d.disputeDecisions.decideByOperator({ disputeId, outcome, operatorId: operator.id })));
}
