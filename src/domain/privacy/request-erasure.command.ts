import type { Principal } from '../accounts/accounts.types';
import { requireApiKeyStepUp, type StepUpDeps } from '../accounts/api-key-step-up';
import { parseWith } from '../shared/zod-input';
import { ErasureRequestBody } from './data-request-text';
import type { DataRequest } from './data-subject.types';
import type { ErasureService } from './erasure.service';

export interface RequestErasureRequest {
  principal: Principal;
  /** The body as the client sent it (REST JSON body, GraphQL `{ reason }`); absent is `{}`. */
  input: unknown;
  /** Through an API key whose owner has 2FA on: a current code. */
  twoFactorCode?: string | null;
  address: string;
}

/** The request, and whether it is the one already open (asking again answers that one). */
export type RequestErasure = (r: RequestErasureRequest) => Promise<{ request: DataRequest; existing: boolean }>;

/** The user asks for the erasure of its account's personal data (through an API key whose owner has 2FA on, with a current code). */
export function requestErasureCommand(d: { erasure: Pick<ErasureService, 'request'> } & StepUpDeps): RequestErasure {
  return async (r) => {
    const { reason } = parseWith(ErasureRequestBody, r.input);
    await requireApiKeyStepUp(d, r);
    return d.erasure.request(r.principal, reason);
  };
}
