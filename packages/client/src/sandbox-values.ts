/**
 * The sandbox's magic values (the service's README, "Sandbox" sections): inputs that
 * force an outcome. They mean nothing in production.
 */
export const SANDBOX_VALUES = {
  /** Seller documents (CPF) at registration. */
  sellerDocuments: {
    approved: '000.000.000-00',
    pendingReview: '111.111.111-11',
    rejected: '222.222.222-22',
  },
  /** Card numbers for `paymentMethod: 'CARD'` (any holder, any 3-digit CVV, any future expiry). */
  cards: {
    approved: '4111 1111 1111 1111',
    insufficientFunds: '5555 5555 5555 4444',
    expired: '3782 822463 10005',
    fraudSuspected: '6362 9700 0045 7013',
  },
  /** E-mail PIX keys for withdrawals, and the outcome each forces. */
  payoutEmailKeys: {
    rejected: 'rejected@payout.test',
    failed: 'failed@payout.test',
    blockedThenRejected: 'blocked@payout.test',
    blockedThenPaid: 'blocked-approved@payout.test',
    paidThenReturned: 'returned@payout.test',
    keyNotFound: 'key-not-found@payout.test',
  },
} as const;

/** Whether a key belongs to the sandbox (`sk_test_`) rather than production (`sk_live_`). */
export const isSandboxKey = (apiKey: string): boolean => apiKey.startsWith('sk_test_');
