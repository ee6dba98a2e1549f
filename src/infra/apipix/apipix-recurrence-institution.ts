import type { CivilDay } from '../../domain/recurrences/civil-day';
import type {
  CycleChargeRefusal,
  CycleChargeRegistration,
  InstitutionCycleCharge,
  InstitutionRecurrence,
  RecurrenceInstitution,
  RecurrenceRegistration,
  RegisteredRecurrence,
} from '../../domain/recurrences/recurrence-institution';
import { DomainError, validationError } from '../../domain/shared/errors';
import type { Logger } from '../log/logger';
import type { ApiPixCall, ApiPixClient } from './apipix-client';
import { institutionUnavailable, PspProblemError } from './apipix-errors';
import { cobrOf, cobrRequest, recCancelRequest, recOf, recQrOf, recRequest, type ReceiverAccount, solicrecRequest } from './rec-transformers';

export interface ApiPixRecurrenceInstitutionDeps {
  client: Pick<ApiPixClient, 'call'>;
  /** The platform's account at the PSP (`cobr.recebedor`); null when not configured (recurrences are then refused). */
  account: ReceiverAccount | null;
  /** Our id of a QR journey's location (the QR image's address). */
  newLocationId(): string;
  logger: Logger;
}

/** Answers of `PUT /cobr/{txid}` that may mean "this txid is taken": the cobr is read back. */
const MAYBE_EXISTS = new Set([400, 409, 422]);

const notConfigured = () =>
  new DomainError('INSTITUTION_NOT_CONFIGURED', 'PIX Automático needs the platform’s account at the PSP: set APIPIX_ACCOUNT_NUMBER (and APIPIX_ACCOUNT_BRANCH, APIPIX_ACCOUNT_TYPE)', 'UNAVAILABLE');

/**
 * PIX Automático at a PSP speaking the Central Bank's API Pix. A recurrence is registered
 * before it is stored: a QR journey takes a location (`POST /locrec`), then the recurrence
 * (`POST /rec`, with J3's first cob as `ativacao.dadosJornada.txid`), and the PSP's composite
 * QR (`GET /rec/{idRec}`, `dadosQR`); J1 sends the push request (`POST /solicrec`). Each
 * cycle's charge is a `cobr` with the txid of our charge (`PUT /cobr/{txid}`), retried with
 * `POST /cobr/{txid}/retentativa/{data}`; the seller's cancellation is `PATCH /rec/{idRec}`.
 */
export class ApiPixRecurrenceInstitution implements RecurrenceInstitution {
  readonly holdsCycleCharges = true;

  constructor(private readonly d: ApiPixRecurrenceInstitutionDeps) {}

  assertReady(): void {
    if (!this.d.account) throw notConfigured();
  }

  async register(r: RecurrenceRegistration): Promise<RegisteredRecurrence> {
    if (r.journey === 'PUSH_REQUEST' && !r.payerAccount) {
      throw validationError('PAYER_ACCOUNT_REQUIRED', 'journey PUSH_REQUEST needs payerAccount (the payer’s institution ISPB, branch and account) to send the request to', { field: 'payerAccount' });
    }
    const qr = r.journey !== 'PUSH_REQUEST';
    const loc = qr ? await this.call<{ id?: unknown }>({ method: 'POST', path: '/locrec', scopes: ['payloadlocationrec.write'] }, 'locrec') : null;
    const locId = loc ? Number(loc.id) : null;
    if (loc && (!Number.isSafeInteger(locId) || locId === null)) throw this.unreadable('POST /locrec answered no location id');
    const created = await this.call<unknown>({ method: 'POST', path: '/rec', body: recRequest(r, { loc: locId }), scopes: ['rec.write'] }, 'rec');
    const rec = recOf(created);
    if (!rec) throw this.unreadable('POST /rec answered no recurrence');
    if (!qr) {
      await this.call({ method: 'POST', path: '/solicrec', body: solicrecRequest({ recId: rec.recId, payer: r.contract.payer, account: r.payerAccount!, expiresAt: r.authorisationExpiresAt }), scopes: ['solicrec.write'] }, 'solicrec');
      return { recId: rec.recId, locationId: null, brCode: null };
    }
    // The composite QR, as the PSP builds it (J3: with the first charge's txid).
    const query: Record<string, string> | undefined = r.firstPayment ? { txid: r.firstPayment.txid } : undefined;
    const read = await this.call<unknown>({ method: 'GET', path: `/rec/${rec.recId}`, query, scopes: ['rec.read'] }, 'rec');
    const brCode = recQrOf(read);
    if (!brCode) throw this.unreadable('GET /rec answered no dadosQR.pixCopiaECola');
    return { recId: rec.recId, locationId: this.d.newLocationId(), brCode };
  }

  async read(recId: string): Promise<InstitutionRecurrence | null> {
    const body = await this.readOrNull(`/rec/${recId}`, 'rec.read');
    return body === null ? null : recOf(body);
  }

  /** A recurrence the PSP no longer runs (already ended: 400) is not an error: the caller's move decides. */
  async cancel(recId: string, _reason: string | null): Promise<void> {
    try {
      await this.d.client.call({ method: 'PATCH', path: `/rec/${recId}`, body: recCancelRequest(), scopes: ['rec.write'] });
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 400) {
        const held = await this.read(recId);
        if (held && held.status !== 'CREATED' && held.status !== 'APPROVED') return;
      }
      throw this.refused(e, 'rec');
    }
  }

  async sendCycleCharge(c: CycleChargeRegistration): Promise<CycleChargeRefusal | null> {
    if (!this.d.account) throw notConfigured();
    try {
      await this.d.client.call({ method: 'PUT', path: `/cobr/${c.txid}`, body: cobrRequest(c, this.d.account), scopes: ['cobr.write'] });
      return null;
    } catch (e) {
      if (!(e instanceof PspProblemError) || !MAYBE_EXISTS.has(e.status)) throw this.refused(e, 'cobr');
      // A retry whose first answer was lost: the cobr is there already when the PSP holds it under our txid and idRec.
      const held = await this.readOrNull(`/cobr/${c.txid}`, 'cobr.read');
      const idRec = held !== null && typeof held === 'object' ? (held as { idRec?: unknown }).idRec : undefined;
      if (idRec === c.recId) return null;
      // Not ours, and refused for what the charge is: sending it again would be refused again.
      this.d.logger.warn({ txid: c.txid, recId: c.recId, status: e.status, problem: e.problem?.type, detail: e.problem?.detail }, 'the PSP refused a cycle’s recurring charge for good');
      return { reason: `refused by the payment institution (${e.status}${e.problem?.title ? ` ${e.problem.title}` : ''}${e.problem?.detail ? `: ${e.problem.detail}` : ''})` };
    }
  }

  async askRetry(txid: string, on: CivilDay): Promise<void> {
    try {
      await this.d.client.call({ method: 'POST', path: `/cobr/${txid}/retentativa/${on}`, scopes: ['cobr.write'] });
    } catch (e) {
      // Asked before (the answer was lost): the cobr already holds an attempt on that day; or
      // the charge is no longer active there (paid, closed): nothing is left to retry.
      if (e instanceof PspProblemError && e.status === 400) {
        const held = await this.readCycleCharge(txid);
        if (held && (held.status !== 'ACTIVE' || held.attempts.some((a) => a.on === on))) {
          if (held.status !== 'ACTIVE') this.d.logger.warn({ txid, on, status: held.status }, 'a retry was not asked: the recurring charge is no longer active at the PSP');
          return;
        }
      }
      throw this.refused(e, 'cobr');
    }
  }

  async readCycleCharge(txid: string): Promise<InstitutionCycleCharge | null> {
    const body = await this.readOrNull(`/cobr/${txid}`, 'cobr.read');
    return body === null ? null : cobrOf(body);
  }

  private async readOrNull(path: string, scope: string): Promise<unknown> {
    try {
      return (await this.d.client.call<unknown>({ method: 'GET', path, scopes: [scope] })).body;
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return null;
      throw e;
    }
  }

  private async call<T>(c: ApiPixCall, what: string): Promise<T> {
    try {
      return (await this.d.client.call<T>(c)).body;
    } catch (e) {
      throw this.refused(e, what);
    }
  }

  private unreadable(why: string): Error {
    this.d.logger.error({ why }, 'the PSP answered a recurrence PixPay cannot read');
    return institutionUnavailable(`the PSP's answer could not be read: ${why}`);
  }

  /** A 4xx from the PSP on our own request: logged with its problem, answered 503 (as for cobs). */
  private refused(e: unknown, what: string): unknown {
    if (!(e instanceof PspProblemError)) return e;
    this.d.logger.error({ what, status: e.status, problem: e.problem?.type, title: e.problem?.title, detail: e.problem?.detail }, 'the PSP refused a PIX Automático call');
    return institutionUnavailable(`the PSP refused the ${what} call with ${e.status}`);
  }
}
