import { civilDayAt } from '../../domain/recurrences/civil-day';
import { recurrenceBrCode } from '../../domain/recurrences/recurrence-br-code';
import { buildRecurrenceId } from '../../domain/recurrences/recurrence-id';
import { RECURRENCE_LOCATION_PREFIX } from '../../domain/recurrences/recurrences.service';
import type { RecurrenceInstitution, RecurrenceRegistration, RegisteredRecurrence } from '../../domain/recurrences/recurrence-institution';
import { DomainError } from '../../domain/shared/errors';

export interface SandboxRecurrenceInstitutionDeps {
  /** The receiver's agent in `idRec` (the sandbox's ISPB). */
  agent: string;
  newId(): string;
  randomBytes(n: number): Uint8Array;
  /** Where recurrence locations live (no scheme), read at each create. */
  readonly locationBase: string;
  merchantCity: string;
}

/**
 * The sandbox's simulated institution for PIX Automático: it makes the `idRec` and serves
 * the recurrence's location itself, holds no cycle charge, and its payer answers through the
 * sandbox routes (approve, reject, cancel, pay or fail a cycle). Nothing to read back.
 */
export class SandboxRecurrenceInstitution implements RecurrenceInstitution {
  readonly holdsCycleCharges = false;

  constructor(private readonly d: SandboxRecurrenceInstitutionDeps) {}

  assertReady(): void {}

  async register(r: RecurrenceRegistration): Promise<RegisteredRecurrence> {
    const recId = buildRecurrenceId({ policy: r.retryPolicy, agent: this.d.agent, createdOn: civilDayAt(r.now), random: this.d.randomBytes(11) });
    if (r.journey === 'PUSH_REQUEST') return { recId, locationId: null, brCode: null };
    const locationId = `${RECURRENCE_LOCATION_PREFIX}${this.d.newId()}`;
    const brCode = recurrenceBrCode({
      recurrenceLocation: `${this.d.locationBase}/${locationId}`,
      merchantName: r.seller.name,
      merchantCity: this.d.merchantCity,
      firstPaymentBrCode: r.firstPayment?.copyPaste,
    });
    return { recId, locationId, brCode };
  }

  async read(): Promise<null> {
    return null;
  }

  async cancel(): Promise<void> {}

  async sendCycleCharge(): Promise<null> {
    return null;
  }

  async askRetry(): Promise<void> {}

  async readCycleCharge(): Promise<null> {
    return null;
  }
}

const notConfigured = () =>
  new DomainError('INSTITUTION_NOT_CONFIGURED', 'no payment institution takes PIX Automático recurrences on this deployment (set INSTITUTION=apipix)', 'UNAVAILABLE');

const refuse = async (): Promise<never> => {
  throw notConfigured();
};

/** Production without a PSP: the sandbox's simulated payer must never stand in for a real one. */
export class UnconfiguredRecurrenceInstitution implements RecurrenceInstitution {
  readonly holdsCycleCharges = false;
  assertReady(): void {
    throw notConfigured();
  }
  register = refuse;
  read = refuse;
  cancel = refuse;
  sendCycleCharge = refuse;
  askRetry = refuse;
  readCycleCharge = refuse;
}
