import type { Principal } from '../accounts/accounts.types';
import { parseWith } from '../shared/zod-input';
import { ErasureRequestBody } from './data-request-text';
import type { DataRequest } from './data-subject.types';
import type { ErasureService } from './erasure.service';

export interface RequestErasureRequest {
  principal: Principal;
  /** The body as the client sent it (REST JSON body, GraphQL `{ reason }`); absent is `{}`. */
  input: unknown;
}

/** The request, and whether it is the one already open (asking again answers that one). */
export type RequestErasure = (r: RequestErasureRequest) => Promise<{ request: DataRequest; existing: boolean }>;

/** The user asks for the erasure of its account's personal data. */
export function requestErasureCommand(d: { erasure: Pick<ErasureService, 'request'> }): RequestErasure {
  return async ({ principal, input }) => d.erasure.request(principal, parseWith(ErasureRequestBody, input).reason);
}
