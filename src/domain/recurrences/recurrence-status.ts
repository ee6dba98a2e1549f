import { DomainError } from '../shared/errors';

export const RECURRENCE_STATUSES = ['CREATED', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const;
export type RecurrenceStatus = (typeof RECURRENCE_STATUSES)[number];

/** The one table between the API Pix recurrence statuses (`rec.status`) and ours. */
export const RECURRENCE_STATUS_OF_SPEC: Readonly<Record<string, RecurrenceStatus>> = {
  CRIADA: 'CREATED',
  APROVADA: 'APPROVED',
  REJEITADA: 'REJECTED',
  EXPIRADA: 'EXPIRED',
  CANCELADA: 'CANCELLED',
};

export const SPEC_OF_RECURRENCE_STATUS: Readonly<Record<RecurrenceStatus, string>> = Object.fromEntries(
  Object.entries(RECURRENCE_STATUS_OF_SPEC).map(([spec, ours]) => [ours, spec]),
) as Record<RecurrenceStatus, string>;

/**
 * Where each status may go. A created recurrence waits for the payer: approved,
 * rejected, expired (no answer in time) or cancelled. An approved one runs until it is
 * cancelled (by either side) or expires after its last date. The other three are final.
 */
const NEXT: Readonly<Record<RecurrenceStatus, readonly RecurrenceStatus[]>> = {
  CREATED: ['APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'],
  APPROVED: ['CANCELLED', 'EXPIRED'],
  REJECTED: [],
  EXPIRED: [],
  CANCELLED: [],
};

export const canMoveRecurrence = (from: RecurrenceStatus, to: RecurrenceStatus): boolean => NEXT[from].includes(to);

export const isFinalRecurrenceStatus = (s: RecurrenceStatus): boolean => NEXT[s].length === 0;

/** The status after moving to `to`; a move the table does not allow is a 409 `RECURRENCE_STATUS_CONFLICT`. */
export function moveRecurrence(from: RecurrenceStatus, to: RecurrenceStatus): RecurrenceStatus {
  if (!canMoveRecurrence(from, to)) {
    throw new DomainError('RECURRENCE_STATUS_CONFLICT', `a ${from} recurrence cannot become ${to}`, 'CONFLICT', { status: from, requested: to });
  }
  return to;
}

/** Who ends a recurrence (`encerramento.cancelamento.solicitante`, our words). */
export const CANCELLED_BY = ['SELLER', 'PAYER'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export const SPEC_OF_CANCELLED_BY: Readonly<Record<CancelledBy, string>> = { SELLER: 'USUARIO_RECEBEDOR', PAYER: 'USUARIO_PAGADOR' };

/** The one table between the API Pix push request statuses (`solicrec.status`) and ours (J1); CANCELADA ends it unanswered. */
export const PUSH_REQUEST_STATUS_OF_SPEC: Readonly<Record<string, 'SENT' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED'>> = {
  CRIADA: 'SENT',
  ENVIADA: 'SENT',
  RECEBIDA: 'SENT',
  ACEITA: 'ACCEPTED',
  REJEITADA: 'REJECTED',
  EXPIRADA: 'EXPIRED',
  CANCELADA: 'EXPIRED',
};

/** Who ended a recurrence in the spec's words (`encerramento.cancelamento.solicitante`), in ours. */
export const ENDED_BY_OF_SPEC: Readonly<Record<string, CancelledBy | 'PAYER_INSTITUTION' | 'SYSTEM'>> = {
  USUARIO_RECEBEDOR: 'SELLER',
  PSP_RECEBEDOR: 'SYSTEM',
  USUARIO_PAGADOR: 'PAYER',
  PSP_PAGADOR: 'PAYER_INSTITUTION',
};
