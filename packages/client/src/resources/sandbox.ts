import type { CallOptions, Transport } from '../http/transport.js';
import type { JsonBodyOf } from '../types.js';

/**
 * The sandbox's simulations (`/v1/sandbox`, absent in production mode): act as the
 * payer, the institution or the central bank instead of waiting for them.
 */
export class Sandbox {
  constructor(private readonly t: Transport) {}

  /** The simulated payer pays the charge now (it would pay itself after `SANDBOX_AUTOPAY_SECONDS`). */
  async payTransaction(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/transactions/{id}/pay', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** The simulated institution reports any status for the charge (`{status, refusedReason?}`). */
  async reportTransaction(id: string, body: JsonBodyOf<'sandboxReportTransaction'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/transactions/{id}/report', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The buyer contests the charge: `{applied, dispute}`. */
  async openDispute(transactionId: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/transactions/{id}/dispute', { ...init, params: { path: { id: transactionId } } }), options);
    return answer.data;
  }

  /** The central bank returns the charge through MED: `{applied, dispute}`. */
  async medReturn(transactionId: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/transactions/{id}/med', { ...init, params: { path: { id: transactionId } } }), options);
    return answer.data;
  }

  /** Decides a dispute (`{outcome: 'WON' | 'LOST'}`). */
  async decideDispute(disputeId: string, body: JsonBodyOf<'sandboxDecideDispute'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/disputes/{id}/decide', { ...init, params: { path: { id: disputeId } }, body }), options);
    return answer.data;
  }

  /** The simulated institution reports any status for the withdrawal (`{status, reason?}`). */
  async reportWithdrawal(id: string, body: JsonBodyOf<'sandboxReportWithdrawal'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/withdrawals/{id}/report', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The simulated payer approves the recurrence in their bank. */
  async approveRecurrence(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/approve', { ...init, params: { path: { id } }, body: {} }), options);
    return answer.data;
  }

  /** The simulated payer rejects the recurrence (`{reason?}`). */
  async rejectRecurrence(id: string, body: JsonBodyOf<'sandboxRecurrenceReject'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/reject', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The simulated payer cancels the recurrence (`{reason?}`). */
  async cancelRecurrence(id: string, body: JsonBodyOf<'sandboxRecurrenceCancel'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/cancel', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The recurrence's clock moves to its next cycle, which is made at once (a test clock): `clockDate` and the `cycle`. */
  async advanceRecurrence(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/advance', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** The payer's institution settles an ACTIVE cycle (its charge paid as any other). */
  async payRecurrenceCycle(id: string, cycle: number, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/cycles/{number}/pay', { ...init, params: { path: { id, number: String(cycle) } } }), options);
    return answer.data;
  }

  /** An attempt of an ACTIVE cycle fails (`{reason?}`); the retry policy decides what follows. */
  async failRecurrenceCycle(id: string, cycle: number, body: JsonBodyOf<'sandboxRecurrenceCycleFail'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send(
      (init) => this.t.api.POST('/v1/sandbox/recurrences/{id}/cycles/{number}/fail', { ...init, params: { path: { id, number: String(cycle) } }, body }),
      options,
    );
    return answer.data;
  }
}
