import { describe, expect, it } from 'vitest';
import type { ApiPixCall } from '../../apipix/apipix-client';
import { PspTransientError } from '../../apipix/apipix-errors';
import { pspAnswers } from '../../../../test/support/psp-answers';
import { InterSentPayouts } from './inter-sent-payouts';

const DAY = { from: new Date('2026-03-10T03:00:00Z'), to: new Date('2026-03-11T03:00:00Z') };
const debit = (descricaoPix: string, codigoSolicitacao: string | undefined, valor = '10.00') => ({ tipoOperacao: 'D', tipoTransacao: 'PIX', valor, detalhes: { descricaoPix, ...(codigoSolicitacao ? { codigoSolicitacao } : {}), endToEndId: `E-${codigoSolicitacao}` } });
const pix = (code: string, status: string, endToEnd?: string) => ({ transacaoPix: { codigoSolicitacao: code, status, ...(endToEnd ? { endToEnd } : {}) } });

/** Inter as a table of answers by path (and statement page); every call is recorded. */
function inter(answers: Record<string, unknown>) {
  const { client, calls } = pspAnswers(answers);
  return { list: new InterSentPayouts({ client }), calls };
}

describe("Inter's payouts of a day: the statement's Pix debits, each one's status read by its code", () => {
  it("asks the day's Pix debits in Brasília's dates and reads each payment's status", async () => {
    const { list, calls } = inter({
      '/banking/v2/extrato/completo#0': {
        totalPaginas: 2,
        transacoes: [debit('Wpaid Saque', 'c1'), debit('Wfailed', 'c2', '20.00'), debit('Wpending', 'c3', '30.5'), debit('Aluguel de março', 'c4', '5.00'), debit('Wnocode', undefined)],
      },
      '/banking/v2/pix/c1': pix('c1', 'PAGO', 'E1'),
      '/banking/v2/pix/c2': pix('c2', 'FALHA'),
      '/banking/v2/pix/c3': pix('c3', 'DEBITADO'),
      '/banking/v2/pix/c4': pix('c4', 'PAGO', 'E4'),
    });
    expect(await list.sentPage(DAY, 0)).toEqual({
      payouts: [
        { pspPayoutId: 'Wpaid', endToEndId: 'E1', cents: 1_000, status: 'PAID' },
        { pspPayoutId: 'Wfailed', endToEndId: 'E-c2', cents: 2_000, status: 'FAILED' },
        { pspPayoutId: 'Wpending', endToEndId: 'E-c3', cents: 3_050, status: 'PROCESSING' },
        // Not one of ours (the ledger says so): named by its first word, a difference to look at.
        { pspPayoutId: 'Aluguel', endToEndId: 'E4', cents: 500, status: 'PAID' },
      ],
      unreadable: 0,
      last: false,
    });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/banking/v2/extrato/completo', scopes: ['extrato.read'], query: { dataInicio: '2026-03-10', dataFim: '2026-03-10', tipoOperacao: 'D', tipoTransacao: 'PIX', pagina: '0' } });
    expect(calls.filter((c) => c.path.startsWith('/banking/v2/pix/')).every((c) => c.scopes?.[0] === 'pagamento-pix.read')).toBe(true);
  });

  it('the last page is the one Inter counts last', async () => {
    const { list } = inter({ '/banking/v2/extrato/completo#1': { totalPaginas: 2, transacoes: [] } });
    expect(await list.sentPage(DAY, 1)).toEqual({ payouts: [], unreadable: 0, last: true });
  });

  it('a payment Inter no longer finds, with a status PixPay does not act on, or an amount it cannot read is unreadable', async () => {
    const { list } = inter({
      '/banking/v2/extrato/completo#0': { totalPaginas: 1, transacoes: [debit('Wgone', 'gone'), debit('Wodd', 'odd'), debit('Wbad', 'bad', '1,00')] },
      '/banking/v2/pix/odd': pix('odd', 'PARCIALMENTE_PAGO', 'E'),
      '/banking/v2/pix/bad': pix('bad', 'PAGO', 'E'),
    });
    expect(await list.sentPage(DAY, 0)).toEqual({ payouts: [], unreadable: 3, last: true });
  });

  it('no report on a partial listing: a statement or a status Inter cannot answer throws', async () => {
    await expect(inter({ '/banking/v2/extrato/completo#0': { erro: 'x' } }).list.sentPage(DAY, 0)).rejects.toThrow(/not a page/);
    const down = inter({ '/banking/v2/extrato/completo#0': { totalPaginas: 1, transacoes: [debit('W1', 'c1')] }, '/banking/v2/pix/c1': new PspTransientError('timeout') });
    await expect(down.list.sentPage(DAY, 0)).rejects.toThrow();
  });

  it('reads at most eight payouts at once, whatever the page holds', async () => {
    let now = 0;
    let most = 0;
    const transacoes = Array.from({ length: 30 }, (_, i) => debit(`W${i}`, `c${i}`));
    const client = {
      call: async (c: ApiPixCall) => {
        if (c.path.endsWith('/completo')) return { status: 200, body: { totalPaginas: 1, transacoes } as never };
        most = Math.max(most, ++now);
        await new Promise((r) => setImmediate(r));
        now--;
        return { status: 200, body: pix(c.path.split('/').pop()!, 'PAGO', 'E') as never };
      },
    };
    const page = await new InterSentPayouts({ client }).sentPage(DAY, 0);
    expect(page.payouts.map((p) => p.pspPayoutId)).toEqual(transacoes.map((_, i) => `W${i}`));
    expect(most).toBe(8);
  });
});
