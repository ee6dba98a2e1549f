import type { AccountCode, PaymentMethod, SellerBalances } from './ledger.types';
import { PAYMENT_METHODS, PLATFORM_ACCOUNTS } from './ledger.types';

/** Account codes and their meaning. The SQL posting function relies on the same layout. */
export const SELLER_PREFIX = 'seller:';

export const availableAccount = (sellerId: string, method: PaymentMethod): AccountCode => `seller:${sellerId}:available:${method}`;
export const blockedAccount = (sellerId: string): AccountCode => `seller:${sellerId}:blocked`;

export type SellerBucket = keyof SellerBalances;

const BUCKET_OF_METHOD: Record<PaymentMethod, SellerBucket> = { PIX: 'availablePix', BOLETO: 'availableBoleto', CARD: 'availableCard' };

export const bucketOfMethod = (method: PaymentMethod): SellerBucket => BUCKET_OF_METHOD[method];

export type ParsedAccount =
  | { owner: 'seller'; sellerId: string; bucket: SellerBucket }
  | { owner: 'debt'; sellerId: string }
  | { owner: 'platform'; name: string };

/**
 * What a seller owes the platform when a return took more than its balance held
 * (see seller-debt.ts). Its balance is zero or negative. The code does not start with
 * `seller:` on purpose: the wallet row keeps only balances that may never go below
 * zero, and this one is derived from its postings.
 */
export const DEBT_PREFIX = 'debt:';
export const debtAccount = (sellerId: string): AccountCode => `${DEBT_PREFIX}${sellerId}`;

const PLATFORM_CODES = new Set<string>(Object.values(PLATFORM_ACCOUNTS));

/** Parses an account code; null when it is not one the ledger knows. */
export function parseAccount(code: AccountCode): ParsedAccount | null {
  if (PLATFORM_CODES.has(code)) return { owner: 'platform', name: code.slice('platform:'.length) };
  if (code.startsWith(DEBT_PREFIX)) {
    const sellerId = code.slice(DEBT_PREFIX.length);
    return sellerId && !sellerId.includes(':') ? { owner: 'debt', sellerId } : null;
  }
  if (!code.startsWith(SELLER_PREFIX)) return null;
  const rest = code.slice(SELLER_PREFIX.length);
  if (rest.endsWith(':blocked')) {
    const sellerId = rest.slice(0, -':blocked'.length);
    return sellerId && !sellerId.includes(':') ? { owner: 'seller', sellerId, bucket: 'blocked' } : null;
  }
  for (const method of PAYMENT_METHODS) {
    const suffix = `:available:${method}`;
    if (rest.endsWith(suffix)) {
      const sellerId = rest.slice(0, -suffix.length);
      return sellerId && !sellerId.includes(':') ? { owner: 'seller', sellerId, bucket: bucketOfMethod(method) } : null;
    }
  }
  return null;
}

export const isPaymentMethod = (v: unknown): v is PaymentMethod => typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);
