import { describe, expect, it } from 'vitest';
import { efiPayoutRecord, efiSendBody, efiSendProblem, efiWebhookPayoutIds } from './efi-payout-transformers';

const order = { withdrawalId: 'w1', amount: 1_234, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' as const, beneficiaryName: 'Ana', beneficiaryDocumentNumber: '52998224725', description: 'Saque', createdAt: new Date() };

describe("Efí's payout fields", () => {
  it('the send body: reais, our paying key, the recipient key with its holder CPF', () => {
    expect(efiSendBody(order, 'pagadora@pixpay.example')).toEqual({ valor: '12.34', pagador: { chave: 'pagadora@pixpay.example', infoPagador: 'Saque' }, favorecido: { chave: 'ana@example.com', cpf: '52998224725' } });
  });
  it('statuses map by the table; the PUT names the end-to-end id e2eId, the GET endToEndId', () => {
    expect(efiPayoutRecord({ idEnvio: 'W1', e2eId: 'E1', status: 'EM_PROCESSAMENTO', horario: { solicitacao: '2026-01-01T00:00:00Z' } }, 'W1')).toEqual({ status: 'PROCESSING', end2end: 'E1' });
    expect(efiPayoutRecord({ idEnvio: 'W1', endToEndId: 'E2', status: 'REALIZADO', horario: { liquidacao: '2026-01-01T00:01:00Z' } }, 'W1')).toEqual({ status: 'PAID', end2end: 'E2', at: new Date('2026-01-01T00:01:00Z') });
    expect(efiPayoutRecord({ idEnvio: 'W1', endToEndId: 'E2', status: 'NAO_REALIZADO', gnExtras: { erro: { codigo: 'AC03', motivo: 'conta inválida' } } }, 'W1')).toMatchObject({ status: 'FAILED', reason: 'AC03: conta inválida' });
  });
  it('another payout, an unknown status or PAID without an end-to-end id is not read', () => {
    expect(efiPayoutRecord({ idEnvio: 'W2', status: 'REALIZADO', endToEndId: 'E' }, 'W1')).toBeNull();
    expect(efiPayoutRecord({ idEnvio: 'W1', status: 'DEVOLVIDO' }, 'W1')).toBeNull();
    expect(efiPayoutRecord({ idEnvio: 'W1', status: 'REALIZADO' }, 'W1')).toBeNull();
  });
  it('errors: 409 id_envio_duplicado is a duplicate, a bad key a refusal, our setup unknown', () => {
    expect(efiSendProblem(409, { nome: 'id_envio_duplicado', mensagem: 'm' })).toEqual({ kind: 'duplicate' });
    expect(efiSendProblem(400, { nome: 'chave_invalida', mensagem: 'm' })).toEqual({ kind: 'refused', reason: 'chave_invalida: m' });
    expect(efiSendProblem(422, { nome: 'pagamento_negado', mensagem: 'm' }).kind).toBe('refused');
    expect(efiSendProblem(403, { type: 'AcessoNegado' }).kind).toBe('unknown');
  });
  it('webhook items carrying gnExtras.idEnvio name payouts', () => {
    const body = { pix: [{ endToEndId: 'E1', tipo: 'SOLICITACAO', gnExtras: { idEnvio: 'W1' } }, { endToEndId: 'E2', gnExtras: { idEnvio: 'W1' } }, { endToEndId: 'E3', txid: 't' }] };
    expect(efiWebhookPayoutIds(body)).toEqual(['W1']);
  });
});
