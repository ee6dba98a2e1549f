import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../../domain/shared/clock';
import { unauthenticated } from '../../domain/accounts/account-errors';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER, verifyCallback, type CallbackRefusal } from '../../domain/callbacks/signed-callback';
import { rawBodyOf } from './json-body';

const WHY: Record<CallbackRefusal, string> = {
  MISSING_SIGNATURE: `callback not signed: send ${CALLBACK_TIMESTAMP_HEADER} and ${CALLBACK_SIGNATURE_HEADER}`,
  MALFORMED_TIMESTAMP: `${CALLBACK_TIMESTAMP_HEADER} must be unix seconds`,
  TIMESTAMP_OUT_OF_WINDOW: `${CALLBACK_TIMESTAMP_HEADER} is too far from the current time`,
  BAD_SIGNATURE: `${CALLBACK_SIGNATURE_HEADER} does not match the body`,
};

/** Every inbound callback route starts with this: the body must be signed by the sender's own secret (signed-callback.ts). */
export function signedCallback(secrets: readonly string[], clock: Clock) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const refusal = verifyCallback({
      secrets,
      timestamp: req.header(CALLBACK_TIMESTAMP_HEADER),
      signature: req.header(CALLBACK_SIGNATURE_HEADER),
      body: rawBodyOf(req),
      now: clock.now(),
    });
    next(refusal ? unauthenticated(WHY[refusal]) : undefined);
  };
}
