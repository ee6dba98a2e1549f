import type { User } from '../accounts/accounts.types';
import type { DataRequest } from './data-subject.types';
import type { ErasureService } from './erasure.service';

export type ExecuteErasure = (r: { operator: User; requestId: string }) => Promise<DataRequest>;

/** An operator executes an open erasure request (the service checks the role and the request's state). */
export function executeErasureCommand(d: { erasure: Pick<ErasureService, 'execute'> }): ExecuteErasure {
  return ({ operator, requestId }) => d.erasure.execute(operator, requestId);
}
