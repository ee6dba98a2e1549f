/** What PixPay reads of a Pix the PSP says it received (`GET /pix/{e2eid}`, schema `Pix`). */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  cents: number;
  at: Date;
}

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
  const ids = pix.map((p) => (p !== null && typeof p === 'object' ? (p as { endToEndId?: unknown }).endToEndId : undefined)).filter((id): id is string => typeof id === 'string' && E2E.test(id));
  return [...new Set(ids)].slice(0, max);
}

/** The PSP's own record of a Pix, or null when it is not one PixPay can read. */
export function receivedPix(pix: unknown): ReceivedPix | null {
  if (pix === null || typeof pix !== 'object') return null;
  const p = pix as { endToEndId?: unknown; txid?: unknown; valor?: unknown; horario?: unknown };
  const cents = centsOf(p.valor);
  const at = typeof p.horario === 'string' ? new Date(p.horario) : null;
  if (typeof p.endToEndId !== 'string' || !E2E.test(p.endToEndId) || cents === null || !at || Number.isNaN(at.getTime())) return null;
  return { endToEndId: p.endToEndId, txid: typeof p.txid === 'string' && p.txid !== '' ? p.txid : null, cents, at };
}
