import { type Charge, ChargeStore, LocationIds, type Receiver } from './charge-store';

export type { CobStatus, Location, Receiver } from './charge-store';

/** The fields of a cob the receiver writes (`CobSolicitada` / `CobRevisada`), as the simulator keeps them. */
export interface CobFields {
  expiracao: number;
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
}

export type Cob = Charge<CobFields>;

/** The immediate charges (`/cob`). */
export class CobStore extends ChargeStore<CobFields> {
  constructor(receiver: Receiver, locationIds = new LocationIds()) {
    super(receiver, 'cob', locationIds);
  }

  /** A cob's answer (`CobGerada`); `revisao` picks an earlier revision. */
  toJson(cob: Cob, revisao = cob.revisions.length - 1): Record<string, unknown> {
    const { fields, status } = cob.revisions[revisao]!;
    return {
      calendario: { criacao: cob.criacao, expiracao: fields.expiracao },
      txid: cob.txid,
      revisao,
      loc: this.locJson(cob),
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
    return Date.parse(cob.criacao) + this.current(cob).expiracao * 1000;
  }
}
