/** Withdrawal statuses (SPEC "Withdrawal"); new values may appear in the contract. */
export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PROCESSING',
  'PAID',
  'FAILED',
  'REFUNDED',
  'CANCELED',
  'BLOCKED',
] as const;

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

const KNOWN = new Set<string>(WITHDRAWAL_STATUSES);

export const isWithdrawalStatus = (value: unknown): value is WithdrawalStatus =>
  typeof value === 'string' && KNOWN.has(value);


/**
 * The event a status change emits (SPEC: `WITHDRAWAL_<STATUS>`). SPEC's event list does
 * not name CANCELED and BLOCKED, but every status change emits its event and new
 * statuses create new events, so they give WITHDRAWAL_CANCELED and WITHDRAWAL_BLOCKED.
 */
export const withdrawalEventName = (status: WithdrawalStatus): `WITHDRAWAL_${WithdrawalStatus}` =>
  `WITHDRAWAL_${status}`;

/** Emitted when the withdrawal is created (status PENDING). */
export const WITHDRAWAL_CREATED_EVENT = 'WITHDRAWAL_CREATED' as const;
