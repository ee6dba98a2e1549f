import { z } from 'zod';
import { coded, parseWith } from '../shared/zod-input';
import type { DeliveryStatus } from './webhook.types';

const MAX_TAKE = 100;
const MAX_SKIP = 1_000_000;
export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'EXPIRED', 'FAILED', 'CANCELED', 'HELD'] as const satisfies readonly DeliveryStatus[];

/** `take` / `skip` of the delivery and attempt logs: a number or a numeric string, 400 INVALID_PAGINATION otherwise. */
const pageParam = (field: string, max: number, description: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'number') return v;
      const n = Number(v);
      return Number.isNaN(n) ? v : n;
    },
    z.number(coded('INVALID_PAGINATION', `${field} must be an integer from 0 to ${max}`)).int().min(0).max(max).optional().describe(description),
  );

/** Paging of the attempt logs. */
export const WebhookPageQuery = z.object({
  take: pageParam('take', MAX_TAKE, 'page size, default 20'),
  skip: pageParam('skip', MAX_SKIP, 'offset'),
});

/** Filters and paging of the delivery logs. */
export const DeliveryListQuery = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(DELIVERY_STATUSES, coded('INVALID_DELIVERY_STATUS', `status must be one of ${DELIVERY_STATUSES.join(', ')}`)).optional(),
  ),
  ...WebhookPageQuery.shape,
});

export function parsePage(q: { take?: unknown; skip?: unknown }): { take: number; skip: number } {
  const p = parseWith(WebhookPageQuery, { take: q.take, skip: q.skip });
  return { take: p.take ?? 20, skip: p.skip ?? 0 };
}

export function parseDeliveryList(q: { status?: unknown; take?: unknown; skip?: unknown }): { status?: DeliveryStatus; take: number; skip: number } {
  const p = parseWith(DeliveryListQuery, { status: q.status, take: q.take, skip: q.skip });
  return { status: p.status, take: p.take ?? 20, skip: p.skip ?? 0 };
}
