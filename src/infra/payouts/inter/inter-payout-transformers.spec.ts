import { describe, expect, it } from 'vitest';
import { brasiliaDate, interDescricao, interIdempotencyKey, interPayoutRecord, interSendBody, interSendProblem, interStatementPage, interWebhookPayoutIds, INTER_PAYOUT_STATUS } from './inter-payout-transformers';

const order = { withdrawalId: 'w1', pspPayoutId: 'Ww1', amount: 1_234, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' as const, beneficiaryName: 'Ana', beneficiaryDocumentNumber: '52998224725', description: 'Saque', createdAt: new Date() };
const pix = (t: Record<string, unknown>) => ({ transacaoPix: { codigoSolicitacao: 'c1', ...t }, historico: [] });

describe("Banco Inter's payout fields", () => {
  it('the send body: reais as a number, our identifier leading the description, the recipient key', () => {
    expect(interSendBody(order)).toEqual({ valor: 12.34, descricao: 'Ww1 Saque', destinatario: { tipo: 'CHAVE', chave: 'ana@example.com' } });
    expect(interDescricao('Ww1', null)).toBe('Ww1');
    expect([...interDescricao('Ww1', 'é'.repeat(200))]).toHaveLength(140);
  });
  it('the idempotency key is a UUID derived from our identifier alone', () => {
    expect(interIdempotencyKey('Ww1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(interIdempotencyKey('Ww1')).toBe(interIdempotencyKey('Ww1'));
    expect(interIdempotencyKey('Ww2')).not.toBe(interIdempotencyKey('Ww1'));
  });
  it('statuses map by the table; PAID needs the end-to-end id; FAILED carries the first error', () => {
    expect(interPayoutRecord(pix({ status: 'DEBITADO' }), 'c1')).toEqual({ status: 'PROCESSING' });
    expect(interPayoutRecord(pix({ status: 'PAGO', endToEnd: 'E1', dataHoraMovimento: '2026-01-01T00:01:00Z' }), 'c1')).toEqual({ status: 'PAID', end2end: 'E1', at: new Date('2026-01-01T00:01:00Z') });
    expect(interPayoutRecord(pix({ status: 'FALHA', erros: [{ codigoErro: 'AC03', descricaoErro: 'conta inválida' }] }), 'c1')).toMatchObject({ status: 'FAILED', reason: 'AC03: conta inválida' });
    expect(interPayoutRecord(pix({ status: 'CANCELADO_SEM_SALDO' }), 'c1')).toMatchObject({ status: 'FAILED', reason: 'the PSP did not make the payout (CANCELADO_SEM_SALDO)' });
    expect(Object.values(INTER_PAYOUT_STATUS).filter((s) => s === 'PAID')).toHaveLength(2);
  });
  it('another payout, a partial or unknown status, or PAID without an end-to-end id is not read', () => {
    expect(interPayoutRecord(pix({ codigoSolicitacao: 'c2', status: 'PAGO', endToEnd: 'E' }), 'c1')).toBeNull();
    expect(interPayoutRecord(pix({ status: 'PARCIALMENTE_PAGO', endToEnd: 'E' }), 'c1')).toBeNull();
    expect(interPayoutRecord(pix({ status: 'PAGO' }), 'c1')).toBeNull();
    expect(interPayoutRecord({}, 'c1')).toBeNull();
  });
  it('errors of the send: 400 and 422 refuse it, 409 is a used key, our setup is unknown', () => {
    expect(interSendProblem(400, { title: 'Chave Pix não encontrada', detail: 'd' })).toEqual({ kind: 'refused', reason: 'Chave Pix não encontrada: d' });
    expect(interSendProblem(422, { title: 'Saldo insuficiente' }).kind).toBe('refused');
    expect(interSendProblem(409, { title: 't' })).toEqual({ kind: 'duplicate' });
    expect(interSendProblem(403, { title: 'Forbidden' }).kind).toBe('unknown');
  });
  it('a statement page: the Pix debit whose descricaoPix starts with our identifier, and the page count', () => {
    const page = {
      totalPaginas: 3,
      transacoes: [
        { tipoOperacao: 'C', tipoTransacao: 'PIX', detalhes: { descricaoPix: 'Ww1', codigoSolicitacao: 'credit' } },
        { tipoOperacao: 'D', tipoTransacao: 'PIX', detalhes: { descricaoPix: 'Ww10 Saque', codigoSolicitacao: 'other' } },
        { tipoOperacao: 'D', tipoTransacao: 'PIX', detalhes: { descricaoPix: 'Ww1 Saque', codigoSolicitacao: 'c1', endToEndId: 'E1' } },
      ],
    };
    expect(interStatementPage(page, 'Ww1')).toEqual({ match: { codigoSolicitacao: 'c1', endToEndId: 'E1' }, totalPages: 3 });
    expect(interStatementPage(page, 'Ww2')).toEqual({ match: null, totalPages: 3 });
    expect(interStatementPage({ transacoes: [] }, 'Ww1')).toBeNull();
  });
  it('a pix-pagamento webhook names our payouts by the first word of descricaoPagamento', () => {
    expect(interWebhookPayoutIds([{ codigoSolicitacao: 'c1', descricaoPagamento: 'Ww1 Saque' }, { descricaoPagamento: 'Ww1' }, { descricaoPagamento: 'não é nosso!' }, {}])).toEqual(['Ww1']);
    expect(interWebhookPayoutIds({ descricaoPagamento: 'Ww2' })).toEqual(['Ww2']);
  });
  it("Brasília's civil date", () => {
    expect(brasiliaDate(new Date('2026-01-02T02:59:00Z'))).toBe('2026-01-01');
    expect(brasiliaDate(new Date('2026-01-02T03:00:00Z'))).toBe('2026-01-02');
  });
});
