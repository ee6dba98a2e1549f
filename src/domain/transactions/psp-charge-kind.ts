import type { Transaction } from './transaction.types';

/** The API Pix's two kinds of charge at the PSP: immediate (`/cob`) and with a due date (`/cobv`). */
export type PspChargeKind = 'cob' | 'cobv';

export const PSP_CHARGE_KINDS: readonly PspChargeKind[] = ['cob', 'cobv'];

/** A charge with a due date is a cobv at the PSP; any other PIX charge a cob. */
export const pspChargeKind = (t: Pick<Transaction, 'dueDateCharge'>): PspChargeKind => (t.dueDateCharge ? 'cobv' : 'cob');
