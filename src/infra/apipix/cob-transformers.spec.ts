import { describe, expect, it } from 'vitest';
import { cobRequest, reais, registeredCharge } from './cob-transformers';
import { callbackEndToEndIds, centsOf, receivedPix } from './received-pix';

const charge = { txid: 'a'.repeat(32), amount: 1234, expirationSeconds: 900, description: null, customer: null };
const E2E = 'E12345678202611251200abcdefghijk';

describe('API Pix transformers', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [1234, '12.34'],
    [100_000_000, '1000000.00'],
  ])('writes %i cents as "%s" reais', (cents, text) => {
    expect(reais(cents)).toBe(text);
    expect(centsOf(text)).toBe(cents);
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => reais(12.5)).toThrow();
    expect(() => reais(-1)).toThrow();
    expect(centsOf('12.3')).toBeNull();
    expect(centsOf(12.34)).toBeNull();
  });

  it('a cob carries the expiry, the amount as text and the platform key; nothing else without description or customer', () => {
    expect(cobRequest(charge, 'k@pixpay.example')).toEqual({ calendario: { expiracao: 900 }, valor: { original: '12.34' }, chave: 'k@pixpay.example' });
  });

  it('solicitacaoPagador is the description, cut to 140 characters (not bytes)', () => {
    expect(cobRequest({ ...charge, description: `${'ç'.repeat(150)}` }, 'k').solicitacaoPagador).toBe('ç'.repeat(140));
    expect(cobRequest({ ...charge, description: '   ' }, 'k')).not.toHaveProperty('solicitacaoPagador');
  });

  it('devedor only with a name and a CPF or a CNPJ, never both', () => {
    const cpf = { name: 'Ana', document: '52998224725', documentType: 'CPF' as const };
    expect(cobRequest({ ...charge, customer: cpf }, 'k').devedor).toEqual({ cpf: '52998224725', nome: 'Ana' });
    expect(cobRequest({ ...charge, customer: { name: 'Loja', document: '12ABC34501DE35', documentType: 'CNPJ' } }, 'k').devedor).toEqual({ cnpj: '12ABC34501DE35', nome: 'Loja' });
    expect(cobRequest({ ...charge, customer: { document: '52998224725', documentType: 'CPF' } }, 'k')).not.toHaveProperty('devedor');
    expect(cobRequest({ ...charge, customer: { name: 'Ana', email: 'a@b.example' } }, 'k')).not.toHaveProperty('devedor');
  });

  it('accepts the cob answered only when it is the active cob asked for, with a BR Code', () => {
    const expected = { txid: charge.txid, amount: 1234, chave: 'k' };
    const cob = { txid: charge.txid, status: 'ATIVA', chave: 'k', valor: { original: '12.34' }, pixCopiaECola: '000201...' };
    expect(registeredCharge(cob, expected)).toEqual({ copyPaste: '000201...' });
    expect(registeredCharge({ ...cob, txid: undefined }, expected)).toEqual({ copyPaste: '000201...' });
    for (const other of [{ status: 'CONCLUIDA' }, { valor: { original: '12.35' } }, { chave: 'x' }, { txid: 'b'.repeat(32) }, { pixCopiaECola: undefined }]) {
      expect(registeredCharge({ ...cob, ...other }, expected)).toBeNull();
    }
  });

  it('reads the end-to-end ids of a callback once each, ignoring anything else', () => {
    expect(callbackEndToEndIds({ pix: [{ endToEndId: E2E }, { endToEndId: E2E }, { endToEndId: 'short' }, null, 'x'] })).toEqual([E2E]);
    expect(callbackEndToEndIds({ cobs: [] })).toEqual([]);
    expect(callbackEndToEndIds(null)).toEqual([]);
  });

  it("reads the PSP's record of a Pix", () => {
    expect(receivedPix({ endToEndId: E2E, txid: charge.txid, valor: '12.34', horario: '2026-11-25T12:00:00.000Z' })).toEqual({
      endToEndId: E2E,
      txid: charge.txid,
      cents: 1234,
      at: new Date('2026-11-25T12:00:00.000Z'),
      returns: [],
    });
    expect(receivedPix({ endToEndId: E2E, valor: '1.00', horario: '2026-11-25T12:00:00Z' })?.txid).toBeNull();
    const devolucoes = [
      { id: 'rf1', rtrId: 'D1', valor: '2.00', natureza: 'ORIGINAL', horario: { solicitacao: '2026-11-25T13:00:00Z' }, status: 'EM_PROCESSAMENTO' },
      { id: 'MED1', rtrId: 'D2', valor: '1.00', natureza: 'MED_FRAUDE', horario: { solicitacao: '2026-11-25T14:00:00Z' }, status: 'DEVOLVIDO' },
      { id: 'rf2', valor: '1.00', status: 'NAO_REALIZADO', motivo: 'conta encerrada' },
      { id: 'bad', valor: 'one real', status: 'DEVOLVIDO' },
    ];
    expect(receivedPix({ endToEndId: E2E, valor: '12.34', horario: '2026-11-25T12:00:00Z', devolucoes })?.returns).toEqual([
      { id: 'rf1', cents: 200, nature: 'ORIGINAL', status: 'EM_PROCESSAMENTO', reason: null, rtrId: 'D1' },
      { id: 'MED1', cents: 100, nature: 'MED_FRAUDE', status: 'DEVOLVIDO', reason: null, rtrId: 'D2' },
      { id: 'rf2', cents: 100, nature: 'ORIGINAL', status: 'NAO_REALIZADO', reason: 'conta encerrada', rtrId: null },
    ]);
    expect(receivedPix({ endToEndId: E2E, valor: '1.00', horario: 'yesterday' })).toBeNull();
  });
});
