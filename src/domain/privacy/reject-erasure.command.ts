import { requireOperator } from '../accounts/account-errors';
import type { User } from '../accounts/accounts.types';
import { requireReason } from './data-request-text';
import type { DataRequest } from './data-subject.types';
import type { ErasureService } from './erasure.service';

export type RejectErasure = (r: { operator: User; requestId: string; reason: unknown }) => Promise<DataRequest>;

/** An operator closes an open erasure request without erasing; the reason is mandatory (checked after the role). */
export function rejectErasureCommand(d: { erasure: Pick<ErasureService, 'reject'> }): RejectErasure {
  return async ({ operator, requestId, reason }) => {
    requireOperator(operator);
    return d.erasure.reject(operator, requestId, requireReason(reason));
  };
}
