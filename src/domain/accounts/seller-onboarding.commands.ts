import type { KycStatus, Seller, User } from './accounts.types';
import { feePlanOf, type FeePlanInput } from './fee-plan-input';
import type { SellerOnboardingService } from './seller-onboarding.service';

export type RegisterSeller = (r: { user: User; input: { name: string; document: string } }) => Promise<Seller>;
export type ReviewSellerKyc = (r: { operator: User; sellerId: string; status: KycStatus }) => Promise<Seller>;
export type SetSellerFeePlan = (r: { operator: User; sellerId: string; input: FeePlanInput }) => Promise<Seller>;

export interface SellerOnboardingCommands {
  /** The seller of the logged-in user; the document is a CPF or CNPJ. */
  registerSeller: RegisterSeller;
  /** Operators only. */
  reviewSellerKyc: ReviewSellerKyc;
  /** Operators only: optional fees left out keep their defaults. */
  setSellerFeePlan: SetSellerFeePlan;
}

/** Seller registration and the operators' KYC review and fee plans (the service checks roles and values). */
export function sellerOnboardingCommands(d: { sellers: Pick<SellerOnboardingService, 'registerSeller' | 'reviewKyc' | 'setFeePlan'> }): SellerOnboardingCommands {
  return {
    registerSeller: ({ user, input }) => d.sellers.registerSeller(user, { name: input.name, document: input.document }),
    reviewSellerKyc: ({ operator, sellerId, status }) => d.sellers.reviewKyc(operator, sellerId, status),
    setSellerFeePlan: ({ operator, sellerId, input }) => d.sellers.setFeePlan(operator, sellerId, feePlanOf(input)),
  };
}
