import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER, signCallback } from '../../src/domain/callbacks/signed-callback';
import { rest } from './rest';

/** The headers a payment institution sends with a callback body, signed at `at`. */
export function signedCallbackHeaders(secret: string, body: unknown, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { [CALLBACK_TIMESTAMP_HEADER]: timestamp, [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, timestamp, JSON.stringify(body)) };
}

/** POST /v1/institution/reports as the institution: signed with the app's current callback secret at the app's time. */
export function reportAsInstitution(
  app: { url: string; clock?: { now(): Date }; services: { institutionCallbackSecrets: string[]; clock: { now(): Date } } },
  body: unknown,
  secret = app.services.institutionCallbackSecrets[0]!,
) {
  return rest(app, 'POST', '/v1/institution/reports', { body, headers: signedCallbackHeaders(secret, body, app.services.clock.now()) });
}
