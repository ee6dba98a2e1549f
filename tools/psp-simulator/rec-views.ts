import { RECEIVER_ISPB, type LocRec, type Rec, type RecStore, type SolicRec } from './rec-store';

/** Who the receiver is, as a recurrence shows it (`recebedor`: a legal person). */
export interface RecReceiver {
  cnpj: string;
  nome: string;
}

/** `PayloadLocationRecCompleta`: the location, with the recurrence it serves. */
export const locRecJson = (loc: LocRec): Record<string, unknown> => ({
  id: loc.id,
  location: loc.location,
  criacao: loc.criacao,
  ...(loc.idRec !== undefined ? { idRec: loc.idRec } : {}),
});

/** What every recurrence answer shares (`RecBase`, `recebedor`, `politicaRetentativa`). */
function base(rec: Rec, receiver: RecReceiver): Record<string, unknown> {
  const f = rec.fields;
  return {
    idRec: rec.idRec,
    vinculo: f.vinculo,
    calendario: f.calendario,
    ...(f.valor ? { valor: f.valor } : {}),
    politicaRetentativa: f.politicaRetentativa,
    recebedor: { ...receiver, ...(f.convenio !== undefined ? { convenio: f.convenio } : {}) },
  };
}

/** `ativacao`: the journey once approved (`AGUARDANDO_DEFINICAO` before), with J3's charge. */
function ativacao(rec: Rec): Record<string, unknown> {
  const tipoJornada = rec.jornada ?? 'AGUARDANDO_DEFINICAO';
  const txid = rec.fields.txidJornada;
  // J3's txid only: "removido pelo PSP Recebedor quando a ativação for realizada pelas jornadas 1, 2 ou 4".
  const keep = txid !== undefined && (rec.jornada === undefined || rec.jornada === 'JORNADA_3');
  return { tipoJornada, ...(keep ? { dadosJornada: { txid } } : {}) };
}

/** The state of a recurrence: status, history, its end, its journey. */
function state(rec: Rec): Record<string, unknown> {
  return {
    status: rec.status,
    atualizacao: rec.atualizacao,
    ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
    ativacao: ativacao(rec),
  };
}

/** `RecGerada` (the answer of POST and PATCH), and with `complete` `RecCompletaPesquisada` (payer and requests). */
export function recJson(rec: Rec, store: RecStore, receiver: RecReceiver, complete = false): Record<string, unknown> {
  const loc = rec.loc === undefined ? undefined : store.locs.get(rec.loc);
  return {
    ...base(rec, receiver),
    ...(loc ? { loc: locRecJson(loc) } : {}),
    ...(complete && rec.pagador ? { pagador: rec.pagador } : {}),
    ...state(rec),
    ...(complete && rec.solicitacoes.length > 0 ? { solicitacao: rec.solicitacoes.map((id) => solicRecJson(store.solicitacoes.get(id)!, store, receiver)) } : {}),
  };
}

/** `RecPayload`: what the payer's bank reads (the recipient with its institution). */
export function recPayloadJson(rec: Rec, receiver: RecReceiver): Record<string, unknown> {
  const b = base(rec, receiver);
  return { ...b, recebedor: { ...receiver, ispbParticipante: RECEIVER_ISPB }, atualizacao: rec.atualizacao };
}

/** `RecNotification`: one item of a webhookrec callback. */
export const recNotificationJson = (rec: Rec): Record<string, unknown> => ({ idRec: rec.idRec, ...state(rec) });

/** `SolicRecCompleta`. */
export function solicRecJson(s: SolicRec, store: RecStore, receiver: RecReceiver): Record<string, unknown> {
  return {
    idSolicRec: s.idSolicRec,
    idRec: s.idRec,
    calendario: { dataExpiracaoSolicitacao: s.dataExpiracaoSolicitacao },
    destinatario: s.destinatario,
    status: s.status,
    atualizacao: s.atualizacao,
    recPayload: recPayloadJson(store.recs.get(s.idRec)!, receiver),
  };
}
