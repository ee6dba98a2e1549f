import type { Seller } from '../accounts/accounts.types';
import { recordChange } from '../events/record-change';
import type { Outbox } from '../events/outbox';
import { DomainError, notFound } from '../shared/errors';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { civilDayAt } from './civil-day';
import type { CreateRecurrenceInput } from './create-recurrence.input';
import { recurrenceBrCode } from './recurrence-br-code';
import { buildRecurrenceId } from './recurrence-id';
import { moveRecurrence, type CancelledBy, type RecurrenceStatus } from './recurrence-status';
import { recurrenceView } from './recurrence-view';
import type { Recurrence, RecurrenceRepository } from './recurrence.types';

/** The first charge of a composite QR (J3): an immediate PIX charge of the seller, made and written like any other. */
export interface FirstPaymentCharges {
  open(seller: Seller, o: { amount: number; description: string }): Promise<FirstPayment>;
}

/** A first charge built and not yet written: `write` inserts it (with its jobs) in the recurrence's transaction. */
export interface FirstPayment {
  id: string;
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
  randomBytes(n: number): Uint8Array;
  /** The receiver's agent in `idRec` (our institution's ISPB). */
  agent: string;
  /** Where recurrence locations live (no scheme), read at each create. */
  readonly locationBase: string;
  qrImageUrl(locationId: string): string;
  merchantCity: string;
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

  /** Builds a new recurrence (and J3's first charge), outside any transaction; `insert` writes it. */
  async open(seller: Seller, input: CreateRecurrenceInput): Promise<{ recurrence: Recurrence; firstPayment: FirstPayment | null }> {
    if (seller.kycStatus !== 'APPROVED') {
      throw new DomainError('SELLER_NOT_APPROVED', `the seller's KYC status is ${seller.kycStatus}; recurrences need APPROVED`, 'FORBIDDEN');
    }
    const now = this.d.clock.now();
    const id = this.d.newId();
    const recId = buildRecurrenceId({ policy: input.retryPolicy, agent: this.d.agent, createdOn: civilDayAt(now), random: this.d.randomBytes(11) });
    const qr = input.journey !== 'PUSH_REQUEST';
    const locationId = qr ? `${RECURRENCE_LOCATION_PREFIX}${this.d.newId()}` : null;
    const firstPayment =
      input.journey === 'QR_WITH_FIRST_PAYMENT'
        ? await this.d.firstPayments.open(seller, { amount: input.firstPaymentAmount!, description: `${input.contract.object ?? input.contract.number}` })
        : null;
    const brCode = locationId
      ? recurrenceBrCode({
          recurrenceLocation: `${this.d.locationBase}/${locationId}`,
          merchantName: seller.name,
          merchantCity: this.d.merchantCity,
          firstPaymentBrCode: firstPayment?.copyPaste,
        })
      : null;
    const recurrence: Recurrence = {
      id,
      sellerId: seller.id,
      recId,
      status: 'CREATED',
      journey: input.journey,
      contract: input.contract,
      calendar: input.calendar,
      amount: input.amount,
      retryPolicy: input.retryPolicy,
      locationId,
      brCode,
      pushRequestStatus: input.journey === 'PUSH_REQUEST' ? 'SENT' : null,
      firstPaymentTransactionId: firstPayment?.id ?? null,
      authorisationExpiresAt: new Date(now.getTime() + this.d.authorisationValidityMs),
      end: null,
      nextCycleAmount: null,
      sandboxClockDays: 0,
      createdAt: now,
      updatedAt: now,
      approvedAt: null,
    };
    return { recurrence, firstPayment };
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

  /** The seller (or the payer, through their institution) ends the recurrence; future cycles stop. */
  cancel(sellerId: string, id: string, o: { by: CancelledBy; reason: string | null }): Promise<Recurrence> {
    return this.move(sellerId, id, 'CANCELLED', (r) => {
      r.end = { by: o.by, reason: o.reason };
    });
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
