import type { EventName } from '../../../../src/domain/events/event-catalogue';
import type { Label } from './label';

/**
 * Every event the API emits (the server's event catalogue, so a new event without
 * words here does not compile), as the delivery log and the timelines name them.
 */
export const EVENT_LABELS = {
  TRANSACTION_CREATED: ['Cobrança criada', 'Charge created'],
  TRANSACTION_PENDING: ['Cobrança pendente', 'Charge pending'],
  TRANSACTION_WAITING_PAYMENT: ['Aguardando pagamento', 'Waiting for payment'],
  TRANSACTION_PROCESSING: ['Cobrança em processamento', 'Charge processing'],
  TRANSACTION_AUTHORIZED: ['Cobrança autorizada', 'Charge authorized'],
  TRANSACTION_PAID: ['Cobrança paga', 'Charge paid'],
  TRANSACTION_REFUSED: ['Cobrança recusada', 'Charge refused'],
  TRANSACTION_FAILED: ['Cobrança com falha', 'Charge failed'],
  TRANSACTION_EXPIRED: ['Cobrança expirada', 'Charge expired'],
  TRANSACTION_REFUNDED: ['Cobrança estornada', 'Charge refunded'],
  TRANSACTION_PARTIALLY_REFUNDED: ['Cobrança estornada em parte', 'Charge partly refunded'],
  TRANSACTION_REFUND_FAILED: ['Estorno não realizado', 'Refund not made'],
  TRANSACTION_CHARGEDBACK: ['Cobrança contestada (chargeback)', 'Charge charged back'],
  TRANSACTION_DISPUTE: ['Cobrança em disputa', 'Charge in dispute'],
  TRANSACTION_BLOCKED: ['Cobrança bloqueada', 'Charge blocked'],
  TRANSACTION_PENDING_REVIEW: ['Cobrança em análise', 'Charge under review'],
  WITHDRAWAL_CREATED: ['Saque criado', 'Withdrawal created'],
  WITHDRAWAL_PENDING: ['Saque pendente', 'Withdrawal pending'],
  WITHDRAWAL_APPROVED: ['Saque aprovado', 'Withdrawal approved'],
  WITHDRAWAL_REJECTED: ['Saque rejeitado', 'Withdrawal rejected'],
  WITHDRAWAL_PROCESSING: ['Saque em processamento', 'Withdrawal processing'],
  WITHDRAWAL_PAID: ['Saque pago', 'Withdrawal paid'],
  WITHDRAWAL_FAILED: ['Saque com falha', 'Withdrawal failed'],
  WITHDRAWAL_REFUNDED: ['Saque devolvido', 'Withdrawal returned'],
  WITHDRAWAL_CANCELED: ['Saque cancelado', 'Withdrawal canceled'],
  WITHDRAWAL_BLOCKED: ['Saque bloqueado', 'Withdrawal blocked'],
  DISPUTE_CREATED: ['Disputa aberta', 'Dispute opened'],
  DISPUTE_UNDER_REVIEW: ['Recurso enviado', 'Appeal sent'],
  DISPUTE_RESOLVED: ['Decidida a favor do vendedor', 'Decided for the seller'],
  DISPUTE_REJECTED: ['Decidida a favor do comprador', 'Decided for the buyer'],
  MED_DISPUTE_CREATED: ['Devolução MED aberta', 'MED return opened'],
  MED_DISPUTE_REFUND_COMPLETED: ['Devolução MED concluída', 'MED return completed'],
  RECURRENCE_CREATED: ['Recorrência criada', 'Recurrence created'],
  RECURRENCE_APPROVED: ['Recorrência autorizada', 'Recurrence authorised'],
  RECURRENCE_REJECTED: ['Recorrência recusada', 'Recurrence refused'],
  RECURRENCE_EXPIRED: ['Recorrência expirada', 'Recurrence expired'],
  RECURRENCE_CANCELLED: ['Recorrência cancelada', 'Recurrence cancelled'],
  WEBHOOK_TEST: ['Evento de teste', 'Test event'],
  WEBHOOK_ENDPOINT_FAILING: ['Webhook falhando', 'Webhook failing'],
  WEBHOOK_ENDPOINT_DISABLED: ['Webhook desativado', 'Webhook disabled'],
} as const satisfies Record<EventName, Label>;
