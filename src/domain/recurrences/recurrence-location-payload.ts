import { formatBrCodeAmount } from '../pix/amount';
import { PERIOD_IN_SPEC } from './recurrence-calendar';
import { SPEC_OF_RECURRENCE_STATUS } from './recurrence-status';
import type { Recurrence } from './recurrence.types';
import { RETRY_POLICY_IN_SPEC } from './retry-policy';

/** The receiver a payer's bank shows: the seller, and our institution's ISPB. */
export interface RecurrenceReceiver {
  name: string;
  documentType: 'CPF' | 'CNPJ';
  document: string;
  ispb: string;
}

const person = (p: { name: string; documentType: 'CPF' | 'CNPJ'; document: string }) => ({ [p.documentType === 'CNPJ' ? 'cnpj' : 'cpf']: p.document, nome: p.name });

/**
 * Its status history (`atualizacao`) from what is kept: created, approved when it was, and
 * a final status at the moment it ended (nothing changes a recurrence after that).
 */
function statusHistory(r: Recurrence): { status: string; data: string }[] {
  const history = [{ status: SPEC_OF_RECURRENCE_STATUS.CREATED, data: r.createdAt.toISOString() }];
  if (r.approvedAt) history.push({ status: SPEC_OF_RECURRENCE_STATUS.APPROVED, data: r.approvedAt.toISOString() });
  if (r.status !== 'CREATED' && r.status !== 'APPROVED') history.push({ status: SPEC_OF_RECURRENCE_STATUS[r.status], data: r.updatedAt.toISOString() });
  return history;
}

/**
 * What a payer's bank reads at a recurrence's location, the URL in its QR's template 80
 * (API Pix `GET /rec/{recUrlAccessToken}`, `RecPayload`): `idRec`, the contract and payer
 * (`vinculo`), the calendar, the fixed amount or the receiver's minimum, the retry policy,
 * the receiver and the status history; signed as a JWS by the door. Served whatever the
 * status (the spec leaves it to the receiver's institution), so the payer sees an ended one
 * as ended.
 */
export function recurrenceLocationPayload(r: Recurrence, receiver: RecurrenceReceiver): Record<string, unknown> {
  const vinculo: Record<string, unknown> = { contrato: r.contract.number, devedor: person(r.contract.payer) };
  if (r.contract.object) vinculo.objeto = r.contract.object;
  const calendario: Record<string, string> = { dataInicial: r.calendar.firstDate, periodicidade: PERIOD_IN_SPEC[r.calendar.period] };
  if (r.calendar.lastDate) calendario.dataFinal = r.calendar.lastDate;
  const payload: Record<string, unknown> = { idRec: r.recId, vinculo, calendario, politicaRetentativa: RETRY_POLICY_IN_SPEC[r.retryPolicy] };
  if (r.amount.type === 'FIXED') payload.valor = { valorRec: formatBrCodeAmount(r.amount.cents) };
  else if (r.amount.minimumCents !== null) payload.valor = { valorMinimoRecebedor: formatBrCodeAmount(r.amount.minimumCents) };
  payload.recebedor = { ...person(receiver), ispbParticipante: receiver.ispb };
  payload.atualizacao = statusHistory(r);
  return payload;
}
