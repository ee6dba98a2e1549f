import type { Transaction } from '../transactions/transaction.types';
import { formatBrCodeAmount } from './amount';

/** Central Bank status words of a charge (cob) as its location reports them. */
export function cobStatus(t: Pick<Transaction, 'status'>): 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_PSP' {
  switch (t.status) {
    case 'PENDING':
    case 'WAITING_PAYMENT':
    case 'PROCESSING':
    case 'AUTHORIZED':
      return 'ATIVA';
    case 'EXPIRED':
    case 'FAILED':
    case 'REFUSED':
    case 'BLOCKED':
      return 'REMOVIDA_PELO_PSP';
    default:
      return 'CONCLUIDA';
  }
}

/**
 * What a payer's bank reads at the charge's location URL (API Pix `cob` payload):
 * txid, calendar, value and status; signed as a JWS by the adapter that serves it.
 */
export function locationPayload(t: Transaction, presentedAt: Date): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    txid: t.txid,
    revisao: 0,
    calendario: {
      criacao: t.createdAt.toISOString(),
      apresentacao: presentedAt.toISOString(),
      expiracao: Math.round(((t.pix?.expiresAt ?? t.createdAt).getTime() - t.createdAt.getTime()) / 1_000),
    },
    status: cobStatus(t),
    valor: { original: formatBrCodeAmount(t.amount) },
  };
  if (t.description) payload.solicitacaoPagador = t.description.slice(0, 140);
  return payload;
}
