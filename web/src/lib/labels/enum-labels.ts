import type { Labels } from './label';

/**
 * Every value of every enum in the API's schema, named as the schema names the enum.
 * A test fails when schema.graphql gains an enum or a value without a label here.
 */
export const ENUM_LABELS = {
  TransactionStatus: {
    PENDING: ['Pendente', 'Pending'],
    WAITING_PAYMENT: ['Aguardando pagamento', 'Waiting for payment'],
    PROCESSING: ['Processando', 'Processing'],
    AUTHORIZED: ['Autorizada', 'Authorized'],
    PAID: ['Paga', 'Paid'],
    PARTIALLY_REFUNDED: ['Reembolsada em parte', 'Partially refunded'],
    REFUNDED: ['Reembolsada', 'Refunded'],
    EXPIRED: ['Expirada', 'Expired'],
    FAILED: ['Falhou', 'Failed'],
    REFUSED: ['Recusada', 'Refused'],
    PENDING_REVIEW: ['Em análise', 'Under review'],
    BLOCKED: ['Bloqueada', 'Blocked'],
    DISPUTE: ['Em disputa', 'In dispute'],
    CHARGEDBACK: ['Devolvida (MED)', 'Charged back (MED)'],
  },
  RefundStatus: {
    REQUESTED: ['Solicitado', 'Requested'],
    PROCESSING: ['Em processamento', 'Processing'],
    RETURNED: ['Devolvido ao pagador', 'Returned to the payer'],
    FAILED: ['Não realizado', 'Not made'],
  },
  WithdrawalStatus: {
    PENDING: ['Pendente', 'Pending'],
    APPROVED: ['Aprovado', 'Approved'],
    PROCESSING: ['Processando', 'Processing'],
    PAID: ['Pago', 'Paid'],
    REJECTED: ['Rejeitado', 'Rejected'],
    FAILED: ['Falhou', 'Failed'],
    CANCELED: ['Cancelado', 'Canceled'],
    BLOCKED: ['Bloqueado', 'Blocked'],
    REFUNDED: ['Devolvido', 'Returned'],
  },
  DisputeStatus: {
    OPEN: ['Aberta', 'Open'],
    UNDER_REVIEW: ['Em análise', 'Under review'],
    WON: ['Ganha', 'Won'],
    LOST: ['Perdida', 'Lost'],
  },
  DisputeOrigin: {
    CONTESTATION: ['Contestação', 'Contestation'],
    MED: ['MED (devolução especial)', 'MED (special return)'],
  },
  DisputeOutcome: {
    WON: ['Vendedor ganha', 'Seller wins'],
    LOST: ['Comprador ganha', 'Buyer wins'],
  },
  KycStatus: {
    APPROVED: ['Aprovado', 'Approved'],
    PENDING_REVIEW: ['Em análise', 'Pending review'],
    REJECTED: ['Reprovado', 'Rejected'],
  },
  StatementEntryType: {
    CREDIT: ['Crédito', 'Credit'],
    DEBIT: ['Débito', 'Debit'],
    PENDING_CREDIT: ['Crédito pendente', 'Pending credit'],
    PENDING_DEBIT: ['Débito pendente', 'Pending debit'],
    RETAINED: ['Retido', 'Retained'],
    RELEASE_RETAINED: ['Liberado', 'Released'],
  },
  /** The payment methods (Transaction.paymentMethod carries the same words). */
  WalletMethod: {
    PIX: ['PIX', 'PIX'],
    BOLETO: ['Boleto', 'Boleto'],
    CARD: ['Cartão', 'Card'],
  },
  WebhookDeliveryStatus: {
    PENDING: ['Pendente', 'Pending'],
    DELIVERED: ['Entregue', 'Delivered'],
    FAILED: ['Falhou', 'Failed'],
    EXPIRED: ['Expirada', 'Expired'],
    CANCELED: ['Cancelada', 'Canceled'],
    HELD: ['Retida', 'Held'],
  },
  WebhookState: {
    ACTIVE: ['Ativo', 'Active'],
    FAILING: ['Falhando', 'Failing'],
    DISABLED: ['Desativado', 'Disabled'],
  },
  WebhookStateReason: {
    DELIVERIES_FAILING: ['Todas as entregas falharam', 'Every delivery failed'],
    DELIVERIES_FAILED_TOO_LONG: ['Entregas falharam por tempo demais', 'Deliveries failed for too long'],
    DELIVERY_SUCCEEDED: ['Uma entrega funcionou', 'A delivery succeeded'],
    ENABLED_BY_SELLER: ['Reativado pelo vendedor', 'Enabled again by the seller'],
  },
  WebhookEventCategory: {
    ALL: ['Todos', 'All'],
    TRANSACTION: ['Cobranças', 'Charges'],
    WITHDRAWAL: ['Saques', 'Withdrawals'],
    DISPUTE: ['Disputas', 'Disputes'],
    RECURRENCE: ['Recorrências (Pix Automático)', 'Recurrences (PIX Automático)'],
    SPLIT_SHARE: ['Partes de divisões (recebedor)', 'Split shares (recipient)'],
  },
  KeyMode: {
    test: ['Teste', 'Test'],
    live: ['Produção', 'Live'],
  },
  MarketplaceLinkStatus: {
    INVITED: ['Convidado', 'Invited'],
    ACTIVE: ['Ativo', 'Active'],
    DECLINED: ['Recusado', 'Declined'],
    ENDED: ['Encerrado', 'Ended'],
  },
  MarketplaceSide: {
    MARKETPLACE: ['Marketplace', 'Marketplace'],
    RECIPIENT: ['Recebedor', 'Recipient'],
  },
  SplitFeePayer: {
    MARKETPLACE: ['Marketplace', 'Marketplace'],
    PRO_RATA: ['Proporcional', 'Pro rata'],
    RECIPIENT: ['Um recebedor', 'One recipient'],
  },
  SplitShareCause: {
    PAYMENT: ['Pagamento', 'Payment'],
    REFUND: ['Reembolso', 'Refund'],
    CHARGEBACK: ['Devolução MED', 'MED return'],
    DISPUTE: ['Disputa perdida', 'Dispute lost'],
    REFUND_NOT_MADE: ['Reembolso não realizado', 'Refund not made'],
    CHARGEBACK_REVERSED: ['Devolução MED revertida', 'MED return reversed'],
  },
  LimitClass: {
    creates: ['Criações', 'Creates'],
    reads: ['Leituras', 'Reads'],
    lists: ['Listas', 'Lists'],
    webhooks: ['Webhooks', 'Webhooks'],
  },
  ReconciliationDifferenceKind: {
    NOT_CREDITED: ['Não creditado', 'Not credited'],
    CREDITED_TWICE: ['Creditado duas vezes', 'Credited twice'],
    AMOUNT_DIFFERS: ['Valor diferente', 'Amount differs'],
    NOT_OURS: ['Sem cobrança nossa', 'Not one of our charges'],
  },
  PayoutDifferenceKind: {
    NOT_OURS: ['Envio que não é nosso', 'Not one of our payouts'],
    NOT_AT_PSP: ['Ausente no PSP', 'Not at the PSP'],
    AMOUNT_DIFFERS: ['Valor diferente', 'Amount differs'],
    PAID_NOT_SETTLED: ['Pago, não liquidado no razão', 'Paid, not settled in the ledger'],
    SETTLED_NOT_PAID: ['Liquidado no razão, não pago', 'Settled in the ledger, not paid'],
    FAILED_NOT_REFUNDED: ['Falhou, não estornado', 'Failed, not refunded'],
    NOT_DEBITED: ['Não debitado', 'Not debited'],
    DEBITED_TWICE: ['Debitado duas vezes', 'Debited twice'],
  },
  DataRequestKind: {
    EXPORT: ['Exportação', 'Export'],
    ERASURE: ['Exclusão', 'Erasure'],
  },
  DataRequestStatus: {
    QUEUED: ['Na fila', 'Queued'],
    COMPLETED: ['Concluída', 'Completed'],
    OPEN: ['Aberta', 'Open'],
    EXECUTED: ['Executada', 'Executed'],
    REJECTED: ['Recusada', 'Rejected'],
  },
} as const satisfies Record<string, Labels>;

/** PIX key types: a string in the schema, a fixed list in the API (PIX_KEY_TYPES). */
export const PIX_KEY_TYPE_LABELS = {
  CPF: ['CPF', 'CPF'],
  CNPJ: ['CNPJ', 'CNPJ'],
  PHONE: ['Celular', 'Phone'],
  EMAIL: ['E-mail', 'E-mail'],
  EVP: ['Chave aleatória', 'Random key'],
} as const satisfies Labels;

/** Words the dashboard shows as badges that are no enum of the API. */
export const BADGE_LABELS = {
  /** a charge's first step on its timeline */
  CREATED: ['Criada', 'Created'],
  /** a revoked API key */
  REVOKED: ['Revogada', 'Revoked'],
  /** the 2FA badge */
  TWO_FACTOR_ON: ['2FA ativo', '2FA on'],
  TWO_FACTOR_OFF: ['2FA inativo', '2FA off'],
} as const satisfies Labels;
