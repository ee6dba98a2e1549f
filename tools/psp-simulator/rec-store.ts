import { randomBytes } from 'node:crypto';
import { buildRecurrenceId } from '../../src/domain/recurrences/recurrence-id';
import { brasiliaDate } from '../../src/domain/due-date/civil-dates';

/** The receiver's PSP as the simulator plays it: its ISPB forms the idRec and idSolicRec. */
export const RECEIVER_ISPB = '99999998';

export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type SolicRecStatus = 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
export type Jornada = 'JORNADA_1' | 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4';
export type Politica = 'NAO_PERMITE' | 'PERMITE_3R_7D';
export type Periodicidade = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type Devedor = { cpf: string; nome: string } | { cnpj: string; nome: string };

/** A status and when it was reached (`atualizacao`). */
export interface StatusChange<S> {
  status: S;
  data: string;
}

/** A recurrence location (`/locrec`): a URL the recurrence's QR code points at. */
export interface LocRec {
  id: number;
  location: string;
  criacao: string;
  idRec?: string;
}

/** What the receiver wrote in `POST /rec` (and may revise with `PATCH`). */
export interface RecFields {
  vinculo: { objeto?: string; contrato: string; devedor: Devedor };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor?: { valorRec?: string; valorMinimoRecebedor?: string };
  convenio?: string;
  politicaRetentativa: Politica;
  /** J3: the immediate charge whose payment authorises the recurrence. */
  txidJornada?: string;
}

export type Encerramento =
  | { rejeicao: { codigo: string; descricao: string } }
  | { cancelamento: { solicitante: 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR'; codigo: string; descricao: string } };

export interface Rec {
  idRec: string;
  criacaoMs: number;
  fields: RecFields;
  status: RecStatus;
  atualizacao: StatusChange<RecStatus>[];
  loc?: number;
  pagador?: { cpf?: string; cnpj?: string; ispbParticipante: string; codMun?: string };
  jornada?: Jornada;
  encerramento?: Encerramento;
  solicitacoes: string[];
}

/** A push request to the payer's bank (J1, `/solicrec`). */
export interface SolicRec {
  idSolicRec: string;
  idRec: string;
  criacaoMs: number;
  dataExpiracaoSolicitacao: string;
  destinatario: Record<string, string>;
  status: SolicRecStatus;
  atualizacao: StatusChange<SolicRecStatus>[];
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const sequence = () => Array.from(randomBytes(11), (b) => ALNUM[b % ALNUM.length]).join('');
const yyyymmdd = (now: number) => brasiliaDate(new Date(now)).replaceAll('-', '');

/** A solicitation still on its way to the payer (it may be cancelled, and another for its recurrence is refused). */
export const OPEN_SOLICITATION: readonly SolicRecStatus[] = ['CRIADA', 'ENVIADA', 'RECEBIDA'];
/** A recurrence in one of these can no longer change. */
export const CLOSED_REC: readonly RecStatus[] = ['REJEITADA', 'EXPIRADA', 'CANCELADA'];

/** Recurrence locations, recurrences and their push requests, by id. */
export class RecStore {
  readonly locs = new Map<number, LocRec>();
  readonly recs = new Map<string, Rec>();
  readonly solicitacoes = new Map<string, SolicRec>();
  private nextLoc = 1;

  constructor(private readonly locationHost: string) {}

  reset(): void {
    this.locs.clear();
    this.recs.clear();
    this.solicitacoes.clear();
    this.nextLoc = 1;
  }

  createLoc(now: number): LocRec {
    const loc: LocRec = { id: this.nextLoc++, location: `${this.locationHost}/qr/v2/rec/${randomBytes(16).toString('hex')}`, criacao: new Date(now).toISOString() };
    this.locs.set(loc.id, loc);
    return loc;
  }

  createRec(fields: RecFields, now: number, loc?: LocRec): Rec {
    const idRec = buildRecurrenceId({
      policy: fields.politicaRetentativa === 'NAO_PERMITE' ? 'NONE' : 'THREE_IN_SEVEN_DAYS',
      agent: RECEIVER_ISPB,
      createdOn: brasiliaDate(new Date(now)),
      random: randomBytes(11),
    });
    const rec: Rec = { idRec, criacaoMs: now, fields, status: 'CRIADA', atualizacao: [{ status: 'CRIADA', data: new Date(now).toISOString() }], solicitacoes: [] };
    if (loc) this.link(rec, loc);
    this.recs.set(idRec, rec);
    return rec;
  }

  /** Points the location at the recurrence (and away from any it had). */
  link(rec: Rec, loc: LocRec): void {
    if (rec.loc !== undefined) delete this.locs.get(rec.loc)?.idRec;
    rec.loc = loc.id;
    loc.idRec = rec.idRec;
  }

  unlink(loc: LocRec): void {
    const rec = loc.idRec === undefined ? undefined : this.recs.get(loc.idRec);
    if (rec) delete rec.loc;
    delete loc.idRec;
  }

  setStatus(rec: Rec, status: RecStatus, now: number): void {
    rec.status = status;
    rec.atualizacao.push({ status, data: new Date(now).toISOString() });
  }

  createSolicitacao(rec: Rec, body: { dataExpiracaoSolicitacao: string; destinatario: Record<string, string> }, now: number): SolicRec {
    const s: SolicRec = {
      idSolicRec: `SC${RECEIVER_ISPB}${yyyymmdd(now)}${sequence()}`,
      idRec: rec.idRec,
      criacaoMs: now,
      dataExpiracaoSolicitacao: body.dataExpiracaoSolicitacao,
      destinatario: body.destinatario,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: new Date(now).toISOString() }],
    };
    this.solicitacoes.set(s.idSolicRec, s);
    rec.solicitacoes.push(s.idSolicRec);
    return s;
  }

  setSolicitacaoStatus(s: SolicRec, status: SolicRecStatus, now: number): void {
    s.status = status;
    s.atualizacao.push({ status, data: new Date(now).toISOString() });
  }

  /** The request still open for the recurrence, if any. */
  openSolicitacao(rec: Rec): SolicRec | undefined {
    return rec.solicitacoes.map((id) => this.solicitacoes.get(id)!).find((s) => OPEN_SOLICITATION.includes(s.status));
  }

  /** A request past its expiry is EXPIRADA (checked when it is read or acted on). */
  expireIfDue(s: SolicRec, now: number): void {
    if (OPEN_SOLICITATION.includes(s.status) && now > Date.parse(s.dataExpiracaoSolicitacao)) this.setSolicitacaoStatus(s, 'EXPIRADA', now);
  }
}
