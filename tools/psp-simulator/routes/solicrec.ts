import { Router, type Request } from 'express';
import { invalidAt, notFound } from '../problem';
import type { Psp } from '../psp';
import { parseSolicRecRevisada, parseSolicRecSolicitada } from '../rec-body';
import { OPEN_SOLICITATION, type SolicRec } from '../rec-store';
import { solicRecJson } from '../rec-views';
import { pathParam } from './query';
import { requireScope } from './scope';

const operationInvalid = (razao: string, propriedade: string, valor?: string) => invalidAt('SolicRecOperacaoInvalida', razao, propriedade, valor);

/**
 * `POST /solicrec`, `GET|PATCH /solicrec/{idSolicRec}`: the push request to the payer's
 * bank (J1). Created CRIADA, it is sent (ENVIADA) and reaches the payer's bank (RECEBIDA)
 * at once; the payer's answer (control API) makes it ACEITA or REJEITADA; past its
 * `dataExpiracaoSolicitacao` it is EXPIRADA.
 */
export function solicRecRoutes(psp: Psp): Router {
  const router = Router();
  const r = psp.recurrences;
  const found = (req: Request): SolicRec => {
    const s = r.recs.solicitacoes.get(pathParam(req, 'idSolicRec'));
    if (!s) throw notFound('SolicRecNaoEncontrada', 'Solicitação de recorrência não encontrada para o idSolicRec informado.');
    r.recs.expireIfDue(s, psp.now());
    return s;
  };

  router.post('/solicrec', requireScope(psp, 'solicrec.write'), (req, res) => {
    const body = parseSolicRecSolicitada(req.body);
    const rec = r.recs.recs.get(body.idRec);
    if (!rec) throw notFound('RecNaoEncontrada', 'Recorrência não encontrada para o idRec informado.');
    if (rec.status !== 'CRIADA') throw operationInvalid(`A recorrência está ${rec.status}: só uma recorrência CRIADA pode ser confirmada pelo usuário pagador.`, 'solicrec.idRec', body.idRec);
    if (Date.parse(body.calendario.dataExpiracaoSolicitacao) <= psp.now()) {
      throw operationInvalid('O campo solicrec.calendario.dataExpiracaoSolicitacao é anterior à data de criação da solicitação da recorrência.', 'solicrec.calendario.dataExpiracaoSolicitacao', body.calendario.dataExpiracaoSolicitacao);
    }
    const open = r.recs.openSolicitacao(rec);
    if (open) r.recs.expireIfDue(open, psp.now());
    if (open && OPEN_SOLICITATION.includes(open.status)) throw operationInvalid('Existe uma solicitação ativa referente ao mesmo solicrec.idRec.', 'solicrec.idRec', body.idRec);
    const s = r.recs.createSolicitacao(rec, { dataExpiracaoSolicitacao: body.calendario.dataExpiracaoSolicitacao, destinatario: body.destinatario }, psp.now());
    res.status(201).json(solicRecJson(s, r.recs, r.receiver));
    // The PSP sends it to the payer's bank, which acknowledges it.
    r.recs.setSolicitacaoStatus(s, 'ENVIADA', psp.now());
    r.recs.setSolicitacaoStatus(s, 'RECEBIDA', psp.now());
  });

  router.get('/solicrec/:idSolicRec', requireScope(psp, 'solicrec.read'), (req, res) => {
    res.json(solicRecJson(found(req), r.recs, r.receiver));
  });

  router.patch('/solicrec/:idSolicRec', requireScope(psp, 'solicrec.write'), (req, res) => {
    const s = found(req);
    parseSolicRecRevisada(req.body);
    if (!OPEN_SOLICITATION.includes(s.status)) {
      throw operationInvalid('Não é possível cancelar uma solicitação de recorrência com o status diferente de CRIADA, ENVIADA ou RECEBIDA.', 'solicrec.status', s.status);
    }
    r.recs.setSolicitacaoStatus(s, 'CANCELADA', psp.now());
    res.status(201).json(solicRecJson(s, r.recs, r.receiver));
  });

  return router;
}
