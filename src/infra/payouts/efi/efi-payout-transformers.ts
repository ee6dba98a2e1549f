import type { PayoutAnswer, PayoutRecord } from '../../../domain/withdrawals/payout-psp.ports';
import type { PspSentPayout } from '../../../domain/reconciliation/payout-reconciliation';
import type { PayoutOrder } from '../../../domain/withdrawals/withdrawals.ports';
import { reais } from '../../apipix/cob-transformers';
import { centsOf } from '../../apipix/received-pix';

/**
 * What Efí's payout fields mean (dev.efipay.com.br, "Envio e pagamento Pix"; the efipay
 * SDKs' `pixSend` / `pixSendDetailId`). docs/operate/going-live.md, Payouts, has the table.
 */

/** Efí's payout status words, in withdrawal words. Anything else is not acted on (the poll reads it again). */
export const EFI_PAYOUT_STATUS: Readonly<Record<string, PayoutRecord['status']>> = {
  EM_PROCESSAMENTO: 'PROCESSING',
  REALIZADO: 'PAID',
  NAO_REALIZADO: 'FAILED',
};

/** `infoPagador`: at most 140 characters. */
const INFO_PAGADOR_MAX = 140;

/** The body of `PUT /v3/gn/pix/:idEnvio`: the amount, the paying key (ours) and the recipient's key. */
export function efiSendBody(order: PayoutOrder, payerKey: string): Record<string, unknown> {
  const pagador: Record<string, string> = { chave: payerKey };
  const info = order.description?.trim();
  if (info) pagador.infoPagador = [...info].slice(0, INFO_PAGADOR_MAX).join('');
  const favorecido: Record<string, string> = { chave: order.pixKey };
  // Efí checks the key's holder against a CPF or CNPJ given beside it (400 chave_nao_pertence_ao_documento).
  const doc = order.beneficiaryDocumentNumber;
  if (doc?.length === 11) favorecido.cpf = doc;
  else if (doc?.length === 14) favorecido.cnpj = doc;
  return { valor: reais(order.amount), pagador, favorecido };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function instant(v: unknown): Date | undefined {
  const s = text(v);
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

/**
 * Efí's record of a payout (the answer of the PUT and of `GET /v2/gn/pix/enviados/id-envio/:idEnvio`),
 * or null when it is not the payout asked for or cannot be read. The PUT's answer names the
 * end-to-end id `e2eId` (Efí's documentation) and the GET's `endToEndId`: both are read.
 */
export function efiPayoutRecord(body: unknown, idEnvio: string): PayoutRecord | null {
  if (body === null || typeof body !== 'object') return null;
  const b = body as { idEnvio?: unknown; status?: unknown; endToEndId?: unknown; e2eId?: unknown; horario?: { solicitacao?: unknown; liquidacao?: unknown } | null; gnExtras?: { erro?: { motivo?: unknown; codigo?: unknown } } };
  if (b.idEnvio !== undefined && b.idEnvio !== idEnvio) return null;
  const status = typeof b.status === 'string' ? EFI_PAYOUT_STATUS[b.status] : undefined;
  if (!status) return null;
  const end2end = text(b.endToEndId) ?? text(b.e2eId) ?? undefined;
  if (status === 'PAID' && !end2end) return null;
  const record: PayoutRecord = { status };
  if (end2end) record.end2end = end2end;
  const at = instant(b.horario?.liquidacao) ?? instant(b.horario?.solicitacao);
  if (at && status !== 'PROCESSING') record.at = at;
  if (status === 'FAILED') {
    const erro = b.gnExtras?.erro;
    record.reason = [text(erro?.codigo), text(erro?.motivo)].filter(Boolean).join(': ') || 'the PSP did not make the payout (NAO_REALIZADO)';
  }
  return record;
}

/** Efí's error body: `{nome, mensagem}`. */
export function efiError(body: unknown): { nome: string | null; mensagem: string | null } {
  const b = body !== null && typeof body === 'object' ? (body as { nome?: unknown; mensagem?: unknown }) : {};
  return { nome: text(b.nome), mensagem: text(b.mensagem) };
}

/**
 * The refusals of a send after which Efí holds nothing and never will (the payout failed):
 * the recipient's key or its holder, the amount, the account's or the payment's denial.
 */
const REFUSALS = new Set(['chave_invalida', 'chave_nao_pertence_ao_documento', 'valor_invalido', 'pagamento_negado', 'documento_bloqueado', 'saldo_insuficiente']);

/** A 4xx answer to `PUT /v3/gn/pix/:idEnvio`, in the exactly-once rules' words. */
export function efiSendProblem(status: number, body: unknown): PayoutAnswer {
  const { nome, mensagem } = efiError(body);
  if (status === 409 && nome === 'id_envio_duplicado') return { kind: 'duplicate' };
  if ((status === 400 || status === 422) && nome && REFUSALS.has(nome)) return { kind: 'refused', reason: `${nome}: ${mensagem ?? 'refused by the PSP'}` };
  // 401/403 (credentials, scope pix.send) and anything unexpected: our setup, not the payout's fault.
  return { kind: 'unknown', reason: `the PSP answered ${status}${nome ? ` ${nome}` : ''}` };
}

/** The `idEnvio` of every payout a webhook names (`{pix: [{tipo: "SOLICITACAO", gnExtras: {idEnvio}}]}`), each once. */
export function efiWebhookPayoutIds(body: unknown, max = 1_000): string[] {
  const pix = body !== null && typeof body === 'object' ? (body as { pix?: unknown }).pix : undefined;
  if (!Array.isArray(pix)) return [];
  const ids = pix
    .map((p) => (p !== null && typeof p === 'object' ? (p as { gnExtras?: { idEnvio?: unknown } }).gnExtras?.idEnvio : undefined))
    .filter((id): id is string => typeof id === 'string' && /^[a-zA-Z0-9]{1,35}$/.test(id));
  return [...new Set(ids)].slice(0, max);
}

/** The platform's balance in cents from `GET /v2/gn/saldo` (`{"saldo": "1234.56"}`), or null. */
export function efiBalanceCents(body: unknown): number | null {
  return centsOf(body !== null && typeof body === 'object' ? (body as { saldo?: unknown }).saldo : undefined);
}

/** One payout of Efí's list (`GET /v2/gn/pix/enviados`), or null when it cannot be read. */
export function efiSentPayout(item: unknown): PspSentPayout | null {
  if (item === null || typeof item !== 'object') return null;
  const b = item as { idEnvio?: unknown; endToEndId?: unknown; valor?: unknown; status?: unknown };
  const pspPayoutId = text(b.idEnvio);
  const cents = centsOf(b.valor);
  const status = typeof b.status === 'string' ? EFI_PAYOUT_STATUS[b.status] : undefined;
  if (!pspPayoutId || cents === null || !status) return null;
  return { pspPayoutId, endToEndId: text(b.endToEndId), cents, status };
}
