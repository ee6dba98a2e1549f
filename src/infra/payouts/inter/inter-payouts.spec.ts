import { describe, expect, it } from 'vitest';
import { pspAnswers } from '../../../../test/support/psp-answers';
import { PspProblemError, PspTransientError } from '../../apipix/apipix-errors';
import { InterPayouts, type PayoutReferences } from './inter-payouts';

const SENT_AT = new Date('2026-03-10T15:00:00Z');
const debit = (descricaoPix: string, codigoSolicitacao: string) => ({ tipoOperacao: 'D', tipoTransacao: 'PIX', detalhes: { descricaoPix, codigoSolicitacao } });
const paid = (code: string) => ({ transacaoPix: { codigoSolicitacao: code, status: 'PAGO', endToEnd: 'E1' } });

/** Inter as a table of answers by path (and statement page); every call is recorded. */
function inter(answers: Record<string, unknown>, o: { reference?: string; nowMs?: number } = {}) {
  const { client, calls } = pspAnswers(answers);
  const stored = new Map<string, string>(o.reference ? [['W1', o.reference]] : []);
  const references: PayoutReferences = {
    reference: async (id) => stored.get(id) ?? null,
    remember: async (id, ref) => void stored.set(id, ref),
    lastSendAt: async () => SENT_AT,
  };
  const payouts = new InterPayouts({ client, references, now: () => new Date(SENT_AT.getTime() + (o.nowMs ?? 120_000)), listingGraceMs: 60_000 });
  return { payouts, calls, stored };
}

describe("Inter's payouts: a payout whose code was never learned is looked for in the statement", () => {
  it('reads every page of the window until the Pix debit named by our identifier, keeps its code and reads it', async () => {
    const { payouts, calls, stored } = inter({
      '/banking/v2/extrato/completo#0': { totalPaginas: 2, transacoes: [debit('W10 outro', 'c10')] },
      '/banking/v2/extrato/completo#1': { totalPaginas: 2, transacoes: [debit('W1 Saque', 'c1')] },
      '/banking/v2/pix/c1': paid('c1'),
    });
    expect(await payouts.query('W1')).toEqual({ kind: 'held', record: { status: 'PAID', end2end: 'E1' } });
    expect(stored.get('W1')).toBe('c1');
    expect(calls[0]).toMatchObject({ query: { dataInicio: '2026-03-10', dataFim: '2026-03-10', tipoOperacao: 'D', tipoTransacao: 'PIX', pagina: '0' }, scopes: ['extrato.read'] });
  });

  it('a page that fails makes the listing no answer, never "absent"', async () => {
    const { payouts } = inter({
      '/banking/v2/extrato/completo#0': { totalPaginas: 2, transacoes: [] },
      '/banking/v2/extrato/completo#1': new PspTransientError('GET answered 503'),
    });
    expect((await payouts.query('W1')).kind).toBe('unknown');
  });

  it('a complete listing without it is "absent" only past the grace after the send', async () => {
    const page = { '/banking/v2/extrato/completo#0': { totalPaginas: 1, transacoes: [] } };
    expect(await inter(page, { nowMs: 30_000 }).payouts.query('W1')).toEqual({ kind: 'unknown', reason: 'the payout is not in the statement yet' });
    expect(await inter(page, { nowMs: 61_000 }).payouts.query('W1')).toEqual({ kind: 'absent' });
  });

  it('a stored code Inter no longer finds: the statement decides; the same code listed is no answer', async () => {
    const listed = { '/banking/v2/extrato/completo#0': { totalPaginas: 1, transacoes: [debit('W1', 'c1')] } };
    expect((await inter(listed, { reference: 'c1' }).payouts.query('W1')).kind).toBe('unknown');
    expect(await inter({ '/banking/v2/extrato/completo#0': { totalPaginas: 1, transacoes: [] } }, { reference: 'c1' }).payouts.query('W1')).toEqual({ kind: 'absent' });
  });

  it('a send answered with its code keeps it; without one it is no answer', async () => {
    const order = { withdrawalId: '1', pspPayoutId: 'W1', amount: 500, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' as const, beneficiaryName: null, beneficiaryDocumentNumber: null, description: null, createdAt: SENT_AT };
    const ok = inter({ '/banking/v2/pix': { tipoRetorno: 'PROCESSADO', codigoSolicitacao: 'c1' } });
    expect(await ok.payouts.send(order)).toEqual({ kind: 'held', record: { status: 'PROCESSING' } });
    expect(ok.stored.get('W1')).toBe('c1');
    expect(ok.calls[0]).toMatchObject({ method: 'POST', headers: { 'x-id-idempotente': expect.stringMatching(/^[0-9a-f-]{36}$/) }, scopes: ['pagamento-pix.write'] });
    expect((await inter({ '/banking/v2/pix': { tipoRetorno: 'PROCESSADO' } }).payouts.send(order)).kind).toBe('unknown');
  });
});

describe("Inter's balance (GET /banking/v2/saldo): the float", () => {
  it('reads `disponivel` with scope extrato.read', async () => {
    const { payouts, calls } = inter({ '/banking/v2/saldo': { bloqueadoCheque: 0, disponivel: 1234.5, bloqueadoJudicialmente: 0, bloqueadoAdministrativo: 0, limite: 10_000 } });
    expect(await payouts.balance()).toEqual({ kind: 'read', cents: 123_450 });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/banking/v2/saldo', scopes: ['extrato.read'] });
  });

  it('a body that is not a balance, an error answer or no answer is unknown, never a figure', async () => {
    expect(await inter({ '/banking/v2/saldo': { saldo: '10.00' } }).payouts.balance()).toEqual({ kind: 'unknown', reason: 'the PSP answered the balance with a body that is not one' });
    expect(await inter({ '/banking/v2/saldo': new PspProblemError(403, { title: 'Forbidden' }, 'GET /banking/v2/saldo') }).payouts.balance()).toEqual({ kind: 'unknown', reason: 'the PSP answered the balance 403' });
    expect(await inter({ '/banking/v2/saldo': new PspTransientError('GET answered 503') }).payouts.balance()).toEqual({ kind: 'unknown', reason: 'GET answered 503' });
  });
});
