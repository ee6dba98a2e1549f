import { authenticator } from 'otplib';
import type { Totp } from '../../domain/accounts/accounts.ports';

const STEP_SECONDS = 30;

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) accepting one step of clock drift either way. */
export class OtplibTotp implements Totp {
  generateSecret() {
    return authenticator.generateSecret(20);
  }
  keyUri(account: string, issuer: string, secret: string) {
    return authenticator.keyuri(account, issuer, secret);
  }
  matchStep(secret: string, code: string, at: Date) {
    const checker = authenticator.clone({ epoch: at.getTime(), window: 1, step: STEP_SECONDS });
    const delta = checker.checkDelta(code, secret);
    if (delta === null) return null;
    return Math.floor(at.getTime() / 1000 / STEP_SECONDS) + delta;
  }
}

/** The current code for a secret: for tests and the ops command line. */
export function totpCode(secret: string, at: Date): string {
  return authenticator.clone({ epoch: at.getTime(), step: STEP_SECONDS }).generate(secret);
}
