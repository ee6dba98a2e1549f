import { DomainError } from '../shared/errors';
import type { Tx } from '../shared/unit-of-work';
import { emitTransactionEvents } from '../transactions/transaction-events';
import { applyTransactionCommand, canApplyTransactionCommand } from '../transactions/transaction-machine';
import { transactionEventName } from '../transactions/transaction-status';
import { disputeNotFound } from './dispute-decisions';
import { applyDisputeTransition } from './dispute-machine';
import type { Dispute } from './dispute.types';
import { emitDisputeEvents, type DisputesDeps } from './disputes.deps';
import type { AppealInput } from './appeal-input';
import { APPEAL_LIMITS, detectEvidenceType, sha256Hex, type EvidenceFile, type EvidenceStore, type StagedEvidence } from './evidence';

/** An appeal whose evidence is staged, not yet applied. */
export interface StagedAppeal {
  /** The dispute as read before staging (checked again under its lock). */
  dispute: Dispute;
  appealReason: string;
  staged: StagedEvidence[];
}

const cleanName = (name: string, i: number) => {
  // eslint-disable-next-line no-control-regex
  const n = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim().slice(0, APPEAL_LIMITS.maxFileNameLength);
  return n || `file-${i + 1}`;
};

const notAppealable = (status: string) =>
  new DomainError('DISPUTE_NOT_APPEALABLE', `a dispute in status ${status} cannot be appealed`, 'CONFLICT', { status });

/**
 * The seller's appeal: an OPEN dispute of its own moves to UNDER_REVIEW with the
 * reason and the evidence (DISPUTE_UNDER_REVIEW); a MED dispute's transaction moves
 * CHARGEDBACK -> DISPUTE (TRANSACTION_DISPUTE). Unknown and other sellers' disputes are
 * 404 alike; a dispute that is not OPEN is 409 DISPUTE_NOT_APPEALABLE.
 *
 * Files are staged first (an object store receives them outside any transaction, so no
 * row lock waits on an upload), then saved and confirmed in the appeal's transaction
 * (`apply`); when that transaction fails or refuses, the caller discards what was staged.
 */
export class AppealDisputeService {
  constructor(private readonly d: DisputesDeps & { evidence: EvidenceStore }) {}

  /** Checks the dispute can be appealed by this seller and stages the evidence. */
  async stage(sellerId: string, input: AppealInput): Promise<StagedAppeal> {
    const known = await this.d.disputes.findById(input.disputeId);
    if (!known || known.sellerId !== sellerId) throw disputeNotFound();
    // Refused before any byte is stored; the transaction checks again under the lock.
    if (known.status !== 'OPEN') throw notAppealable(known.status);
    const receivedAt = this.d.clock.now();
    const staged = await this.d.evidence.stage(
      input.files.map((f, i) => ({
        file: {
          id: this.d.newId(),
          disputeId: known.id,
          sellerId,
          name: cleanName(f.name, i),
          type: detectEvidenceType(f.content.subarray(0, 16))!,
          size: f.content.length,
          sha256: sha256Hex(f.content),
          createdAt: receivedAt,
        },
        content: f.content,
      })),
    );
    return { dispute: known, appealReason: input.appealReason, staged };
  }

  /** In tx: the dispute and its transaction locked and moved, the staged evidence saved, the events written. */
  async apply(tx: Tx, appeal: StagedAppeal): Promise<{ dispute: Dispute; files: EvidenceFile[] }> {
    const t = await this.d.transactions.lock(tx, appeal.dispute.transactionId);
    const dispute = await this.d.disputes.lock(tx, appeal.dispute.id);
    if (!t || !dispute) throw disputeNotFound();
    if (dispute.status !== 'OPEN') throw notAppealable(dispute.status);
    applyDisputeTransition(dispute.status, 'UNDER_REVIEW');
    const now = this.d.clock.now();
    await this.d.evidence.save(tx, appeal.staged);
    dispute.status = 'UNDER_REVIEW';
    dispute.appealReason = appeal.appealReason;
    dispute.appealedAt = now;
    dispute.updatedAt = now;
    await this.d.disputes.update(tx, dispute);
    await emitDisputeEvents(this.d, tx, dispute);
    if (canApplyTransactionCommand(t.status, 'OPEN_DISPUTE') && t.status === 'CHARGEDBACK') {
      t.status = applyTransactionCommand(t.status, 'OPEN_DISPUTE').to;
      t.updatedAt = now;
      await this.d.transactions.update(tx, t);
      await emitTransactionEvents(this.d, tx, t, [transactionEventName(t.status)]);
    }
    return { dispute, files: appeal.staged.map((f) => f.file) };
  }

  /** Removes what `stage` stored, after the appeal's transaction failed or refused. */
  discard(appeal: StagedAppeal): Promise<void> {
    return this.d.evidence.discard(appeal.staged);
  }
}
