import type { RequestHandler } from 'express';

const AUTHENTICATES = Symbol('authenticates');
const SPENDS_BUDGET = Symbol('spendsBudget');

type Marked = RequestHandler & { [AUTHENTICATES]?: true; [SPENDS_BUDGET]?: true };

/** Marks a handler that authenticates a caller (auth.ts). */
export const markAuthenticates = <H extends RequestHandler>(h: H): H => Object.assign(h, { [AUTHENTICATES]: true as const });

/** Marks a handler that counts the request against a budget (rate-limit.ts). */
export const markSpendsBudget = <H extends RequestHandler>(h: H): H => Object.assign(h, { [SPENDS_BUDGET]: true as const });

/**
 * Refuses, at start, a route that authenticates its caller but spends no budget: every
 * authenticated path is rate-limited (README, Rate limits), and a new one cannot forget
 * it. Checked by `routedUnder` on every router it mounts.
 */
export function unbudgetedRoutes(routes: { path: string; handlers: unknown[] }[]): string[] {
  const marked = (h: unknown, mark: symbol) => typeof h === 'function' && (h as Marked)[mark as typeof AUTHENTICATES] === true;
  return routes.filter((r) => r.handlers.some((h) => marked(h, AUTHENTICATES)) && !r.handlers.some((h) => marked(h, SPENDS_BUDGET))).map((r) => r.path);
}
