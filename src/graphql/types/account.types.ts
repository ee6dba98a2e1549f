import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DEFAULT_FEE_PLAN, type ApiKey, type FeePlan, type Seller, type User } from '../../domain/accounts/accounts.types';

export enum KycStatusGql {
  PENDING_REVIEW = 'PENDING_REVIEW',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
}
registerEnumType(KycStatusGql, { name: 'KycStatus' });

export enum KeyModeGql {
  test = 'test',
  live = 'live',
}
registerEnumType(KeyModeGql, { name: 'KeyMode', description: 'test keys start sk_test_, live keys sk_live_' });

@ObjectType('User')
export class UserType {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => String) role!: string;
  @Field(() => Boolean) twoFactorEnabled!: boolean;
  @Field(() => Date) createdAt!: Date;

  static from(u: User): UserType {
    return Object.assign(new UserType(), {
      id: u.id,
      email: u.email,
      role: u.role,
      twoFactorEnabled: u.totpEnabledAt !== null,
      createdAt: u.createdAt,
    });
  }
}

@ObjectType('FeePlan')
export class FeePlanType implements FeePlan {
  @Field(() => Int) pixInBasisPoints!: number;
  @Field(() => Int) pixInFixedCents!: number;
  @Field(() => Int) pixInMinimumCents!: number;
  @Field(() => Int) withdrawalFixedCents!: number;
  @Field(() => Int, { description: 'per paid boleto (sandbox)' }) boletoFixedCents!: number;
  @Field(() => Int, { description: 'card payments (sandbox): percentage in basis points' }) cardInBasisPoints!: number;
  @Field(() => Int) cardInFixedCents!: number;
}

@ObjectType('Seller')
export class SellerType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) documentType!: string;
  @Field(() => String) documentNumber!: string;
  @Field(() => KycStatusGql) kycStatus!: KycStatusGql;
  @Field(() => FeePlanType) feePlan!: FeePlanType;
  @Field(() => Date) createdAt!: Date;

  static from(s: Seller): SellerType {
    return Object.assign(new SellerType(), { ...s, kycStatus: s.kycStatus as KycStatusGql, feePlan: Object.assign(new FeePlanType(), DEFAULT_FEE_PLAN, s.feePlan) });
  }
}

@ObjectType('Me')
export class MeType {
  @Field(() => UserType, { nullable: true, description: 'null when the caller is an API key' }) user!: UserType | null;
  @Field(() => SellerType, { nullable: true }) seller!: SellerType | null;
  @Field(() => String) credential!: 'session' | 'apiKey';
}

@ObjectType('ApiKey')
export class ApiKeyType {
  @Field(() => ID) id!: string;
  @Field(() => KeyModeGql) mode!: KeyModeGql;
  @Field(() => String) prefix!: string;
  @Field(() => String) last4!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;

  static from(k: ApiKey): ApiKeyType {
    return Object.assign(new ApiKeyType(), {
      id: k.id,
      mode: k.mode as KeyModeGql,
      prefix: k.prefix,
      last4: k.last4,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
    });
  }
}

@ObjectType('CreatedApiKey')
export class CreatedApiKeyType {
  @Field(() => String, { description: 'the full key; shown only this once' }) key!: string;
  @Field(() => ApiKeyType) apiKey!: ApiKeyType;
}

@ObjectType('Session')
export class SessionType {
  @Field(() => String, { description: 'send as Authorization: Bearer <token>' }) token!: string;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => UserType) user!: UserType;
}

@ObjectType('TwoFactorEnrolment')
export class TwoFactorEnrolmentType {
  @Field(() => String) secret!: string;
  @Field(() => String) otpauthUri!: string;
}
