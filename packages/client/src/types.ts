import type { components, operations } from './generated/schema.js';

type Schemas = components['schemas'];

/** Names for the contract's schemas, as the service answers them. */
export type Transaction = Schemas['Transaction'];
export type CreateTransaction = Schemas['CreateTransaction'];
export type Customer = Schemas['Customer'];
export type Withdrawal = Schemas['Withdrawal'];
export type WithdrawalDetail = Schemas['WithdrawalDetail'];
export type CreateWithdrawal = Schemas['CreateWithdrawal'];
export type Dispute = Schemas['Dispute'];
export type Evidence = Schemas['Evidence'];
export type Wallet = Schemas['Wallet'];
export type Balance = Schemas['Balance'];
export type StatementEntry = Schemas['StatementEntry'];
export type StatementSummary = Schemas['StatementSummary'];
export type WebhookRegistration = Schemas['WebhookRegistration'];
export type WebhookRegistrationRequest = Schemas['WebhookRegistrationRequest'];
export type WebhookUpdate = Schemas['WebhookUpdate'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookAttempt = Schemas['WebhookAttempt'];
export type DataSubjectRequest = Schemas['DataSubjectRequest'];
export type TransactionEventPayload = Schemas['TransactionEventPayload'];
export type WithdrawalEventPayload = Schemas['WithdrawalEventPayload'];
export type DisputeEventPayload = Schemas['DisputeEventPayload'];
export type WebhookTestPayload = Schemas['WebhookTestPayload'];
/** Any webhook body; `eventType` tells which (unknown types may appear: keep a fallback). */
export type WebhookEvent = TransactionEventPayload | WithdrawalEventPayload | DisputeEventPayload | WebhookTestPayload;
export type StandardErrorBody = Schemas['StandardError'];
export type CobrancaErrorBody = Schemas['CobrancaError'];

export type OperationId = keyof operations;

/** The query parameters of an operation. */
export type QueryOf<O extends OperationId> = operations[O]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** The JSON body of an operation. */
export type JsonBodyOf<O extends OperationId> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
