export const CYCLE_STATUSES = ['SCHEDULED', 'ACTIVE', 'FAILED', 'PAID', 'MISSED', 'CANCELLED'] as const;
/**
 * A cycle of a recurrence: SCHEDULED before its charge is sent; ACTIVE once sent (the
 * `cobr` is ATIVA, an attempt is pending); FAILED when an attempt failed and no retry is
 * left; PAID once settled; MISSED when its sending window closed unsent (or the
 * recurrence ended before it); CANCELLED when cancelled while pending.
 */
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** The one table between the API Pix recurring charge statuses (`cobr.status`) and ours. */
export const CYCLE_STATUS_OF_SPEC: Readonly<Record<string, CycleStatus>> = {
  CRIADA: 'ACTIVE',
  ATIVA: 'ACTIVE',
  CONCLUIDA: 'PAID',
  EXPIRADA: 'FAILED',
  REJEITADA: 'FAILED',
  CANCELADA: 'CANCELLED',
};

export const isOpenCycle = (s: CycleStatus): boolean => s === 'SCHEDULED' || s === 'ACTIVE';
