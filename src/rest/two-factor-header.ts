/** The header that carries a current TOTP code on REST writes that need a step-up. */
export const TWO_FACTOR_HEADER = 'X-2FA-Code';
