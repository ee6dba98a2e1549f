import { createHash } from 'node:crypto';
import type { PayoutAnswer, PayoutRecord } from '../../../domain/withdrawals/payout-psp.ports';
import type { PayoutOrder } from '../../../domain/withdrawals/withdrawals.ports';
import { reais } from '../../apipix/cob-transformers';
import { interStatementDebits } from './inter-account-transformers';

/**
 * What Banco Inter's "Pagamento Pix" fields mean (developers.inter.co, API Banking v2,
 * "Pix Pagamento"; the inter-co pj-sdk-* `BankingPixClient`, `PixTransaction`, `PixStatus`).
 * docs/operate/going-live.md, Payouts, has the table.
 */

/** Inter's payout statuses (`transacaoPix.status`), in withdrawal words. The partial ones are not acted on. */
export const INTER_PAYOUT_STATUS: Readonly<Record<string, PayoutRecord['status']>> = {
  CRIADO: 'PROCESSING',
  AGUARDANDO_APROVACAO: 'PROCESSING',
  APROVADO: 'PROCESSING',
  AGENDADO: 'PROCESSING',
  ENVIADO: 'PROCESSING',
  DEBITADO: 'PROCESSING',
  TRANSACAO_CRIADA: 'PROCESSING',
  TRANSACAO_APROVADA: 'PROCESSING',
  PIX_ENVIADO: 'PROCESSING',
  PAGO: 'PAID',
  PIX_PAGO: 'PAID',
  REPROVADO: 'FAILED',
  EXPIRADO: 'FAILED',
  CANCELADO: 'FAILED',
  FALHA: 'FAILED',
  CANCELADO_SEM_SALDO: 'FAILED',
  NAO_DEBITADO: 'FAILED',
  AGENDAMENTO_CANCELADO: 'FAILED',
};

/** `descricao`: at most 140 characters. */
const DESCRICAO_MAX = 140;

/**
 * The payment's `descricao`: our identifier first, so that Inter's statement
 * (`detalhes.descricaoPix`) and its webhook (`descricaoPagamento`) name the payout by it; then
 * the withdrawal's own description.
 */
export function interDescricao(pspPayoutId: string, description: string | null): string {
  const info = description?.trim();
  return [...(info ? `${pspPayoutId} ${info}` : pspPayoutId)].slice(0, DESCRICAO_MAX).join('');
}

/** The body of `POST /banking/v2/pix`: the amount in reais (a JSON number), today, to the recipient's key. */
export function interSendBody(order: PayoutOrder & { pspPayoutId: string }): Record<string, unknown> {
  return { valor: Number(reais(order.amount)), descricao: interDescricao(order.pspPayoutId, order.description), destinatario: { tipo: 'CHAVE', chave: order.pixKey } };
}

/**
 * `x-id-idempotente`: a UUID (version 5 form, SHA-1 of our identifier) derived from our
 * identifier alone, so that every send of one payout carries the same key.
 */
export function interIdempotencyKey(pspPayoutId: string): string {
  const h = createHash('sha1').update(`pixpay-payout:${pspPayoutId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const object = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function instant(v: unknown): Date | undefined {
  const s = text(v);
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

/** `codigoSolicitacao` of the answer to `POST /banking/v2/pix`, or null. */
export function interRequestCode(body: unknown): string | null {
  return text(object(body)?.codigoSolicitacao);
}

/** `endToEndId` of the answer to `POST /banking/v2/pix`, when Inter knows it already. */
export function interEndToEndId(body: unknown): string | null {
  return text(object(body)?.endToEndId);
}

/**
 * Inter's record of a payout (`GET /banking/v2/pix/{codigoSolicitacao}`: `{transacaoPix,
 * historico}`), or null when it is another payout, an unknown or partial status, or PAID
 * without an end-to-end id.
 */
export function interPayoutRecord(body: unknown, codigoSolicitacao: string): PayoutRecord | null {
  const t = object(object(body)?.transacaoPix);
  if (!t) return null;
  if (t.codigoSolicitacao !== undefined && t.codigoSolicitacao !== codigoSolicitacao) return null;
  const status = typeof t.status === 'string' ? INTER_PAYOUT_STATUS[t.status] : undefined;
  if (!status) return null;
  const end2end = text(t.endToEnd) ?? undefined;
  if (status === 'PAID' && !end2end) return null;
  const record: PayoutRecord = { status };
  if (end2end) record.end2end = end2end;
  const at = instant(t.dataHoraMovimento);
  if (at && status !== 'PROCESSING') record.at = at;
  if (status === 'FAILED') {
    const erro = Array.isArray(t.erros) ? object(t.erros[0]) : null;
    const reason = [text(erro?.codigoErro), text(erro?.descricaoErro)].filter(Boolean).join(': ');
    record.reason = reason || `the PSP did not make the payout (${t.status as string})`;
  }
  return record;
}

/** Inter's error body: `{title, detail, timestamp, violacoes}`. */
function interError(body: unknown): string | null {
  const b = object(body);
  return [text(b?.title), text(b?.detail)].filter(Boolean).join(': ') || null;
}

/**
 * A 4xx answer to `POST /banking/v2/pix`, in the exactly-once rules' words: 400 and 422 refuse
 * the payment itself (Inter made nothing); 409 says the idempotency key was used; anything
 * else (401, 403: credentials, scope) is our setup's fault, not the payout's.
 */
export function interSendProblem(status: number, body: unknown): PayoutAnswer {
  const message = interError(body);
  if (status === 409) return { kind: 'duplicate' };
  if (status === 400 || status === 422) return { kind: 'refused', reason: message ?? `refused by the PSP (${status})` };
  return { kind: 'unknown', reason: `the PSP answered ${status}${message ? ` ${message}` : ''}` };
}

/** A payout of ours as one page of the enriched statement lists it. */
export interface InterListedPayout {
  codigoSolicitacao: string | null;
  endToEndId: string | null;
}

/**
 * One page of `GET /banking/v2/extrato/completo`: the Pix debit whose `detalhes.descricaoPix`
 * names this payout (our identifier is its first word), and how many pages there are; null
 * when the body is not a page.
 */
export function interStatementPage(body: unknown, pspPayoutId: string): { match: InterListedPayout | null; totalPages: number } | null {
  const page = interStatementDebits(body);
  if (!page) return null;
  const debit = page.debits.find((d) => d.named === pspPayoutId);
  return { match: debit ? { codigoSolicitacao: debit.codigoSolicitacao, endToEndId: debit.endToEndId } : null, totalPages: page.totalPages };
}

const PSP_ID = /^[a-zA-Z0-9]{1,35}$/;

/**
 * Our identifiers in a `pix-pagamento` webhook (a list of `{codigoSolicitacao, status,
 * descricaoPagamento, ...}`, or one of them): the first word of each `descricaoPagamento`.
 */
export function interWebhookPayoutIds(body: unknown, max = 1_000): string[] {
  const items = Array.isArray(body) ? body : [body];
  const ids = items
    .map((i) => text(object(i)?.descricaoPagamento)?.split(/\s/, 1)[0])
    .filter((id): id is string => typeof id === 'string' && PSP_ID.test(id));
  return [...new Set(ids)].slice(0, max);
}

/** A civil date in Brasília (UTC-3, no daylight saving since 2019), as Inter's statement takes it. */
export function brasiliaDate(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}
