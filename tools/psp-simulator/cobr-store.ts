import { randomBytes } from 'node:crypto';
import { PAYER_ISPB } from './pix-store';
import type { StatusChange } from './rec-store';

export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type TentativaStatus = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';

/** What the receiver wrote in `PUT /cobr/{txid}` (`CobRSolicitada`). */
export interface CobRFields {
  idRec: string;
  infoAdicional?: string;
  dataDeVencimento: string;
  valor: { original: string };
  ajusteDiaUtil: boolean;
  devedor?: Record<string, string>;
  recebedor: { conta: string; tipoConta: string; agencia?: string };
}

/** One attempt to settle the charge at the payer's institution (`tentativas`). */
export interface Tentativa {
  dataLiquidacao: string;
  /** AGND: the scheduled first attempt; NTAG: a new attempt the receiver asked for (retentativa). */
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: TentativaStatus;
  endToEndId: string;
  atualizacao: StatusChange<TentativaStatus>[];
  rejeicao?: { codigo: string; descricao: string };
}

export interface CobR {
  txid: string;
  criacaoMs: number;
  /** The creation day (Brasília), `calendario.criacao`. */
  criacao: string;
  fields: CobRFields;
  status: CobRStatus;
  atualizacao: StatusChange<CobRStatus>[];
  tentativas: Tentativa[];
  encerramento?: { rejeicao: { codigo: string; descricao: string } } | { cancelamento: { solicitante: string; codigo: string; descricao: string } };
  pix?: { endToEndId: string; txid: string; valor: string; horario: string };
}

/** An attempt still waiting for its day: another cannot be asked for meanwhile. */
export const OPEN_ATTEMPT: readonly TentativaStatus[] = ['SOLICITADA', 'AGENDADA'];

const stamp = (ms: number) => new Date(ms).toISOString().replace(/\D/g, '').slice(0, 12);

/** The end-to-end id the payer's institution gives an attempt: E + its ISPB + yyyyMMddHHmm + 11 characters. */
export const attemptEndToEndId = (now: number): string => `E${PAYER_ISPB}${stamp(now)}${randomBytes(8).toString('hex').slice(0, 11)}`;

/** The recurring charges, by txid. */
export class CobRStore {
  readonly byTxid = new Map<string, CobR>();

  reset(): void {
    this.byTxid.clear();
  }

  create(txid: string, fields: CobRFields, now: number, criacao: string): CobR {
    const cobr: CobR = { txid, criacaoMs: now, criacao, fields, status: 'CRIADA', atualizacao: [{ status: 'CRIADA', data: new Date(now).toISOString() }], tentativas: [] };
    this.byTxid.set(txid, cobr);
    return cobr;
  }

  setStatus(cobr: CobR, status: CobRStatus, now: number): void {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: new Date(now).toISOString() });
  }

  addAttempt(cobr: CobR, dataLiquidacao: string, tipo: Tentativa['tipo'], now: number): Tentativa {
    const t: Tentativa = { dataLiquidacao, tipo, status: 'SOLICITADA', endToEndId: attemptEndToEndId(now), atualizacao: [{ status: 'SOLICITADA', data: new Date(now).toISOString() }] };
    cobr.tentativas.push(t);
    return t;
  }

  setAttemptStatus(t: Tentativa, status: TentativaStatus, now: number): void {
    t.status = status;
    t.atualizacao.push({ status, data: new Date(now).toISOString() });
  }

  openAttempt(cobr: CobR): Tentativa | undefined {
    return cobr.tentativas.find((t) => OPEN_ATTEMPT.includes(t.status));
  }

  /** The recurring charges of a recurrence. */
  ofRec(idRec: string): CobR[] {
    return [...this.byTxid.values()].filter((c) => c.fields.idRec === idRec);
  }
}

/** `CobRGerada`, and with `politicaRetentativa` (and the Pix) `CobRCompleta`; `CobRNotification` drops what a callback does not carry. */
export function cobrJson(cobr: CobR, recebedor: { cnpj: string; nome: string }, politicaRetentativa?: string): Record<string, unknown> {
  const f = cobr.fields;
  return {
    idRec: f.idRec,
    txid: cobr.txid,
    ...(f.infoAdicional !== undefined ? { infoAdicional: f.infoAdicional } : {}),
    calendario: { criacao: cobr.criacao, dataDeVencimento: f.dataDeVencimento },
    valor: f.valor,
    status: cobr.status,
    ...(politicaRetentativa ? { politicaRetentativa } : {}),
    ajusteDiaUtil: f.ajusteDiaUtil,
    ...(f.devedor ? { devedor: f.devedor } : {}),
    recebedor: { ...recebedor, ...f.recebedor },
    ...state(cobr),
  };
}

function state(cobr: CobR): Record<string, unknown> {
  return {
    atualizacao: cobr.atualizacao,
    ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
    ...(cobr.tentativas.length > 0 ? { tentativas: cobr.tentativas } : {}),
    ...(cobr.pix ? { pix: [cobr.pix] } : {}),
  };
}

export const cobrNotificationJson = (cobr: CobR): Record<string, unknown> => ({ idRec: cobr.fields.idRec, txid: cobr.txid, status: cobr.status, ...state(cobr) });
