import type { Router } from 'express';
import { parseCobVRevisada, parseCobVSolicitada, revisedCobvFields } from '../cobv-body';
import type { Psp } from '../psp';
import { chargeRoutes } from './charge-routes';

/** `PUT|PATCH|GET /cobv/{txid}` and `GET /cobv`: charges with a due date. */
export function cobvRoutes(psp: Psp): Router {
  return chargeRoutes(psp, {
    store: psp.cobvs,
    parseNew: parseCobVSolicitada,
    parseRevision: parseCobVRevisada,
    revised: revisedCobvFields,
    created: (cobv) => psp.createdCobv(cobv),
    devedor: (fields) => fields.devedor,
    errors: { operation: 'CobVOperacaoInvalida', query: 'CobVConsultaInvalida', notFound: 'CobVNaoEncontrada' },
  });
}
