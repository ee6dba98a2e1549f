import { describe, expect, it } from 'vitest';
import { callbackProblems, requestProblems, responseProblems, tokenProblems } from '../support/apipix-conformance';
import { apiPixOverlay, applyOverlay, rawApiPixSpec } from '../support/apipix-spec';

const TXID = 'abcdefghijklmnopqrstuvwxyz0123';
const E2E = 'E99999999202611251537x0000000001';
const cob = {
  calendario: { criacao: '2026-11-25T15:00:00.000Z', expiracao: 3600 },
  txid: TXID,
  revisao: 0,
  loc: { id: 7, txid: TXID, location: 'pix.example.com/qr/v2/cob/2353c790eefb11eaadc10242ac120002', tipoCob: 'cob', criacao: '2026-11-25T15:00:00.000Z' },
  location: 'pix.example.com/qr/v2/cob/2353c790eefb11eaadc10242ac120002',
  status: 'ATIVA',
  devedor: { cpf: '52998224725', nome: 'Fulano de Tal' },
  valor: { original: '12.50' },
  chave: 'recebedor@example.com',
  pixCopiaECola: '00020101021226...6304ABCD',
};
const pix = { endToEndId: E2E, txid: TXID, valor: '12.50', chave: 'recebedor@example.com', horario: '2026-11-25T15:10:00.000Z' };

describe('API Pix conformance check', () => {
  it('accepts a request and an answer that follow the spec', () => {
    expect(requestProblems({ method: 'PUT', path: `/cob/${TXID}`, body: { calendario: { expiracao: 3600 }, devedor: { cpf: '52998224725', nome: 'Fulano' }, valor: { original: '12.50' }, chave: 'recebedor@example.com' } })).toEqual([]);
    expect(responseProblems({ method: 'PUT', path: `/cob/${TXID}`, status: 201, contentType: 'application/json', body: cob })).toEqual([]);
    const query = new URLSearchParams({ inicio: '2026-11-25T00:00:00Z', fim: '2026-11-26T00:00:00Z', 'paginacao.paginaAtual': '1', cpf: '52998224725' });
    expect(requestProblems({ method: 'GET', path: '/pix', query })).toEqual([]);
    const page = { paginaAtual: 1, itensPorPagina: 100, quantidadeDePaginas: 2, quantidadeTotalDeItens: 101 };
    expect(responseProblems({ method: 'GET', path: '/pix', status: 200, contentType: 'application/json', body: { parametros: { inicio: query.get('inicio'), fim: query.get('fim'), cpf: '52998224725', paginacao: page }, pix: [pix] } })).toEqual([]);
    expect(responseProblems({ method: 'DELETE', path: '/webhook/recebedor@example.com', status: 204 })).toEqual([]);
    expect(callbackProblems({ pix: [pix] })).toEqual([]);
    // A static code's Pix has a short txid (overlay: TxId's 26-35 no longer applies to it).
    expect(callbackProblems({ pix: [{ ...pix, txid: 'pedido42' }] })).toEqual([]);
    expect(tokenProblems(200, { access_token: 'abc', token_type: 'Bearer', expires_in: 3600, scope: 'cob.read' })).toEqual([]);
  });

  it('refuses an unknown path, a wrong type, a missing required field, an undocumented status or media type', () => {
    expect(requestProblems({ method: 'GET', path: '/cobranca/x' })).toEqual(['GET /cobranca/x: no such operation in the API Pix']);
    expect(requestProblems({ method: 'POST', path: `/pix/${E2E}` })[0]).toMatch(/no such operation/);
    // valor.original is a string of reais, never a number.
    expect(requestProblems({ method: 'PUT', path: `/cob/${TXID}`, body: { valor: { original: 12.5 }, chave: 'k', calendario: {} } }).join('\n')).toMatch(/request body\/valor\/original must be string/);
    expect(requestProblems({ method: 'GET', path: '/pix', query: { inicio: '2026-11-25T00:00:00Z' } })).toEqual(['GET /pix: query parameter fim is required']);
    expect(requestProblems({ method: 'GET', path: '/pix', query: { inicio: '2026-11-25T00:00:00Z', fim: 'ontem', pagina: '1' } })).toEqual([
      'GET /pix: query parameter fim must match format "date-time"',
      'GET /pix: query parameter pagina is not documented',
    ]);
    const { status: _s, ...withoutStatus } = cob;
    expect(responseProblems({ method: 'GET', path: `/cob/${TXID}`, status: 200, contentType: 'application/json', body: withoutStatus }).join('\n')).toMatch(/must have required property 'status'/);
    expect(responseProblems({ method: 'GET', path: `/pix/${E2E}`, status: 200, contentType: 'application/json', body: { ...pix, horario: 12 } }).join('\n')).toMatch(/body\/horario must be string/);
    expect(responseProblems({ method: 'GET', path: `/pix/${E2E}`, status: 418, contentType: 'application/json', body: {} })[0]).toMatch(/status not documented/);
    expect(responseProblems({ method: 'GET', path: `/pix/${E2E}`, status: 404, contentType: 'application/json', body: {} })[0]).toMatch(/media type application\/json is not documented/);
    expect(callbackProblems({ pix: [{ ...pix, devolucoes: { id: 'x' } }] }).join('\n')).toMatch(/devolucoes must be array/);
    expect(tokenProblems(200, { access_token: 'abc', token_type: 'Bearer' })).toEqual(["token answer must have required property 'expires_in'"]);
  });

  it('needs the overlay: the vendored spec as published refuses conformant answers', () => {
    const Ajv = require('ajv');
    const raw = rawApiPixSpec();
    const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
    ajv.addFormat('int32', true).addFormat('int64', true).addFormat('uri', true).addFormat('date-time', true);
    ajv.addSchema(raw, 'raw');
    // The CPF pattern has a JavaScript literal's slashes: a real CPF fails.
    expect(ajv.validate({ $ref: 'raw#/components/schemas/PessoaFisica' }, { cpf: '52998224725', nome: 'Fulano' })).toBe(false);
    // PixConsultados requires `cobs`, which a list of Pix never has.
    expect(ajv.validate({ $ref: 'raw#/components/schemas/PixConsultados' }, { parametros: { inicio: 'a', fim: 'b', paginacao: { paginaAtual: 0, itensPorPagina: 1, quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 } }, pix: [] })).toBe(false);
    // RecBase requires `retentativa`, defined nowhere, and the idRec the PSP assigns: the spec's own recBody2 fails.
    const example = raw.components.examples.recBody2.value;
    // (A CNPJ debtor, so that the CPF pattern above plays no part.)
    const recBody2 = { ...example, vinculo: { ...example.vinculo, devedor: { cnpj: '11444777000161', nome: 'Empresa' } } };
    expect(ajv.validate({ $ref: 'raw#/components/requestBodies/RecBody/content/application~1json/schema' }, recBody2)).toBe(false);
    expect(requestProblems({ method: 'POST', path: '/rec', body: recBody2 })).toEqual([]);
    // Every action of the overlay still finds its target (applyOverlay throws otherwise).
    expect(() => applyOverlay(rawApiPixSpec(), apiPixOverlay().actions)).not.toThrow();
  });
});
