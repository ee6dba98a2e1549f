import type { Router } from 'express';
import { parseCobRevisada, parseCobSolicitada, revisedFields } from '../cob-body';
import type { Psp } from '../psp';
import { chargeRoutes } from './charge-routes';

/** `PUT|PATCH|GET /cob/{txid}` and `GET /cob`. */
export function cobRoutes(psp: Psp): Router {
  return chargeRoutes(psp, {
    store: psp.cobs,
    parseNew: parseCobSolicitada,
    parseRevision: parseCobRevisada,
    revised: revisedFields,
    created: (cob) => psp.created(cob),
    devedor: (fields) => fields.devedor,
    errors: { operation: 'CobOperacaoInvalida', query: 'CobConsultaInvalida', notFound: 'CobNaoEncontrado' },
  });
}
