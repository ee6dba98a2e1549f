import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Money } from './money.scalar';
import { apiKeyView, userView, type ApiKeyView, type UserView } from '../../domain/accounts/account-view';
import type { SessionView } from '../../domain/accounts/identity.commands';
import { DEFAULT_FEE_PLAN, type ApiKey, type FeePlan, type Seller, type User } from '../../domain/accounts/accounts.types';

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

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

  static fromView(v: UserView): UserType {
    return Object.assign(new UserType(), { ...v, createdAt: new Date(v.createdAt) });
  }

  static from(u: User): UserType {
    return UserType.fromView(userView(u));
  }
}

@ObjectType('FeePlan')
export class FeePlanType implements FeePlan {
  @Field(() => Int) pixInBasisPoints!: number;
  @Field(() => Money) pixInFixedCents!: number;
  @Field(() => Money) pixInMinimumCents!: number;
  @Field(() => Money) withdrawalFixedCents!: number;
  @Field(() => Money, { description: 'per paid boleto (sandbox)' }) boletoFixedCents!: number;
  @Field(() => Int, { description: 'card payments (sandbox): percentage in basis points' }) cardInBasisPoints!: number;
  @Field(() => Money) cardInFixedCents!: number;
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

  static fromView(v: ApiKeyView): ApiKeyType {
    return Object.assign(new ApiKeyType(), {
      ...v,
      mode: v.mode as KeyModeGql,
      createdAt: new Date(v.createdAt),
      lastUsedAt: dateOrNull(v.lastUsedAt),
      revokedAt: dateOrNull(v.revokedAt),
    });
  }

  static from(k: ApiKey): ApiKeyType {
    return ApiKeyType.fromView(apiKeyView(k));
  }
}

@ObjectType('CreatedApiKey')
export class CreatedApiKeyType {
  @Field(() => String, { description: 'the full key; shown only this once' }) key!: string;
  @Field(() => ApiKeyType) apiKey!: ApiKeyType;
}

@ObjectType('Session')
export class SessionType {
  @Field(() => String, { nullable: true, description: 'send as Authorization: Bearer <token>; null when the session went into the dashboard\'s cookie' })
  token!: string | null;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => UserType) user!: UserType;

  static fromView(v: Omit<SessionView, 'token'> & { token: string | null }): SessionType {
    return Object.assign(new SessionType(), { token: v.token, expiresAt: new Date(v.expiresAt), user: UserType.fromView(v.user) });
  }
}

@ObjectType('TwoFactorEnrolment')
export class TwoFactorEnrolmentType {
  @Field(() => String) secret!: string;
  @Field(() => String) otpauthUri!: string;
  @Field(() => [String], { description: 'single-use codes for signing in without the phone; shown only here, stored as digests' })
  recoveryCodes!: string[];
}
