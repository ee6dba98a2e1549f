/**
 * A recipient's events about its part of a split charge (resource SPLIT_SHARE): credited on
 * payment; reversed when a refund, a MED return or a lost contestation takes some back;
 * restored when a refund is not made or a MED return is decided for the seller.
 */
export const SPLIT_SHARE_EVENT_NAMES = ['SPLIT_SHARE_CREDITED', 'SPLIT_SHARE_REVERSED', 'SPLIT_SHARE_RESTORED'] as const;

/** What moved a recipient's part: the payment, a refund, a MED return, a lost contestation, or the undoing of a refund or a MED return. */
export const SPLIT_SHARE_CAUSES = ['PAYMENT', 'REFUND', 'CHARGEBACK', 'DISPUTE', 'REFUND_NOT_MADE', 'CHARGEBACK_REVERSED'] as const;
export type SplitShareCause = (typeof SPLIT_SHARE_CAUSES)[number];
