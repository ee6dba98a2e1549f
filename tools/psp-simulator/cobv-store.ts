import { type Charge, ChargeStore, type LocationIds, type Receiver } from './charge-store';

/** A `valor` term of a cobv: `modalidade` by the API Pix's tables, `valorPerc` reais or percent with two decimals. */
export interface CobvTerm {
  modalidade: number;
  valorPerc: string;
}

/** The fields of a cobv the receiver writes (`CobVSolicitada` / `CobVRevisada`), as the simulator keeps them. */
export interface CobvFields {
  dataDeVencimento: string;
  validadeAposVencimento: number;
  devedor: { cpf?: string; cnpj?: string; nome: string; logradouro?: string; cidade?: string; uf?: string; cep?: string; email?: string };
  valor: {
    original: string;
    multa?: CobvTerm;
    juros?: CobvTerm;
    abatimento?: CobvTerm;
    desconto?: { modalidade: number; valorPerc?: string; descontoDataFixa?: { data: string; valorPerc: string }[] };
  };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
}

export type Cobv = Charge<CobvFields>;

/** The receiver as a cobv's answer names it (`recebedor`: the PSP fills it from the account). */
export interface Recebedor {
  cnpj: string;
  nome: string;
  logradouro: string;
  cidade: string;
  uf: string;
  cep: string;
}

/** The charges with a due date (`/cobv`). */
export class CobvStore extends ChargeStore<CobvFields> {
  constructor(
    receiver: Receiver,
    locationIds: LocationIds,
    private readonly recebedor: Recebedor,
  ) {
    super(receiver, 'cobv', locationIds);
  }

  /** A cobv's answer (`CobVGerada`); `revisao` picks an earlier revision. */
  toJson(cobv: Cobv, revisao = cobv.revisions.length - 1): Record<string, unknown> {
    const { fields, status } = cobv.revisions[revisao]!;
    return {
      calendario: { criacao: cobv.criacao, dataDeVencimento: fields.dataDeVencimento, validadeAposVencimento: fields.validadeAposVencimento },
      txid: cobv.txid,
      revisao,
      loc: this.locJson(cobv),
      location: cobv.loc.location,
      status,
      devedor: fields.devedor,
      recebedor: this.recebedor,
      valor: fields.valor,
      chave: fields.chave,
      ...(fields.solicitacaoPagador !== undefined ? { solicitacaoPagador: fields.solicitacaoPagador } : {}),
      ...(fields.infoAdicionais ? { infoAdicionais: fields.infoAdicionais } : {}),
      pixCopiaECola: this.brCode(cobv.loc.location),
    };
  }
}
