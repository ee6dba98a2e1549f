import { type Label, type Labels, labelOf } from './label';

/**
 * The statement's line descriptions as the ledger writes them (English, stored with
 * each entry), and what they say in each language. A test fails when the ledger gains
 * a description without a label here.
 */
export const STATEMENT_DESCRIPTION_LABELS = {
  'PIX received': ['PIX recebido', 'PIX received'],
  'PIX cash-in fee': ['Tarifa de recebimento PIX', 'PIX cash-in fee'],
  'Boleto paid': ['Boleto pago', 'Boleto paid'],
  'Boleto fee': ['Tarifa de boleto', 'Boleto fee'],
  'Card payment approved': ['Pagamento com cartão aprovado', 'Card payment approved'],
  'Card fee': ['Tarifa de cartão', 'Card fee'],
  Refund: ['Reembolso', 'Refund'],
  'Refund not made': ['Reembolso não realizado', 'Refund not made'],
  'Chargeback (MED)': ['Devolução (MED)', 'Chargeback (MED)'],
  'Chargeback reversed': ['Devolução estornada', 'Chargeback reversed'],
  'Balance retained (dispute)': ['Saldo retido (disputa)', 'Balance retained (dispute)'],
  'Retained balance released': ['Saldo retido liberado', 'Retained balance released'],
  'Balance retained (review)': ['Saldo retido (análise)', 'Balance retained (review)'],
  'Retained balance released (review)': ['Saldo retido liberado (análise)', 'Retained balance released (review)'],
  'Dispute lost': ['Disputa perdida', 'Dispute lost'],
  Withdrawal: ['Saque', 'Withdrawal'],
  'Withdrawal fee': ['Tarifa de saque', 'Withdrawal fee'],
  'Withdrawal refunded': ['Saque devolvido', 'Withdrawal refunded'],
  'Withdrawal fee refunded': ['Tarifa de saque devolvida', 'Withdrawal fee refunded'],
  'PIX received (split)': ['PIX recebido (divisão)', 'PIX received (split)'],
  'PIX cash-in fee (split)': ['Tarifa de recebimento PIX (divisão)', 'PIX cash-in fee (split)'],
  'Refund (split)': ['Reembolso (divisão)', 'Refund (split)'],
  'Chargeback (MED) (split)': ['Devolução (MED) (divisão)', 'Chargeback (MED) (split)'],
  'Chargeback reversed (split)': ['Devolução estornada (divisão)', 'Chargeback reversed (split)'],
  'Dispute lost (split)': ['Disputa perdida (divisão)', 'Dispute lost (split)'],
} as const satisfies Labels;

/** Descriptions made of a fixed start and the operator's own words (`Correction: <reason>`). */
export const STATEMENT_DESCRIPTION_PREFIXES: Readonly<Record<string, Label>> = {
  'Correction: ': ['Correção: ', 'Correction: '],
};

/** A forced debit the balances did not cover ends with what is owed (`Dispute lost (500 cents owed)`). */
const OWED = /^(.*) \((\d+) cents owed\)$/;
const OWED_WORDS: Label = ['em dívida', 'owed'];

/** A split charge's line ends with its marketplace and end-to-end id (`PIX received (split) [marketplace m, E2E e]`), kept as written. */
const SPLIT_ORIGIN = /^(.*) \[(marketplace [^\]]+)\]$/;

/**
 * A statement line's description in the locale, amounts owed in `money`; one the
 * dashboard does not know is shown as written.
 */
export function statementDescription(description: string, locale: 'pt-BR' | 'en', money: (cents: number) => string): string {
  const owed = OWED.exec(description);
  if (owed) return `${statementDescription(owed[1]!, locale, money)} (${money(Number(owed[2]))} ${OWED_WORDS[locale === 'en' ? 1 : 0]})`;
  const split = SPLIT_ORIGIN.exec(description);
  if (split) return `${statementDescription(split[1]!, locale, money)} [${split[2]}]`;
  const whole = labelOf(STATEMENT_DESCRIPTION_LABELS, description, locale);
  if (whole !== undefined) return whole;
  const i = locale === 'en' ? 1 : 0;
  for (const [prefix, label] of Object.entries(STATEMENT_DESCRIPTION_PREFIXES)) {
    if (description.startsWith(prefix)) return label[i] + description.slice(prefix.length);
  }
  return description;
}
