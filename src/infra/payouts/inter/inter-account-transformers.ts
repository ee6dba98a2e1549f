/**
 * What Banco Inter's account reads mean to payouts (developers.inter.co, API Banking v2,
 * "Saldo" and "Extrato"; the inter-co pj-sdk-* `Balance`, `EnrichedTransaction`):
 * docs/operate/going-live.md, Payouts, has the table.
 */

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const object = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

const REAIS = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;
/** Our identifiers at the PSP: 1 to 35 letters and digits. */
const PSP_ID = /^[a-zA-Z0-9]{1,35}$/;

/**
 * An amount in reais as Inter writes it (a JSON number, or a decimal string in the
 * statement), in cents; null when it is neither or has more than two decimals.
 */
export function interCents(v: unknown): number | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Math.abs(v) > 1e12) return null;
    const cents = Math.round(v * 100);
    return Math.abs(v * 100 - cents) < 1e-6 ? cents : null;
  }
  const m = typeof v === 'string' ? REAIS.exec(v) : null;
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/**
 * The float from `GET /banking/v2/saldo` (`{disponivel, bloqueadoCheque,
 * bloqueadoJudicialmente, bloqueadoAdministrativo, limite}`): `disponivel` alone, in cents.
 * Blocked amounts cannot be spent, and the overdraft `limite` is credit, not the platform's
 * money: neither covers a payout. Null when the body is not a balance.
 */
export function interBalanceCents(body: unknown): number | null {
  return interCents(object(body)?.disponivel);
}

/** A Pix debit of the enriched statement: a payment made from the platform's account. */
export interface InterStatementDebit {
  /** Our identifier, when the payment's description leads with one (ours or not: the ledger says). */
  named: string | null;
  codigoSolicitacao: string | null;
  endToEndId: string | null;
  /** Null when the amount cannot be read. */
  cents: number | null;
}

/**
 * The Pix debits of one page of `GET /banking/v2/extrato/completo` (`{totalPaginas,
 * transacoes: [{tipoOperacao, tipoTransacao, valor, detalhes: {descricaoPix,
 * codigoSolicitacao, endToEndId}}]}`) and how many pages there are; null when the body is not
 * a page. Credits (a failed payout's reversal among them) are left out.
 */
export function interStatementDebits(body: unknown): { debits: InterStatementDebit[]; totalPages: number } | null {
  const b = object(body);
  if (!b || !Array.isArray(b.transacoes) || typeof b.totalPaginas !== 'number') return null;
  const debits: InterStatementDebit[] = [];
  for (const t of b.transacoes.map(object)) {
    const d = object(t?.detalhes);
    if (t?.tipoOperacao !== 'D' || t.tipoTransacao !== 'PIX') continue;
    const first = text(d?.descricaoPix)?.split(/\s/, 1)[0];
    debits.push({ named: first && PSP_ID.test(first) ? first : null, codigoSolicitacao: text(d?.codigoSolicitacao), endToEndId: text(d?.endToEndId), cents: interCents(t.valor) });
  }
  return { debits, totalPages: b.totalPaginas };
}
