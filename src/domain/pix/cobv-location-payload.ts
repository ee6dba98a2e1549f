import { amountDue } from '../due-date/amount-due';
import { brasiliaDate, isCivilDate, type CivilDate } from '../due-date/civil-dates';
import type { HolidayCalendar } from '../privacy/business-days';
import { validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import type { Transaction } from '../transactions/transaction.types';
import { formatBrCodeAmount } from './amount';
import { cobStatus } from './location-payload';

/** What the payer's bank adds to a cobv location's URL (API Pix `GET /cobv/{pixUrlAccessToken}`). */
export interface CobvLocationQuery {
  /** IBGE municipality code of the payer (7 digits). */
  codMun?: unknown;
  /** Intended payment date, YYYY-MM-DD; default today in Brasília. */
  DPP?: unknown;
}

const money = (cents: Cents) => formatBrCodeAmount(cents);

/**
 * The payment date a cobv location is asked for, checked as API Pix's CobPayloadOperacaoInvalida
 * says (400): `codMun` of 7 digits (`INVALID_COD_MUN`; not checked against the IBGE table, and
 * the payer's municipal holidays are not known: national ones only), `DPP` a date
 * (`INVALID_DPP`), not before today, not after the last payable day.
 */
export function intendedPaymentDate(q: CobvLocationQuery, lastPayableDate: CivilDate, now: Date): CivilDate {
  if (q.codMun !== undefined && (typeof q.codMun !== 'string' || !/^\d{7}$/.test(q.codMun))) {
    throw validationError('INVALID_COD_MUN', 'codMun must be an IBGE municipality code of 7 digits', { field: 'codMun' });
  }
  const today = brasiliaDate(now);
  if (q.DPP === undefined) return today;
  if (typeof q.DPP !== 'string' || !isCivilDate(q.DPP)) throw validationError('INVALID_DPP', 'DPP must be a date YYYY-MM-DD', { field: 'DPP' });
  if (q.DPP < today) throw validationError('INVALID_DPP', `DPP must not be before today (${today})`, { field: 'DPP' });
  if (q.DPP > lastPayableDate) throw validationError('INVALID_DPP', `DPP must not be after the last payable day (${lastPayableDate})`, { field: 'DPP' });
  return q.DPP;
}

/**
 * What a payer's bank reads at the location of a charge with a due date (API Pix
 * `CobVPayload`): the calendar with the due date and validity, the payer (devedor), the
 * status, and the value on the intended payment date with its fine, interest, abatement
 * and discount (each present when not zero) and `final`; signed as a JWS by the door.
 */
export function cobvLocationPayload(t: Transaction, presentedAt: Date, q: CobvLocationQuery, calendar: HolidayCalendar): Record<string, unknown> {
  const charge = t.dueDateCharge!;
  const day = intendedPaymentDate(q, charge.lastPayableDate, presentedAt);
  const due = amountDue(charge.terms, charge.originalAmount, day, calendar);
  const c = charge.paid ?? (due.payable ? due.components : null);
  const valor: Record<string, string> = { original: money(charge.originalAmount) };
  if (c) {
    if (c.fine > 0) valor.multa = money(c.fine);
    if (c.interest > 0) valor.juros = money(c.interest);
    if (c.abatement > 0) valor.abatimento = money(c.abatement);
    if (c.discount > 0) valor.desconto = money(c.discount);
    valor.final = money(c.final);
  } else valor.final = money(charge.originalAmount);
  const devedor: Record<string, string> = { nome: t.customer?.name ?? '' };
  if (t.customer?.document) devedor[t.customer.documentType === 'CNPJ' ? 'cnpj' : 'cpf'] = t.customer.document;
  const payload: Record<string, unknown> = {
    txid: t.txid,
    revisao: 0,
    calendario: {
      criacao: t.createdAt.toISOString(),
      apresentacao: presentedAt.toISOString(),
      dataDeVencimento: charge.terms.dueDate,
      validadeAposVencimento: charge.terms.validityAfterDueDays,
    },
    devedor,
    status: cobStatus(t),
    valor,
  };
  if (t.description) payload.solicitacaoPagador = t.description.slice(0, 140);
  return payload;
}
