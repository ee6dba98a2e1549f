export type KycStatus = 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
export type UserRole = 'USER' | 'OPERATOR';
export type KeyMode = 'test' | 'live';
export type DeploymentMode = 'sandbox' | 'production';

export interface User {
  id: string;
  email: string;
  passwordHash: string;
  role: UserRole;
  sellerId: string | null;
  /** TOTP secret, encrypted at rest; set while enrolment is pending or active. */
  totpSecretEnc: string | null;
  totpEnabledAt: Date | null;
  /** Last TOTP time step accepted, so a code cannot be replayed in its window. */
  totpLastStep: number | null;
  createdAt: Date;
}

export interface FeePlan {
  /** PIX cash-in fee: percentage in basis points, plus fixed cents, never below minimum. */
  pixInBasisPoints: number;
  pixInFixedCents: number;
  pixInMinimumCents: number;
  /** Fixed fee per withdrawal, in cents. */
  withdrawalFixedCents: number;
  /** Fixed fee per paid boleto, in cents (plans stored before boletos existed use the default). */
  boletoFixedCents?: number;
  /** Card fee: percentage in basis points plus fixed cents (default when absent, as above). */
  cardInBasisPoints?: number;
  cardInFixedCents?: number;
}

export interface Seller {
  id: string;
  name: string;
  documentType: 'CPF' | 'CNPJ';
  documentNumber: string;
  kycStatus: KycStatus;
  feePlan: FeePlan;
  createdAt: Date;
}

export interface ApiKey {
  id: string;
  sellerId: string;
  /** The user who created the key: the credential's owner for 2FA rules. */
  userId: string;
  mode: KeyMode;
  prefix: string;
  last4: string;
  keyHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface Session {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Who is calling: a dashboard user (session) or an API key. */
export type Principal =
  | { kind: 'session'; sessionId: string; user: User; seller: Seller | null }
  | { kind: 'apiKey'; apiKey: ApiKey; user: User; seller: Seller };

export const DEFAULT_FEE_PLAN: Required<FeePlan> = {
  pixInBasisPoints: 99, // 0.99 %
  pixInFixedCents: 0,
  pixInMinimumCents: 1,
  withdrawalFixedCents: 100,
  boletoFixedCents: 300, // R$ 3.00 per paid boleto
  cardInBasisPoints: 399, // 3.99 %
  cardInFixedCents: 0,
};
