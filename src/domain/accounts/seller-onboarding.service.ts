import { parseDocument } from '../documents/document';
import { SANDBOX_MAGIC_CPFS } from '../documents/cpf';
import type { Clock } from '../shared/clock';
import { DomainError, validationError } from '../shared/errors';
import type { SellerRepository, TokenService, UserRepository } from './accounts.ports';
import { requireOperator } from './account-errors';
import { DEFAULT_FEE_PLAN, type DeploymentMode, type FeePlan, type KycStatus, type Seller, type User } from './accounts.types';

export interface SellerOnboardingDeps {
  users: UserRepository;
  sellers: SellerRepository;
  tokens: TokenService;
  clock: Clock;
  mode: DeploymentMode;
}

/** A seller's display name, trimmed; 2 to 120 characters. */
export function sellerName(raw: string): string {
  const name = raw.trim();
  if (name.length < 2 || name.length > 120) throw validationError('INVALID_NAME', 'name must have 2 to 120 characters');
  return name;
}

/** Registers a user's seller and decides its KYC status. */
export class SellerOnboardingService {
  constructor(private readonly d: SellerOnboardingDeps) {}

  async registerSeller(user: User, input: { name: string; document: string }): Promise<Seller> {
    if (user.sellerId) throw new DomainError('SELLER_ALREADY_REGISTERED', 'this user already has a seller', 'CONFLICT');
    const name = sellerName(input.name);
    const sandbox = this.d.mode === 'sandbox';
    const doc = parseDocument(input.document, { allowSandboxMagic: sandbox });
    const seller: Seller = {
      id: this.d.tokens.newId(),
      name,
      documentType: doc.type,
      documentNumber: doc.number,
      kycStatus: this.initialKyc(doc.type, doc.number),
      feePlan: { ...DEFAULT_FEE_PLAN },
      createdAt: this.d.clock.now(),
    };
    await this.d.sellers.insertForUser(seller, user.id);
    user.sellerId = seller.id;
    return seller;
  }

  /** Sandbox magic CPFs decide at once; everything else waits for an operator's review. */
  private initialKyc(type: 'CPF' | 'CNPJ', number: string): KycStatus {
    if (this.d.mode === 'sandbox' && type === 'CPF') {
      const magic = SANDBOX_MAGIC_CPFS[number as keyof typeof SANDBOX_MAGIC_CPFS];
      if (magic) return magic;
    }
    return 'PENDING_REVIEW';
  }

  async reviewKyc(operator: User, sellerId: string, status: KycStatus): Promise<Seller> {
    requireOperator(operator);
    const seller = await this.d.sellers.findById(sellerId);
    if (!seller) throw new DomainError('SELLER_NOT_FOUND', 'seller not found', 'NOT_FOUND');
    seller.kycStatus = status;
    await this.d.sellers.update(seller);
    return seller;
  }

  async setFeePlan(operator: User, sellerId: string, plan: FeePlan): Promise<Seller> {
    requireOperator(operator);
    for (const [k, v] of Object.entries(plan).filter(([, v]) => v !== undefined)) {
      if (!Number.isSafeInteger(v) || v < 0) throw validationError('INVALID_FEE_PLAN', `${k} must be a non-negative integer`);
    }
    if (plan.pixInBasisPoints > 10_000) throw validationError('INVALID_FEE_PLAN', 'pixInBasisPoints must be at most 10000');
    if ((plan.cardInBasisPoints ?? 0) > 10_000) throw validationError('INVALID_FEE_PLAN', 'cardInBasisPoints must be at most 10000');
    const seller = await this.d.sellers.findById(sellerId);
    if (!seller) throw new DomainError('SELLER_NOT_FOUND', 'seller not found', 'NOT_FOUND');
    seller.feePlan = { ...plan };
    await this.d.sellers.update(seller);
    return seller;
  }
}
