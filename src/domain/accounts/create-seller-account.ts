import { parseDocument } from '../documents/document';
import { DomainError, validationError } from '../shared/errors';
import type { ApiKeysService } from './api-keys.service';
import type { DeploymentMode, KeyMode } from './accounts.types';
import { checkPassword, normalizeEmail, type IdentityService } from './identity.service';
import { sellerName, type SellerOnboardingService } from './seller-onboarding.service';

export interface SellerAccountInput {
  email: string;
  password: string;
  name: string;
  document: string;
  keyMode: string;
  /** The user is an operator as well (KYC review, fee plans, manual corrections). */
  operator: boolean;
}

/**
 * Everything a new seller account needs, checked before anything is written, so a
 * refused command leaves nothing behind and its corrected retry starts clean.
 */
export function checkSellerAccountInput(input: SellerAccountInput, mode: DeploymentMode): KeyMode {
  normalizeEmail(input.email);
  checkPassword(input.password);
  sellerName(input.name);
  parseDocument(input.document, { allowSandboxMagic: mode === 'sandbox' });
  if (input.keyMode !== 'test' && input.keyMode !== 'live') throw validationError('INVALID_KEY_MODE', 'mode must be test or live');
  // A brand-new user has no 2FA yet, and live keys need it: refuse now rather than after the writes.
  if (input.keyMode === 'live') {
    throw new DomainError('MFA_REQUIRED', 'a live API key needs 2FA, which a new user does not have: create the seller with a test key, enrol 2FA, then create the live key', 'FORBIDDEN');
  }
  return input.keyMode;
}

/** Signs up the user, registers its seller and creates its first API key; run it inside one transaction. */
export async function createSellerAccount(
  s: { identity: IdentityService; sellers: SellerOnboardingService; apiKeys: ApiKeysService },
  input: SellerAccountInput,
  mode: DeploymentMode,
) {
  const keyMode = checkSellerAccountInput(input, mode);
  const user = await s.identity.signUp({ email: input.email, password: input.password, role: input.operator ? 'OPERATOR' : 'USER' });
  const seller = await s.sellers.registerSeller(user, { name: input.name, document: input.document });
  const { key, apiKey } = await s.apiKeys.create(user, keyMode);
  return { user, seller, key, apiKey };
}
