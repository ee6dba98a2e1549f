import { randomBytes } from 'node:crypto';
import { buildDynamicBrCode } from '../../src/domain/pix/br-code';

/** The registry status of a cob or a cobv (`CobrancaStatus`). */
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface Location {
  id: number;
  location: string;
  criacao: string;
}

/** A charge the receiver registered (a cob or a cobv), with the fields of each of its revisions. */
export interface Charge<F> {
  txid: string;
  criacao: string;
  status: CobStatus;
  loc: Location;
  /** Every revision's fields; the last is the current one (revisao = index). */
  revisions: { fields: F; status: CobStatus }[];
  /** Record numbers of the Pix that paid it. */
  pix: number[];
}

export interface Receiver {
  /** host:port written in locations (no scheme). */
  locationHost: string;
  merchantName: string;
  merchantCity: string;
}

/** Location ids are one sequence for every kind of charge, as the API Pix's `/loc` resource is. */
export class LocationIds {
  private next = 1;

  take(): number {
    return this.next++;
  }

  reset(): void {
    this.next = 1;
  }
}

/**
 * The charges of one kind (`tipoCob`), by txid: what a cob and a cobv share (revisions,
 * status, a location and the BR Code that points at it). Each kind adds its own answer.
 */
export class ChargeStore<F> {
  private readonly charges = new Map<string, Charge<F>>();

  constructor(
    protected readonly receiver: Receiver,
    readonly tipoCob: 'cob' | 'cobv',
    private readonly locationIds: LocationIds,
  ) {}

  get(txid: string): Charge<F> | undefined {
    return this.charges.get(txid);
  }

  all(): IterableIterator<Charge<F>> {
    return this.charges.values();
  }

  get count(): number {
    return this.charges.size;
  }

  reset(): void {
    this.charges.clear();
  }

  create(txid: string, fields: F, now: number): Charge<F> {
    const criacao = new Date(now).toISOString();
    const loc: Location = {
      id: this.locationIds.take(),
      location: `${this.receiver.locationHost}/qr/v2/${this.tipoCob}/${randomBytes(16).toString('hex')}`,
      criacao,
    };
    const charge: Charge<F> = { txid, criacao, status: 'ATIVA', loc, revisions: [{ fields, status: 'ATIVA' }], pix: [] };
    this.charges.set(txid, charge);
    return charge;
  }

  revise(charge: Charge<F>, fields: F, status: CobStatus): void {
    charge.revisions.push({ fields, status });
    charge.status = status;
  }

  current(charge: Charge<F>): F {
    return charge.revisions[charge.revisions.length - 1]!.fields;
  }

  /** The answer's `loc`: the spec requires its txid and criacao (its examples omit them; the schema is normative). */
  protected locJson(charge: Charge<F>): Record<string, unknown> {
    return { id: charge.loc.id, txid: charge.txid, location: charge.loc.location, tipoCob: this.tipoCob, criacao: charge.loc.criacao };
  }

  protected brCode(location: string): string {
    // A dynamic code carries the location only: the payer's app reads amount and txid from its payload.
    return buildDynamicBrCode({ locationUrl: location, merchantName: this.receiver.merchantName, merchantCity: this.receiver.merchantCity });
  }
}
