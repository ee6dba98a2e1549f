import type { PspPix, PspPixReturn } from '../../domain/transactions/psp-pix';

const E2E = /^[a-zA-Z0-9]{32}$/;
const VALOR = /^(\d{1,10})\.(\d{2})$/;

/** Reais with two decimals (`"12.34"`) as cents, or null. */
export function centsOf(valor: unknown): number | null {
  const m = typeof valor === 'string' ? VALOR.exec(valor) : null;
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

/** The end-to-end ids a callback body names (`{pix: [{endToEndId, ...}]}`), each once; anything else is ignored. */
export function callbackEndToEndIds(body: unknown, max = 1_000): string[] {
  const pix = body !== null && typeof body === 'object' ? (body as { pix?: unknown }).pix : undefined;
  if (!Array.isArray(pix)) return [];
  // A sent Pix (Efí's `gnExtras.idEnvio`) is a payout of ours, not a payment received.
  const received = pix.filter((p) => !(p !== null && typeof p === 'object' && (p as { gnExtras?: { idEnvio?: unknown } }).gnExtras?.idEnvio !== undefined));
  const ids = received.map((p) => (p !== null && typeof p === 'object' ? (p as { endToEndId?: unknown }).endToEndId : undefined)).filter((id): id is string => typeof id === 'string' && E2E.test(id));
  return [...new Set(ids)].slice(0, max);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * A devolução as the PSP answers it (schema `Devolucao`: in `Pix.devolucoes`, and the answer
 * of `PUT|GET /pix/{e2eid}/devolucao/{id}`), or null when it is not one PixPay can read.
 */
export function pixReturn(d: unknown): PspPixReturn | null {
  if (d === null || typeof d !== 'object') return null;
  const r = d as { id?: unknown; rtrId?: unknown; valor?: unknown; natureza?: unknown; status?: unknown; motivo?: unknown };
  const cents = centsOf(r.valor);
  const id = text(r.id);
  const status = text(r.status);
  if (!id || cents === null || !status) return null;
  return { id, cents, nature: text(r.natureza) ?? 'ORIGINAL', status, reason: text(r.motivo), rtrId: text(r.rtrId) };
}

/** The PSP's own record of a Pix (schema `Pix`), or null when it is not one PixPay can read. */
export function receivedPix(pix: unknown): PspPix | null {
  if (pix === null || typeof pix !== 'object') return null;
  const p = pix as { endToEndId?: unknown; txid?: unknown; valor?: unknown; horario?: unknown; devolucoes?: unknown };
  const cents = centsOf(p.valor);
  const at = typeof p.horario === 'string' ? new Date(p.horario) : null;
  if (typeof p.endToEndId !== 'string' || !E2E.test(p.endToEndId) || cents === null || !at || Number.isNaN(at.getTime())) return null;
  const returns = Array.isArray(p.devolucoes) ? p.devolucoes.map(pixReturn).filter((r): r is PspPixReturn => r !== null) : [];
  return { endToEndId: p.endToEndId, txid: text(p.txid), cents, at, returns };
}
