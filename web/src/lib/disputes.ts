import { graphql } from './graphql';

export const DisputeFields = graphql(`
  fragment DisputeFields on Dispute {
    id transactionId status origin amount blockedAmount owedAmount appealReason appealDeadline appealedAt decidedAt createdAt updatedAt
  }
`);

export const DisputeUpdated = graphql(
  `subscription DisputeUpdated($id: ID) { disputeUpdated(id: $id) { ...DisputeFields } }`,
  [DisputeFields],
);

export const DISPUTE_STATUSES = ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST'] as const;
export const DISPUTE_ORIGINS = ['CONTESTATION', 'MED'] as const;

/**
 * What a dispute's own dates say happened, oldest first, named as the events the
 * service emits on entering each status (docs/integrate/disputes.md).
 */
export function disputeSteps(d: { createdAt: string; appealedAt: string | null; decidedAt: string | null; status: string }): { at: string; what: string; status: string }[] {
  return [
    { at: d.createdAt, what: 'DISPUTE_CREATED', status: 'OPEN' },
    ...(d.appealedAt ? [{ at: d.appealedAt, what: 'DISPUTE_UNDER_REVIEW', status: 'UNDER_REVIEW' }] : []),
    ...(d.decidedAt ? [{ at: d.decidedAt, what: d.status === 'WON' ? 'DISPUTE_RESOLVED' : 'DISPUTE_REJECTED', status: d.status }] : []),
  ];
}
