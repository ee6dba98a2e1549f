import { describe, expect, it } from 'vitest';
import type { DueDateTerms } from '../../src/domain/due-date/due-date-terms';
import { cobvRequest } from '../../src/infra/apipix/cob-transformers';
import { requestProblems } from '../support/apipix-conformance';

const TXID = 'c'.repeat(32);
const customer = { name: 'Maria Souza', document: '52998224725', documentType: 'CPF' as const };
const terms = (t: Partial<DueDateTerms>): DueDateTerms => ({ dueDate: '2026-12-31', validityAfterDueDays: 30, fine: null, interest: null, abatement: null, discount: null, ...t });
const bodyOf = (dueDateTerms: DueDateTerms) => cobvRequest({ txid: TXID, amount: 12_345, expirationSeconds: 0, description: 'Mensalidade', customer, dueDateTerms }, 'chave@example.com');

describe('the PUT /cobv/{txid} body of a charge with a due date', () => {
  it("is the spec's cobBody1 in our terms, and the vendored spec accepts it", () => {
    const body = bodyOf(
      terms({
        fine: { modality: 'PERCENT', value: 1_500 },
        interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 200 },
        discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2026-11-30', value: 3_000 }] },
      }),
    );
    expect(body).toEqual({
      calendario: { dataDeVencimento: '2026-12-31', validadeAposVencimento: 30 },
      devedor: { cpf: '52998224725', nome: 'Maria Souza' },
      valor: {
        original: '123.45',
        multa: { modalidade: 2, valorPerc: '15.00' },
        juros: { modalidade: 2, valorPerc: '2.00' },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-11-30', valorPerc: '30.00' }] },
      },
      chave: 'chave@example.com',
      solicitacaoPagador: 'Mensalidade',
    });
    expect(requestProblems({ method: 'PUT', path: `/cobv/${TXID}`, body })).toEqual([]);
  });

  it('writes every modality by its API Pix number, each body valid for the spec', () => {
    const body = bodyOf(
      terms({
        fine: { modality: 'FIXED', value: 250 },
        interest: { modality: 'PERCENT_PER_YEAR_BUSINESS_DAYS', value: 1_200 },
        abatement: { modality: 'PERCENT', value: 50 },
        discount: { modality: 'PERCENT_PER_BUSINESS_DAY_EARLY', value: 10 },
      }),
    );
    expect(body.valor).toMatchObject({
      multa: { modalidade: 1, valorPerc: '2.50' },
      juros: { modalidade: 8, valorPerc: '12.00' },
      abatimento: { modalidade: 2, valorPerc: '0.50' },
      desconto: { modalidade: 6, valorPerc: '0.10' },
    });
    expect(requestProblems({ method: 'PUT', path: `/cobv/${TXID}`, body })).toEqual([]);
  });

  it('needs the payer', () => {
    expect(() => cobvRequest({ txid: TXID, amount: 100, expirationSeconds: 0, description: null, customer: null, dueDateTerms: terms({}) }, 'k')).toThrow(/payer/);
  });
});
