import type { Seller } from '../accounts/accounts.types';
import { recordChange } from '../events/record-change';
import type { Outbox } from '../events/outbox';
import { DomainError, notFound } from '../shared/errors';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { CreateRecurrenceInput } from './create-recurrence.input';
import type { InstitutionRecurrence, RecurrenceEndedBy, RecurrenceInstitution } from './recurrence-institution';
import { isFinalRecurrenceStatus, moveRecurrence, type CancelledBy, type RecurrenceStatus } from './recurrence-status';
import { recurrenceView } from './recurrence-view';
import type { Recurrence, RecurrenceRepository } from './recurrence.types';

/** The first charge of a composite QR (J3): an immediate PIX charge of the seller, made and written like any other. */
export interface FirstPaymentCharges {
  open(seller: Seller, o: { amount: number; description: string }): Promise<FirstPayment>;
}

/** A first charge built and not yet written: `write` inserts it (with its jobs) in the recurrence's transaction. */
export interface FirstPayment {
  id: string;
  /** Its txid at the institution (API Pix `ativacao.dadosJornada.txid`). */
  txid: string;
  copyPaste: string;
  write(tx: Tx): Promise<void>;
}

export interface RecurrencesDeps {
  uow: UnitOfWork;
  repo: RecurrenceRepository;
  outbox: Outbox;
  live: LiveEvents;
  clock: Clock;
  newId(): string;
  qrImageUrl(locationId: string): string;
  /** Where the recurrence is registered and the payer asked (the sandbox's simulated institution, or a PSP). */
  institution: RecurrenceInstitution;
  firstPayments: FirstPaymentCharges;
  /** How long the payer has to answer (push request or QR). */
  authorisationValidityMs: number;
  /** The cycles: started in the approval's transaction, stopped in the end's. */
  cycles: { approved(tx: Tx, r: Recurrence): Promise<void>; ended(tx: Tx, r: Recurrence): Promise<void> };
}

/** A recurrence's location id starts so (a charge's may too, by chance: its own lookup follows). */
export const RECURRENCE_LOCATION_PREFIX = 'rec';

export const recurrenceNotFound = () => notFound('RECURRENCE_NOT_FOUND', 'recurrence not found');

/** Opens recurrences through one of the authorisation journeys, and moves them through their statuses with their events. */
export class RecurrencesService {
  constructor(private readonly d: RecurrencesDeps) {}

  view = (r: Recurrence) => recurrenceView(r, { qrImageUrl: (id) => this.d.qrImageUrl(id) });

  /** Refuses recurrences when no institution takes them (503 INSTITUTION_NOT_CONFIGURED). */
  assertReady(): void {
    this.d.institution.assertReady();
  }

  /**
   * Builds a new recurrence (and J3's first charge), outside any transaction: the institution
   * registers it and answers its `idRec` and what the payer is shown; `insert` writes it.
   */
  async open(seller: Seller, input: CreateRecurrenceInput): Promise<{ recurrence: Recurrence; firstPayment: FirstPayment | null }> {
    this.d.institution.assertReady();
    if (seller.kycStatus !== 'APPROVED') {
      throw new DomainError('SELLER_NOT_APPROVED', `the seller's KYC status is ${seller.kycStatus}; recurrences need APPROVED`, 'FORBIDDEN');
    }
    const now = this.d.clock.now();
    const id = this.d.newId();
    const firstPayment =
      input.journey === 'QR_WITH_FIRST_PAYMENT'
        ? await this.d.firstPayments.open(seller, { amount: input.firstPaymentAmount!, description: `${input.contract.object ?? input.contract.number}` })
        : null;
    const authorisationExpiresAt = new Date(now.getTime() + this.d.authorisationValidityMs);
    const registered = await this.d.institution.register({
      seller,
      journey: input.journey,
      contract: input.contract,
      calendar: input.calendar,
      amount: input.amount,
      retryPolicy: input.retryPolicy,
      payerAccount: input.payerAccount,
      firstPayment: firstPayment ? { txid: firstPayment.txid, copyPaste: firstPayment.copyPaste } : null,
      authorisationExpiresAt,
      now,
    });
    const recurrence: Recurrence = {
      id,
      sellerId: seller.id,
      recId: registered.recId,
      status: 'CREATED',
      journey: input.journey,
      contract: input.contract,
      calendar: input.calendar,
      amount: input.amount,
      retryPolicy: input.retryPolicy,
      locationId: registered.locationId,
      brCode: registered.brCode,
      pushRequestStatus: input.journey === 'PUSH_REQUEST' ? 'SENT' : null,
      firstPaymentTransactionId: firstPayment?.id ?? null,
      authorisationExpiresAt,
      end: null,
      nextCycleAmount: null,
      sandboxClockDays: 0,
      createdAt: now,
      updatedAt: now,
      approvedAt: null,
    };
    return { recurrence, firstPayment };
  }

  /**
   * A recurrence `open` registered whose write failed: cancelled at the institution (best
   * effort: one left there expires unanswered; the create's error is what the caller sees).
   */
  async abandon(r: Recurrence): Promise<void> {
    try {
      await this.d.institution.cancel(r.recId, 'not stored by the receiver');
    } catch {
      // The recurrence stays CREATED at the institution until its authorisation expires.
    }
  }

  /** Writes in tx what `open` built, with RECURRENCE_CREATED. */
  async insert(tx: Tx, opened: { recurrence: Recurrence; firstPayment: FirstPayment | null }): Promise<void> {
    if (opened.firstPayment) await opened.firstPayment.write(tx);
    await this.d.repo.insert(tx, opened.recurrence);
    await this.emit(tx, opened.recurrence, 'CREATED');
  }

  /** The seller's recurrence; another seller's is indistinguishable from an unknown one. */
  async get(sellerId: string, id: string): Promise<Recurrence> {
    const r = id.length <= 128 ? await this.d.repo.findById(id) : null;
    if (!r || r.sellerId !== sellerId) throw recurrenceNotFound();
    return r;
  }

  /**
   * The seller (or the sandbox's payer) ends the recurrence; future cycles stop. The seller's
   * cancellation reaches the institution first (outside any transaction): only a recurrence
   * the institution no longer runs is cancelled here.
   */
  async cancel(sellerId: string, id: string, o: { by: CancelledBy; reason: string | null }): Promise<Recurrence> {
    if (o.by === 'SELLER') {
      const r = await this.get(sellerId, id);
      moveRecurrence(r.status, 'CANCELLED');
      await this.d.institution.cancel(r.recId, o.reason);
    }
    return this.move(sellerId, id, 'CANCELLED', (r) => {
      r.end = { by: o.by, reason: o.reason };
    });
  }

  /**
   * What the institution says of a recurrence (a callback read back, or the reconciliation):
   * applied once, whichever path sees it first; a repeat, or a word about a status the
   * recurrence has already left, changes nothing. Null when no recurrence of ours has that idRec.
   */
  async applyInstitution(observed: InstitutionRecurrence): Promise<{ recurrence: Recurrence; applied: boolean } | null> {
    const known = await this.d.repo.findByRecId(observed.recId);
    if (!known) return null;
    if (known.status === observed.status || isFinalRecurrenceStatus(known.status) || observed.status === 'CREATED') {
      return { recurrence: known, applied: false };
    }
    const reason = observed.end?.reason ?? null;
    const by: RecurrenceEndedBy = observed.end?.by ?? 'PAYER_INSTITUTION';
    const moved = await this.raced(() =>
      observed.status === 'APPROVED'
        ? this.answer(known.sellerId, known.id, 'APPROVED')
        : observed.status === 'REJECTED'
          ? this.answer(known.sellerId, known.id, 'REJECTED', reason)
          : observed.status === 'EXPIRED'
            ? this.moveTo(known, 'EXPIRED', { by, reason: reason ?? 'expired at the payment institution' })
            : this.moveTo(known, 'CANCELLED', { by, reason }),
    );
    return moved ? { recurrence: moved, applied: true } : { recurrence: (await this.d.repo.findById(known.id)) ?? known, applied: false };
  }

  /** The payer's institution reports the payer's answer (J1: the push request; J2/J3: the QR). */
  answer(sellerId: string, id: string, answer: 'APPROVED' | 'REJECTED', reason: string | null = null): Promise<Recurrence> {
    return this.move(sellerId, id, answer, (r, now) => {
      if (r.pushRequestStatus) r.pushRequestStatus = answer === 'APPROVED' ? 'ACCEPTED' : 'REJECTED';
      if (answer === 'APPROVED') r.approvedAt = now;
      else r.end = { by: 'PAYER', reason };
    });
  }

  /** A created recurrence whose authorisation went unanswered expires. */
  expireUnanswered(sellerId: string, id: string): Promise<Recurrence> {
    return this.move(sellerId, id, 'EXPIRED', (r) => {
      if (r.pushRequestStatus) r.pushRequestStatus = 'EXPIRED';
      r.end = { by: 'SYSTEM', reason: 'the payer did not answer in time' };
    });
  }

  /** Null when another path (callback or reconciliation) moved the recurrence first. */
  private async raced(move: () => Promise<Recurrence>): Promise<Recurrence | null> {
    try {
      return await move();
    } catch (e) {
      if (e instanceof DomainError && e.code === 'RECURRENCE_STATUS_CONFLICT') return null;
      throw e;
    }
  }

  private moveTo(r: Recurrence, to: 'EXPIRED' | 'CANCELLED', end: { by: RecurrenceEndedBy; reason: string | null }): Promise<Recurrence> {
    return this.move(r.sellerId, r.id, to, (x) => {
      if (x.pushRequestStatus === 'SENT') x.pushRequestStatus = 'EXPIRED';
      x.end = end;
    });
  }

  private move(sellerId: string, id: string, to: RecurrenceStatus, change: (r: Recurrence, now: Date) => void): Promise<Recurrence> {
    return this.d.uow.run(async (tx) => {
      const r = id.length <= 128 ? await this.d.repo.lock(tx, id) : null;
      if (!r || r.sellerId !== sellerId) throw recurrenceNotFound();
      const now = this.d.clock.now();
      r.status = moveRecurrence(r.status, to);
      change(r, now);
      r.updatedAt = now;
      await this.d.repo.update(tx, r);
      await this.emit(tx, r, to);
      if (to === 'APPROVED') await this.d.cycles.approved(tx, r);
      else await this.d.cycles.ended(tx, r);
      return r;
    });
  }

  private emit(tx: Tx, r: Recurrence, status: RecurrenceStatus): Promise<void> {
    return recordChange(this.d, tx, { type: 'RECURRENCE', resource: r, view: this.view(r), events: [`RECURRENCE_${status}`] });
  }
}
