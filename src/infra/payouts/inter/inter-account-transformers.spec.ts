import { describe, expect, it } from 'vitest';
import { interBalanceCents, interCents, interStatementDebits } from './inter-account-transformers';

describe("Banco Inter's account reads", () => {
  it('amounts in reais, as JSON numbers or decimal strings, to cents', () => {
    expect(interCents(1234.56)).toBe(123_456);
    expect(interCents(0.1 + 0.2)).toBe(30);
    expect(interCents(10)).toBe(1_000);
    expect(interCents('10.5')).toBe(1_050);
    expect(interCents('10.05')).toBe(1_005);
    expect(interCents('-3.20')).toBe(-320);
    expect(interCents(1.005)).toBeNull();
    expect(interCents('1.005')).toBeNull();
    expect(interCents('1,50')).toBeNull();
    expect(interCents(Number.NaN)).toBeNull();
    expect(interCents(null)).toBeNull();
  });
  it('the float is `disponivel` alone: blocked amounts and the overdraft limit cover nothing', () => {
    expect(interBalanceCents({ bloqueadoCheque: 100, disponivel: 52.3, bloqueadoJudicialmente: 7, bloqueadoAdministrativo: 1, limite: 5_000 })).toBe(5_230);
    expect(interBalanceCents({ disponivel: 0 })).toBe(0);
    expect(interBalanceCents({ saldo: '10.00' })).toBeNull();
    expect(interBalanceCents([])).toBeNull();
  });
  it("a statement page's Pix debits: named by the first word of descricaoPix when it is an identifier; credits left out", () => {
    const page = {
      totalPaginas: 2,
      transacoes: [
        { tipoOperacao: 'C', tipoTransacao: 'ESTORNO', valor: '10.00', detalhes: { descricaoPix: 'Ww1', codigoSolicitacao: 'c1' } },
        { tipoOperacao: 'D', tipoTransacao: 'PIX', valor: '10.00', detalhes: { descricaoPix: 'Ww1 Saque', codigoSolicitacao: 'c1', endToEndId: 'E1' } },
        { tipoOperacao: 'D', tipoTransacao: 'PIX', valor: '2.5', detalhes: { descricaoPix: 'não é nosso', codigoSolicitacao: 'c2' } },
        { tipoOperacao: 'D', tipoTransacao: 'PIX', valor: 'x' },
        { tipoOperacao: 'D', tipoTransacao: 'PAGAMENTO', valor: '1.00', detalhes: { codigoSolicitacao: 'boleto' } },
      ],
    };
    expect(interStatementDebits(page)).toEqual({
      totalPages: 2,
      debits: [
        { named: 'Ww1', codigoSolicitacao: 'c1', endToEndId: 'E1', cents: 1_000 },
        { named: null, codigoSolicitacao: 'c2', endToEndId: null, cents: 250 },
        { named: null, codigoSolicitacao: null, endToEndId: null, cents: null },
      ],
    });
    expect(interStatementDebits({ transacoes: [] })).toBeNull();
  });
});
