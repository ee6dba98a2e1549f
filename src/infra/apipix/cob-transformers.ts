import type { Cents } from '../../domain/shared/money';
import type { PixChargeRegistration, RegisteredPixCharge } from '../../domain/transactions/transactions.ports';
import { ABATEMENT_MODALITIES, apiPixModality, DISCOUNT_MODALITIES, FINE_MODALITIES, INTEREST_MODALITIES } from '../../domain/due-date/due-date-terms';

/** API Pix `solicitacaoPagador`: at most 140 characters. */
export const SOLICITACAO_PAGADOR_MAX = 140;
/** API Pix `PessoaFisica.nome` / `PessoaJuridica.nome`: at most 200 characters. */
const DEVEDOR_NOME_MAX = 200;

/** Cents as the API Pix writes money: reais with two decimals, as a string (`1234` -> `"12.34"`). */
export function reais(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The API Pix `CobSolicitada` body of `PUT /cob/{txid}` for one of our charges. */
export function cobRequest(input: PixChargeRegistration, chave: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    calendario: { expiracao: input.expirationSeconds },
    valor: { original: reais(input.amount) },
    chave,
  };
  const devedor = devedorOf(input.customer);
  if (devedor) body.devedor = devedor;
  const solicitacao = input.description?.trim();
  if (solicitacao) body.solicitacaoPagador = [...solicitacao].slice(0, SOLICITACAO_PAGADOR_MAX).join('');
  return body;
}

/**
 * The API Pix `CobVSolicitada` body of `PUT /cobv/{txid}` for one of our charges with a due
 * date: the modalities are API Pix's numbers (their position in our lists), and every
 * `valorPerc` is written with two decimals, reais for the fixed ones and percent for the others
 * (our integers are cents or hundredths of a percent alike). The payer is required.
 */
export function cobvRequest(input: PixChargeRegistration, chave: string): Record<string, unknown> {
  const terms = input.dueDateTerms;
  const devedor = devedorOf(input.customer);
  if (!terms || !devedor) throw new Error(`charge ${input.txid}: a cobv needs due-date terms and a payer with a name and a document`);
  const valor: Record<string, unknown> = { original: reais(input.amount) };
  const term = (table: readonly string[], t: { modality: string; value: number }) => ({ modalidade: apiPixModality(table, t.modality), valorPerc: reais(t.value) });
  if (terms.fine) valor.multa = term(FINE_MODALITIES, terms.fine);
  if (terms.interest) valor.juros = term(INTEREST_MODALITIES, terms.interest);
  if (terms.abatement) valor.abatimento = term(ABATEMENT_MODALITIES, terms.abatement);
  const d = terms.discount;
  if (d) {
    const modalidade = apiPixModality(DISCOUNT_MODALITIES, d.modality);
    valor.desconto = 'dates' in d ? { modalidade, descontoDataFixa: d.dates.map((x) => ({ data: x.until, valorPerc: reais(x.value) })) } : { modalidade, valorPerc: reais(d.value) };
  }
  const body: Record<string, unknown> = {
    calendario: { dataDeVencimento: terms.dueDate, validadeAposVencimento: terms.validityAfterDueDays },
    devedor,
    valor,
    chave,
  };
  const solicitacao = input.description?.trim();
  if (solicitacao) body.solicitacaoPagador = [...solicitacao].slice(0, SOLICITACAO_PAGADOR_MAX).join('');
  return body;
}

/**
 * The debtor, when the customer has a name and a document: the spec allows a name only
 * beside a CPF or a CNPJ, never both documents.
 */
function devedorOf(customer: PixChargeRegistration['customer']): Record<string, string> | null {
  const nome = customer?.name?.trim();
  if (!customer || !nome || !customer.document) return null;
  const short = [...nome].slice(0, DEVEDOR_NOME_MAX).join('');
  if (customer.documentType === 'CPF') return { cpf: customer.document, nome: short };
  if (customer.documentType === 'CNPJ') return { cnpj: customer.document, nome: short };
  return null;
}

export interface CobAnswer {
  txid?: unknown;
  status?: unknown;
  chave?: unknown;
  valor?: { original?: unknown };
  pixCopiaECola?: unknown;
}

/**
 * Reads a cob the PSP answered (created, or found on a retry) as our registered charge.
 * Null when it is not the cob we asked for (another amount or key, or no longer active),
 * or when it carries no BR Code.
 */
export function registeredCharge(cob: CobAnswer, expected: { txid: string; amount: Cents; chave: string }): RegisteredPixCharge | null {
  if (cob.txid !== undefined && cob.txid !== expected.txid) return null;
  if (cob.status !== 'ATIVA') return null;
  if (cob.chave !== expected.chave || cob.valor?.original !== reais(expected.amount)) return null;
  if (typeof cob.pixCopiaECola !== 'string' || cob.pixCopiaECola === '') return null;
  return { copyPaste: cob.pixCopiaECola };
}
