import { randomBytes } from 'node:crypto';
import { buildDynamicBrCode } from '../../src/domain/pix/br-code';

export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** The fields of a cob the receiver writes (`CobSolicitada` / `CobRevisada`), as the simulator keeps them. */
export interface CobFields {
  expiracao: number;
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
}

export interface Location {
  id: number;
  location: string;
  criacao: string;
}

export interface Cob {
  txid: string;
  criacao: string;
  status: CobStatus;
  loc: Location;
  /** Every revision's fields; the last is the current one (revisao = index). */
  revisions: { fields: CobFields; status: CobStatus }[];
  /** Record numbers of the Pix that paid it. */
  pix: number[];
}

export interface Receiver {
  /** host:port written in locations (no scheme). */
  locationHost: string;
  merchantName: string;
  merchantCity: string;
}

export class CobStore {
  private readonly cobs = new Map<string, Cob>();
  private nextLocId = 1;

  constructor(private readonly receiver: Receiver) {}

  get(txid: string): Cob | undefined {
    return this.cobs.get(txid);
  }

  all(): IterableIterator<Cob> {
    return this.cobs.values();
  }

  get count(): number {
    return this.cobs.size;
  }

  reset(): void {
    this.cobs.clear();
    this.nextLocId = 1;
  }

  create(txid: string, fields: CobFields, now: number): Cob {
    const criacao = new Date(now).toISOString();
    const loc: Location = {
      id: this.nextLocId++,
      location: `${this.receiver.locationHost}/qr/v2/cob/${randomBytes(16).toString('hex')}`,
      criacao,
    };
    const cob: Cob = { txid, criacao, status: 'ATIVA', loc, revisions: [{ fields, status: 'ATIVA' }], pix: [] };
    this.cobs.set(txid, cob);
    return cob;
  }

  revise(cob: Cob, fields: CobFields, status: CobStatus): void {
    cob.revisions.push({ fields, status });
    cob.status = status;
  }

  /** A cob's answer (`CobGerada`); `revisao` picks an earlier revision. */
  toJson(cob: Cob, revisao = cob.revisions.length - 1): Record<string, unknown> {
    const { fields, status } = cob.revisions[revisao]!;
    return {
      calendario: { criacao: cob.criacao, expiracao: fields.expiracao },
      txid: cob.txid,
      revisao,
      // CobGerada requires loc.txid and loc.criacao (the spec's examples omit them; the schema is normative).
      loc: { id: cob.loc.id, txid: cob.txid, location: cob.loc.location, tipoCob: 'cob', criacao: cob.loc.criacao },
      location: cob.loc.location,
      status,
      ...(fields.devedor ? { devedor: fields.devedor } : {}),
      valor: fields.valor,
      chave: fields.chave,
      ...(fields.solicitacaoPagador !== undefined ? { solicitacaoPagador: fields.solicitacaoPagador } : {}),
      ...(fields.infoAdicionais ? { infoAdicionais: fields.infoAdicionais } : {}),
      pixCopiaECola: this.brCode(cob.loc.location),
    };
  }

  /** The moment after which the cob can no longer be paid (expiry is not a status). */
  expiresAt(cob: Cob): number {
    return Date.parse(cob.criacao) + cob.revisions[cob.revisions.length - 1]!.fields.expiracao * 1000;
  }

  current(cob: Cob): CobFields {
    return cob.revisions[cob.revisions.length - 1]!.fields;
  }

  private brCode(location: string): string {
    // A dynamic code carries the location only: the payer's app reads amount and txid from its payload.
    return buildDynamicBrCode({ locationUrl: location, merchantName: this.receiver.merchantName, merchantCity: this.receiver.merchantCity });
  }
}
