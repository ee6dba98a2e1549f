import { EXPORT_COST, type SellerClass } from '../domain/rate-limits/rate-limit-classes';

const LISTS = new Set(['/api/v1/cobranca/transactions', '/api/v1/cobranca/withdrawals', '/balance-statement/statements', '/balance-statement/summary', '/v1/disputes']);
/** A full personal-data export reads every row of the account: priced like a CSV export. */
const EXPORTS = new Set(['/data-subject/export']);
const WEBHOOKS = /^\/v1\/webhooks(\/|$)/;

/** Which seller budget a REST request spends, and how many points. */
export function restLimitClass(method: string, path: string, query: Record<string, unknown>): { limitClass: SellerClass; cost: number } {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (WEBHOOKS.test(p)) return { limitClass: 'webhooks', cost: 1 };
  if (method !== 'GET' && method !== 'HEAD') return { limitClass: 'creates', cost: 1 };
  if (EXPORTS.has(p)) return { limitClass: 'lists', cost: EXPORT_COST };
  if (LISTS.has(p)) return { limitClass: 'lists', cost: query.csv === 'true' ? EXPORT_COST : 1 };
  return { limitClass: 'reads', cost: 1 };
}
