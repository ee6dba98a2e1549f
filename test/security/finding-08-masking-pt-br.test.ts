import { describe, expect, it } from 'vitest';
import { maskPersonalData } from '../../src/domain/webhooks/masking';

/**
 * Issue #34, finding 8: metadata keys in Portuguese (`nomeCliente`, `telefone`,
 * `celular`, `documento`, `endereco`, `cpf do cliente`) were delivered in clear in
 * webhooks. Webhook payloads go through maskPersonalData before they are signed.
 */
const event = (metadata: Record<string, unknown>) => ({ event: 'TRANSACTION_PAID', data: { id: 'tx_1', end2endId: 'E00000000202601011200abcdefghijk', metadata } });
const metadataOf = (masked: Record<string, unknown>) => (masked.data as { metadata: Record<string, unknown> }).metadata;

describe('finding 8: masking knows Portuguese names and the shape of CPF and CNPJ', () => {
  it('masks the names the review found delivered in clear', () => {
    const clear = {
      nomeCliente: 'Maria Souza',
      telefone: '+55 11 98765-4321',
      celular: '11987654321',
      documento: '529.982.247-25',
      endereco: 'Rua das Flores, 100',
      'cpf do cliente': '52998224725',
    };
    const masked = metadataOf(maskPersonalData(event(clear)));
    for (const [key, value] of Object.entries(clear)) expect(masked[key], key).not.toBe(value);
    expect(JSON.stringify(masked)).not.toMatch(/Maria Souza|98765|529\.?982|Flores/);
  });

  it.each([
    ['Endereço', 'Rua A, 1'],
    ['ENDERECO_ENTREGA', 'Rua A, 1'],
    ['nome_completo', 'Maria Souza'],
    ['nome do pagador', 'Maria Souza'],
    ['telefoneContato', '+55 11 98765-4321'],
    ['cpfDoCliente', '529.982.247-25'],
    ['cnpj_empresa', '11.222.333/0001-81'],
    ['emailCliente', 'maria@example.com'],
    ['chave pix', 'maria@example.com'],
    ['dataNascimento', '1990-01-01'],
  ])('masks %s (common spellings: accents, case, spaces, _ and -)', (key, value) => {
    expect(metadataOf(maskPersonalData(event({ [key]: value })))[key]).not.toBe(value);
  });

  it('finds a CPF or CNPJ in free text by its shape; leaves ids and other numbers alone', () => {
    const masked = metadataOf(
      maskPersonalData(
        event({
          observacao: 'cliente de CPF 529.982.247-25, empresa 11.222.333/0001-81, outro 52998224725',
          pedido: 'pedido 12345678901 de 2026-01-01',
        }),
      ),
    );
    expect(masked.observacao).not.toMatch(/529\.982|11\.222|52998224725/);
    expect(masked.pedido).toBe('pedido 12345678901 de 2026-01-01');
    expect((maskPersonalData(event({})).data as { end2endId: string }).end2endId).toBe('E00000000202601011200abcdefghijk');
  });
});
