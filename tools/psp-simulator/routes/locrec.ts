import { Router } from 'express';
import { notFound } from '../problem';
import type { Psp } from '../psp';
import type { LocRec } from '../rec-store';
import { locRecJson } from '../rec-views';
import { booleanParam, listAnswer, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

/** `POST|GET /locrec`, `GET /locrec/{id}`, `DELETE /locrec/{id}/idRec`: the locations of recurrence QR codes. */
export function locRecRoutes(psp: Psp): Router {
  const router = Router();
  const { recs } = psp.recurrences;
  const found = (id: string): LocRec => {
    const loc = /^\d+$/.test(id) ? recs.locs.get(Number(id)) : undefined;
    if (!loc) throw notFound('PayloadLocationRecNaoEncontrado', 'Location não encontrada para o id informado.');
    return loc;
  };

  router.post('/locrec', requireScope(psp, 'payloadlocationrec.write'), (_req, res) => {
    const loc = recs.createLoc(psp.now());
    res.status(201).set('location', loc.location).json(locRecJson(loc));
  });

  router.get('/locrec/:id', requireScope(psp, 'payloadlocationrec.read'), (req, res) => {
    res.json(locRecJson(found(pathParam(req, 'id'))));
  });

  router.delete('/locrec/:id/idRec', requireScope(psp, 'payloadlocationrec.write'), (req, res) => {
    const loc = found(pathParam(req, 'id'));
    recs.unlink(loc);
    res.json(locRecJson(loc));
  });

  router.get('/locrec', requireScope(psp, 'payloadlocationrec.read'), (req, res) => {
    const w = parseWindow(req, 'PayloadLocationRecConsultaInvalida');
    const idRecPresente = booleanParam(req, 'idRecPresente', 'PayloadLocationRecConsultaInvalida');
    const convenio = queryParam(req, 'convenio');
    const matching = [...recs.locs.values()].filter((loc) => {
      const at = Date.parse(loc.criacao);
      if (at < w.inicioMs || at > w.fimMs) return false;
      if (idRecPresente !== undefined && (loc.idRec !== undefined) !== idRecPresente) return false;
      if (convenio !== undefined && (loc.idRec === undefined || recs.recs.get(loc.idRec)?.fields.convenio !== convenio)) return false;
      return true;
    });
    res.json(listAnswer(w, { idRecPresente, recebedor: convenio === undefined ? undefined : { convenio } }, 'loc', matching, locRecJson));
  });

  return router;
}
