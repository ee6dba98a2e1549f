import type { Labels } from './label';

/** The dispute steps a timeline shows, named as the events the API emits for them. */
export const DISPUTE_EVENT_LABELS = {
  DISPUTE_CREATED: ['Disputa aberta', 'Dispute opened'],
  DISPUTE_UNDER_REVIEW: ['Recurso enviado', 'Appeal sent'],
  DISPUTE_RESOLVED: ['Decidida a favor do vendedor', 'Decided for the seller'],
  DISPUTE_REJECTED: ['Decidida a favor do comprador', 'Decided for the buyer'],
  MED_DISPUTE_CREATED: ['Devolução MED aberta', 'MED return opened'],
  MED_DISPUTE_REFUND_COMPLETED: ['Devolução MED concluída', 'MED return completed'],
} as const satisfies Labels;
